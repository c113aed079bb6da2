#!/usr/bin/env node
// `npm run test:scale`: the scale-out proof (issue 16). Ensures Debian's PostgreSQL and
// redis-server (apt-get when missing and root), builds the web app only when its build is missing
// or older than its sources (the instances server-render the public pages with it), then runs the
// Vitest suite apps/server/test/scale, which starts the services and the app instances itself
// (test/scale/harness.ts: an S3-compatible server from npm, s3rver, the app instances and a queue
// worker) and stops them, even on failure. Its JSON report joins the others in
// .tmp/test-results for the closing summary (scripts/test-summary.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.tmp/test-results');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(
      `test-scale: ${command} ${args.join(' ')} failed (${result.status ?? result.signal})`,
    );
    process.exit(result.status ?? 1);
  }
}

/** Newest modification time under `rel` (files only), 0 when it does not exist. */
function newest(rel) {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return 0;
  const stat = fs.statSync(abs);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const name of fs.readdirSync(abs)) {
    if (name === 'node_modules' || name === 'dist' || name === 'dist-ssr') continue;
    latest = Math.max(latest, newest(path.join(rel, name)));
  }
  return latest;
}

/** Why the web build must be (re)made, or null when it is newer than everything it is built from. */
function webBuildNeeded() {
  const outputs = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'];
  const missing = outputs.find((file) => !fs.existsSync(path.join(root, file)));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...outputs.map((file) => fs.statSync(path.join(root, file)).mtimeMs));
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'packages/contract/src',
    'package-lock.json',
  ];
  return sources.some((rel) => newest(rel) > built) ? 'its sources changed' : null;
}

run('bash', ['scripts/ensure-services.sh', 'redis', 'postgresql']);
const reason = webBuildNeeded();
if (reason) {
  console.log(`test-scale: building the web app (${reason})`);
  run('npm', ['run', 'build', '-w', '@lumiskin/web']);
}
fs.mkdirSync(results, { recursive: true });
console.log(
  '\n▶ scale: instances and a queue worker on PostgreSQL, Redis and S3, and a per-process control',
);
run(
  'npx',
  [
    'vitest',
    'run',
    '--config',
    'vitest.scale.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(results, 'scale.vitest.json')}`,
  ],
  { cwd: path.join(root, 'apps/server') },
);

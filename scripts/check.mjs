#!/usr/bin/env node
// The static checks of `npm test`: what `npm run lint` and `npm run typecheck` run (ESLint,
// Prettier, knip, the engines check and each workspace's tsc), side by side on every core instead
// of one after another (about 2.7 minutes → 2 on 2 cores; decision 162). Each check prints one
// line when it ends, and a failed one its whole output; the run fails if any check failed, once
// all have ended. The list below is the `lint` script's: change both together.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const rootPackage = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
/** Each workspace's `typecheck` script, as `npm run typecheck --workspaces --if-present` runs it. */
const typechecks = rootPackage.workspaces
  .filter((workspace) => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(root, workspace, 'package.json'), 'utf8'),
    );
    return Boolean(manifest.scripts?.typecheck);
  })
  .map((workspace) => [`tsc ${workspace}`, 'npm', ['run', 'typecheck', '-w', workspace]]);

/** The apps' tsc runs are the longest (about 30 s each here): they start first, never last. */
const checks = [
  ...typechecks.filter(([name]) => name.startsWith('tsc apps/')),
  ['eslint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['prettier', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ...typechecks.filter(([name]) => !name.startsWith('tsc apps/')),
  ['knip', 'npx', ['knip']],
  ['engines', 'node', ['scripts/check-engines.mjs']],
];

function run([name, command, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `${ok ? '✓' : '✖'} ${name} (${seconds} s${ok ? '' : `, exit ${code ?? signal}`})`,
      );
      const text = Buffer.concat(output).toString().trim();
      if (text && !ok) console.log(text);
      resolve(ok);
    });
  });
}

const queue = [...checks];
const slots = Math.max(1, Math.min(os.availableParallelism(), queue.length));
const results = await Promise.all(
  Array.from({ length: slots }, async () => {
    const outcomes = [];
    for (let check = queue.shift(); check; check = queue.shift()) outcomes.push(await run(check));
    return outcomes;
  }),
);
const failed = results.flat().filter((ok) => !ok).length;
if (failed > 0) {
  console.error(`\n✖ ${failed} of ${checks.length} checks failed`);
  process.exit(1);
}
console.log(`\nAll ${checks.length} checks passed`);

#!/usr/bin/env node
// The static checks of `npm test`: each step of the `lint` script (ESLint, Prettier, knip, the
// engines check) and each workspace's `typecheck`, side by side on every core instead of one after
// another (about 2.7 minutes → 2 on 2 cores; decision 162). Each check prints one line when it
// ends, and a failed one its whole output; the run fails if any check failed, once all have ended.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readPackage = (dir) =>
  JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
const rootPackage = readPackage('.');

/** Each workspace's `typecheck` script, as `npm run typecheck --workspaces --if-present` runs it. */
const typechecks = rootPackage.workspaces
  .filter((workspace) => Boolean(readPackage(workspace).scripts?.typecheck))
  .map((workspace) => [`tsc ${workspace}`, `npm run typecheck -w ${workspace}`]);
/** The `lint` script's steps, as written there (`a && b && c`). */
const lintSteps = rootPackage.scripts.lint
  .split('&&')
  .map((step) => step.trim())
  .map((step) => [step, step]);

/** The apps' tsc runs are the longest (about 30 s each here): they start first, never last. */
const checks = [
  ...typechecks.filter(([name]) => name.startsWith('tsc apps/')),
  ...lintSteps,
  ...typechecks.filter(([name]) => !name.startsWith('tsc apps/')),
];
/** The packages' own commands (eslint, prettier, knip), as `npm run` finds them. */
const env = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
};

function run([name, command]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      cwd: root,
      env,
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

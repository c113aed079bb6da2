#!/usr/bin/env node
// Runs the unit and integration suites of every workspace (Vitest), one after another, and keeps a
// JSON report of each in .tmp/test-results/ for the closing summary (scripts/test-summary.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.tmp/test-results');
const workspaces = [
  'packages/contract',
  'packages/skin-engine',
  'packages/skin-advice',
  'apps/server',
  'apps/web',
];

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

for (const workspace of workspaces) {
  const outputFile = path.join(results, `${path.basename(workspace)}.vitest.json`);
  console.log(`\n▶ ${workspace}`);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`],
    { cwd: path.join(root, workspace), stdio: 'inherit' },
  );
  if (run.status !== 0) {
    console.error(`\n✖ ${workspace}: tests failed (exit ${run.status ?? run.signal})`);
    process.exit(run.status ?? 1);
  }
}

#!/usr/bin/env node
// Adds up the JSON reports of the Vitest suites and the Playwright journeys and prints one closing
// line, "N passed, N failed", so a reader (or CI) sees the whole run at a glance.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const results = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.tmp/test-results');
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
for (const file of existsSync(results) ? readdirSync(results).sort() : []) {
  const report = JSON.parse(readFileSync(path.join(results, file), 'utf8'));
  let p = 0;
  let f = 0;
  let s = 0;
  if (file.endsWith('.vitest.json')) {
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = report.numPendingTests + report.numTodoTests;
  } else if (file.endsWith('.playwright.json')) {
    p = report.stats.expected + report.stats.flaky;
    f = report.stats.unexpected;
    s = report.stats.skipped;
  } else continue;
  passed += p;
  failed += f;
  skipped += s;
  lines.push(
    `  ${file.replace(/\.(vitest|playwright)\.json$/, '').padEnd(14)} ${p} passed, ${f} failed`,
  );
}
console.log(`\nTest summary\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

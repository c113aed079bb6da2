// `npm run audit`: checks the lockfile against the advisories the registry serves.
// Exit 0: no advisory at or above moderate; 1: advisories found; 3: the registry does not serve
// advisories (some mirrors answer the bulk endpoint with 405), so nothing could be checked.
import { spawnSync } from 'node:child_process';

const run = spawnSync(
  'npm',
  ['audit', '--json', '--audit-level=moderate', ...process.argv.slice(2)],
  {
    encoding: 'utf8',
  },
);
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}
const unserved = !report || report.error || report.message?.includes('/security/advisories');
if (unserved) {
  const why = report?.message ?? report?.error?.summary ?? run.stderr.trim().split('\n').at(-1);
  console.error(
    `npm run audit: the registry did not serve advisories (${why}).\n` +
      'Nothing was checked. Run it where registry.npmjs.org is reachable directly (decision 021).',
  );
  process.exit(3);
}
const counts = report.metadata?.vulnerabilities ?? {};
const serious = (counts.moderate ?? 0) + (counts.high ?? 0) + (counts.critical ?? 0);
for (const [name, v] of Object.entries(report.vulnerabilities ?? {}))
  console.log(`${v.severity.padEnd(8)} ${name} ${v.range}`);
console.log(`npm run audit: ${JSON.stringify(counts)}`);
process.exit(serious > 0 ? 1 : 0);

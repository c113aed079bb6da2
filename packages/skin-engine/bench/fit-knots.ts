/**
 * Quantile mapping of a score's raw values (calibration work, docs/skin-engine.md "Calibration"):
 *
 *   npm run bench:validity -w @lumiskin/skin-engine -- --half calibration --stability 0 --dump cal.json
 *   node --import tsx bench/fit-knots.ts cal.json fine_lines firmness
 *
 * prints, per metric, the raw values at the calibration half's 2/10/25/50/75/90/98th percentiles
 * mapped to 96/94/91/87/81/73/62 (ageing scores: 96/93/88/82/74/65/54, so the older half of
 * adults reads lower), plus one knot 1.5 × the 50→98 % spread past the 98th percentile at 30
 * (radiance, where higher is healthier, mirrored):
 * the array to paste into CALIBRATION in src/scoring.ts.
 */
import { readFileSync } from 'node:fs';
import { quantile } from './dev-faces';

const AGEING = new Set(['fine_lines', 'firmness']);
/** Raw values where higher is healthier: mapped mirrored (the 98th percentile → 96, …). */
const HIGHER_IS_BETTER = new Set(['radiance']);
const QUANTILES = [0.02, 0.1, 0.25, 0.5, 0.75, 0.9, 0.98];
const TARGETS = [96, 94, 91, 87, 81, 73, 62];
const AGEING_TARGETS = [96, 93, 88, 82, 74, 65, 54];

const [file, ...metrics] = process.argv.slice(2);
if (!file || !metrics.length) {
  console.error('usage: fit-knots.ts DUMP.json METRIC...');
  process.exit(2);
}
const rows = JSON.parse(readFileSync(file, 'utf8')) as Array<{
  refused: string | null;
  raw?: Record<string, number>;
}>;
for (const metric of metrics) {
  const sign = HIGHER_IS_BETTER.has(metric) ? -1 : 1;
  const values = rows
    .filter((r) => !r.refused && typeof r.raw?.[metric] === 'number')
    .map((r) => sign * (r.raw?.[metric] as number));
  const qs = QUANTILES.map((q) => quantile(values, q));
  const targets = AGEING.has(metric) ? AGEING_TARGETS : TARGETS;
  const tail = (qs[6] as number) + 1.5 * ((qs[6] as number) - (qs[3] as number));
  const mapped = [...qs.map((v, i) => [v, targets[i]]), [tail, 30]].map(([v, s]) => [
    sign * (v as number),
    s,
  ]);
  if (sign < 0) mapped.reverse();
  const knots = mapped
    .map(([v, s]) => `    [${Number((v as number).toPrecision(3))}, ${s}],`)
    .join('\n');
  console.log(`  // n = ${values.length}\n  ${metric}: [\n${knots}\n  ],`);
}

/**
 * Quantile mapping of a score's raw values (calibration work, docs/skin-engine.md "Calibration"):
 *
 *   npm run bench:validity -w @lumiskin/skin-engine -- --part calibration --stability 0 --dump cal.json
 *   node --import tsx bench/fit-knots.ts cal.json fine_lines firmness [--part calibration]
 *
 * `--part calibration|check|test|all` keeps only the dump's rows of that part of dev-faces (the
 * three-way split, bench/dev-faces.ts). Here the default is calibration, not check: knots are fitted
 * on the calibration part only, and a dump of another part gives nothing unless asked for (test and
 * all also need --final). A dump without a `part` field (older than the split) is an error.
 *
 * prints, per metric, the raw values at the calibration part's 2/10/25/50/75/90/98th percentiles
 * mapped to 96/94/91/87/81/73/62 (ageing scores: 96/93/88/82/74/65/54, so the older half of
 * adults reads lower), plus one knot 1.5 × the 50→98 % spread past the 98th percentile at 30
 * (radiance, where higher is healthier, mirrored):
 * the array to paste into CALIBRATION in src/scoring.ts.
 */
import { readFileSync } from 'node:fs';
import { partArg, quantile } from './dev-faces';

const AGEING = new Set(['fine_lines', 'firmness']);
/** Raw values where higher is healthier: mapped mirrored (the 98th percentile → 96, …). */
const HIGHER_IS_BETTER = new Set(['radiance']);
const QUANTILES = [0.02, 0.1, 0.25, 0.5, 0.75, 0.9, 0.98];
const TARGETS = [96, 94, 91, 87, 81, 73, 62];
const AGEING_TARGETS = [96, 93, 88, 82, 74, 65, 54];

const PART = partArg(process.argv, 'calibration');
const positional = process.argv
  .slice(2)
  .filter((a, i, all) => a !== '--final' && a !== '--part' && all[i - 1] !== '--part');
const [file, ...metrics] = positional;
if (!file || !metrics.length) {
  console.error('usage: fit-knots.ts DUMP.json METRIC... [--part calibration|check|test|all]');
  process.exit(2);
}
const dumped = JSON.parse(readFileSync(file, 'utf8')) as Array<{
  part?: string;
  refused: string | null;
  raw?: Record<string, number>;
}>;
if (dumped.some((r) => r.part === undefined)) {
  console.error(`${file} has rows without a part (dumped before the three-way split): dump again`);
  process.exit(2);
}
const rows = dumped.filter((r) => PART === 'all' || r.part === PART);
console.log(`// ${rows.length} of ${dumped.length} dumped rows (${PART} part)`);
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

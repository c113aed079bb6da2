import type { MetricKey } from '@lumiskin/contract/analysis';
import {
  ageAdjusted,
  bootstrapCi,
  mean,
  quantile,
  spearman,
  spearmanCi,
  tercileGap,
} from '../dev-faces';
import { bci, f0, f1, f2, scoreOf, TONE_FREE, type Row, type Target } from './common';

const itaOf = (r: Row) => r.result?.skin_tone.ita as number;
const has = (m: MetricKey) => (r: Row) => scoreOf(r, m) !== undefined;

/**
 * The portraits come in studio series (one photographer, camera and light; the delivered size
 * tells them apart): the series of ≥ 8 photos, within which a photo is "under the same light".
 */
export function sameLightSeries(congress: Row[]): Row[][] {
  const series = new Map<string, Row[]>();
  for (const r of congress) series.set(r.size ?? '', [...(series.get(r.size ?? '') ?? []), r]);
  return [...series.values()].filter((s) => s.length >= 8);
}

/** Every score against skin tone (ITA° terciles of the studio portraits). */
export function printTone(congress: Row[], sameLight: Row[][], target: Target) {
  const itaSorted = congress.map((r) => r.result?.skin_tone.ita as number).sort((a, b) => a - b);
  const t1 = quantile(itaSorted, 1 / 3);
  const t2 = quantile(itaSorted, 2 / 3);
  const darker = congress.filter((r) => (r.result?.skin_tone.ita as number) <= t1);
  const lighter = congress.filter((r) => (r.result?.skin_tone.ita as number) > t2);
  console.log(
    `\nscores against skin tone (congress studio portraits; ITA° terciles ≤ ${f1(t1)} / > ${f2(t2)}; target |ρ| ≤ 0.25, |gap| ≤ 3)`,
  );
  // ITA° also moves with the series' exposure and white balance, so the last column is ρ within
  // each studio series of ≥ 8 photos (mean weighted by size): "under the same light".
  console.log(
    `score          ρ(ITA°)  95% CI         darker  95% CI         lighter 95% CI         gap(d−l)  gap 95% CI     ρ within series (${sameLight.length} series, n = ${sameLight.reduce((s, g) => s + g.length, 0)}) 95% CI   age-adjusted gap  95% CI`,
  );
  const meanAge = (rows: Row[]) =>
    mean(rows.filter((r) => r.face.age !== null).map((r) => r.face.age as number));
  console.log(
    `mean age: darker tercile ${f1(meanAge(darker))}, lighter tercile ${f1(meanAge(lighter))}`,
  );
  // Issue 29 accepted issue 11's proposal: where the terciles differ in age, the tone gap is read
  // with age taken out (the ageing scores should read the older group older).
  const ageDiffers = Math.abs(meanAge(darker) - meanAge(lighter)) >= AGE_DIFFERS;
  const toneRho: Array<[MetricKey, number]> = [];
  const toneGap: Array<[MetricKey, number, number]> = [];
  for (const m of TONE_FREE) {
    const scored = congress.filter(has(m));
    const xs = scored.map(itaOf);
    const ys = scored.map((r) => scoreOf(r, m) as number);
    const ci = spearmanCi(xs, ys);
    // The gap's own sampling spread (terciles re-drawn in each resample): at ~130 portraits it
    // is about ±4.5 points (decision 046), wider than the ±3 target itself.
    const gapCi = bootstrapCi(xs.length, (idx) =>
      tercileGap(
        idx.map((i) => xs[i] as number),
        idx.map((i) => ys[i] as number),
      ),
    );
    // The same gap with each score's linear trend in age taken out first (portraits with an age):
    // in this set the darker tercile is years older, and the ageing scores should read that.
    const aged = scored.filter((r) => r.face.age !== null);
    const adjusted = tercileGap(
      aged.map(itaOf),
      ageAdjusted(
        aged.map((r) => r.face.age as number),
        aged.map((r) => scoreOf(r, m) as number),
      ),
    );
    const adjustedCi = bootstrapCi(aged.length, (idx) => {
      const pick = idx.map((i) => aged[i] as Row);
      return tercileGap(
        pick.map(itaOf),
        ageAdjusted(
          pick.map((r) => r.face.age as number),
          pick.map((r) => scoreOf(r, m) as number),
        ),
      );
    });
    const dv = darker.filter(has(m)).map((r) => scoreOf(r, m) as number);
    const lv = lighter.filter(has(m)).map((r) => scoreOf(r, m) as number);
    const d = mean(dv);
    const l = mean(lv);
    const rho = spearman(xs, ys);
    toneRho.push([m, rho]);
    toneGap.push([m, d - l, adjusted]);
    // ρ within each studio series, weighted by the series' size; its interval resamples the
    // photos of every series (each series keeps its own size).
    const withinRho = (groups: Row[][]) => {
      let within = 0;
      let n = 0;
      for (const s of groups) {
        const seriesRho = spearman(
          s.map(itaOf),
          s.map((r) => scoreOf(r, m) as number),
        );
        if (!Number.isFinite(seriesRho)) continue;
        within += seriesRho * s.length;
        n += s.length;
      }
      return n ? within / n : NaN;
    };
    const seriesRows = sameLight.map((all) => all.filter(has(m)));
    const flat = seriesRows.flatMap((g, k) => g.map((r) => [k, r] as const));
    const withinCi = bootstrapCi(flat.length, (idx) => {
      const groups: Row[][] = seriesRows.map(() => []);
      for (const i of idx) {
        const [k, r] = flat[i] as readonly [number, Row];
        (groups[k] as Row[]).push(r);
      }
      return withinRho(groups);
    });
    console.log(
      `${m.padEnd(14)} ${f2(rho).padStart(6)}   [${f2(ci[0])}, ${f2(ci[1])}]`.padEnd(39) +
        `${f1(d).padStart(5)}  ${bci(dv)}`.padEnd(22) +
        `${f1(l).padStart(5)}  ${bci(lv)}`.padEnd(22) +
        `${f1(d - l).padStart(6)}   [${f1(gapCi[0])}, ${f1(gapCi[1])}]`.padEnd(26) +
        `${f2(withinRho(seriesRows)).padStart(6)} [${f2(withinCi[0])}, ${f2(withinCi[1])}]`.padEnd(
          47,
        ) +
        `${f1(adjusted).padStart(6)}  [${f1(adjustedCi[0])}, ${f1(adjustedCi[1])}]`,
    );
  }
  const worstRho = toneRho.reduce((a, b) => (Math.abs(b[1]) > Math.abs(a[1]) ? b : a));
  target(
    '|ρ(score, ITA°)| ≤ 0.25 for every score but tone',
    `largest ${f2(worstRho[1])} (${worstRho[0]})`,
    toneRho.every(([, r]) => Math.abs(r) <= 0.25),
  );
  const judged = (g: number, a: number) => (ageDiffers ? a : g);
  const overGap = toneGap.filter(([, g, a]) => Math.abs(judged(g, a)) > 3);
  const pooledOver = toneGap.filter(([, g]) => Math.abs(g) > 3);
  const largest = (pick: (g: number, a: number) => number) =>
    f1(Math.max(...toneGap.map(([, g, a]) => Math.abs(pick(g, a)))));
  target(
    `darker − lighter tercile gap ≤ 3 for every score but tone${ageDiffers ? ` (age-adjusted: the terciles' mean ages differ by ≥ ${AGE_DIFFERS} years)` : ''}`,
    (overGap.length
      ? `over 3: ${overGap.map(([m, g, a]) => `${m} ${f1(judged(g, a))}`).join(', ')}`
      : `largest ${largest(judged)}`) +
      (ageDiffers
        ? `; not age-adjusted: ${pooledOver.length ? `over 3: ${pooledOver.map(([m, g]) => `${m} ${f1(g)}`).join(', ')}` : `largest ${largest((g) => g)}`}`
        : ''),
    overGap.length === 0,
  );
}

/** Terciles whose mean ages differ by this many years are compared with age taken out. */
const AGE_DIFFERS = 5;

/**
 * Terciles average the ends away: the darker tercile reaches far into the middle of the range.
 * Mean score per ITA° bin shows what the darkest and the palest skin get (decision 050).
 */
export function printItaBins(congress: Row[]) {
  const edges = [-Infinity, 10, 25, 40, 52, 62, Infinity];
  const bins = edges
    .slice(1)
    .map((hi, i) => congress.filter((r) => itaOf(r) > (edges[i] as number) && itaOf(r) <= hi));
  console.log(
    `\nmean score by ITA° bin (congress studio portraits; n = ${bins.map((b) => b.length).join(' / ')}; not a target: the ends the terciles hide)`,
  );
  console.log(
    `score          ${['≤ 10', '10–25', '25–40', '40–52', '52–62', '> 62'].map((h) => `${h} [95% CI]`.padStart(18)).join('')}   max − min`,
  );
  for (const m of TONE_FREE) {
    const values = bins.map((b) => b.filter(has(m)).map((r) => scoreOf(r, m) as number));
    const means = values.map(mean);
    const finite = means.filter((v) => Number.isFinite(v));
    console.log(
      `${m.padEnd(14)} ${values.map((v) => `${f1(mean(v))} ${v.length > 1 ? bci(v, mean, f0) : ''}`.padStart(18)).join('')}   ${f1(Math.max(...finite) - Math.min(...finite)).padStart(6)}`,
    );
  }
}

import type { AnalysisResult } from '../../src/engine';
import { bootstrapCi, mean, r2OfLeastSquares } from '../dev-faces';
import { f2, type Row } from './common';

/**
 * Exposure-free tone cues (decision 055). Fine lines, firmness, texture and radiance are read
 * against the skin's lightness (tone fairness), and a photo's exposure moves that lightness too.
 * An exposure-free cue to the skin's tone would undo it; these are the cues the photo has, and how
 * much of the skin's lightness across people each explains (studio portraits; the sclera within
 * each studio series).
 */
export function printToneCues(congress: Row[], sameLight: Row[][]) {
  const linearY = (L: number) => ((L + 16) / 116) ** 3;
  const feats = congress.map((r) => {
    const res = r.result as AnalysisResult;
    let L = 0;
    let a = 0;
    let b = 0;
    let n = 0;
    for (const m of Object.values(res.measurements)) {
      L += m.L * m.pixels;
      a += m.a * m.pixels;
      b += m.b * m.pixels;
      n += m.pixels;
    }
    L /= n;
    return { y: res.capture.exposure, x: [1, a / n / (L + 16), b / n / (L + 16)] };
  });
  const r2 = r2OfLeastSquares(
    feats.map((f) => f.x),
    feats.map((f) => f.y),
  );
  const r2Ci = bootstrapCi(feats.length, (idx) =>
    r2OfLeastSquares(
      idx.map((i) => feats[i]?.x as number[]),
      idx.map((i) => feats[i]?.y as number),
    ),
  );
  const sclera = (r: Row) => {
    const wb = (r.result as unknown as { debug?: { whitePoint?: { sclera?: number[] | null } } })
      .debug?.whitePoint?.sclera;
    return wb ? 0.2126 * (wb[0] ?? 0) + 0.7152 * (wb[1] ?? 0) + 0.0722 * (wb[2] ?? 0) : 0;
  };
  let sdSclera = 0;
  let sdSkin = 0;
  let nSeries = 0;
  for (const g of sameLight) {
    const withSclera = g.filter((r) => sclera(r) > 0);
    if (withSclera.length < 8) continue;
    const sd = (v: number[]) => {
      const m = mean(v);
      return Math.sqrt(mean(v.map((x) => (x - m) ** 2)));
    };
    sdSclera += withSclera.length * sd(withSclera.map((r) => Math.log(sclera(r))));
    sdSkin +=
      withSclera.length *
      sd(withSclera.map((r) => Math.log(linearY((r.result as AnalysisResult).capture.exposure))));
    nSeries += withSclera.length;
  }
  console.log(
    `\nexposure-free tone cues (decision 055; studio portraits, n = ${feats.length}): the skin's chromaticity (a*, b* over L* + 16) explains R² ${f2(r2)} [${f2(r2Ci[0])}, ${f2(r2Ci[1])}] of its median L* across people; within a studio series the sclera's log luminance spreads ${f2(sdSclera / Math.max(1, nSeries))} against the skin's own ${f2(sdSkin / Math.max(1, nSeries))} (n = ${nSeries}), so neither can stand in for the exposure`,
  );
  printLightSpread(sameLight);
}

/**
 * The white point's own noise (decision 195): within a studio series (one image size: one camera
 * and light) the estimated light should not vary from face to face, so its spread there is the
 * estimator's noise (with the eye whites' own colour, which no estimator removes). Pooled sd of
 * log R/G and log B/G of `capture.white_point` over the series, with its bootstrap interval.
 */
function printLightSpread(sameLight: Row[][]) {
  const series = sameLight.map((g) =>
    g.map((r) => (r.result as AnalysisResult).capture.white_point).filter((w) => w[1] > 0),
  );
  const pooled = (channel: 0 | 2, pick: (s: number, n: number) => number[]) => {
    let ss = 0;
    let df = 0;
    series.forEach((wp, s) => {
      const v = pick(s, wp.length).map((i) => Math.log((wp[i] as number[])[channel] as number));
      if (v.length < 2) return;
      const m = mean(v);
      ss += v.reduce((a, x) => a + (x - m) ** 2, 0);
      df += v.length - 1;
    });
    return df > 0 ? Math.sqrt(ss / df) : NaN;
  };
  const f3 = (v: number) => v.toFixed(3);
  const all = (_s: number, n: number) => Array.from({ length: n }, (_, i) => i);
  const n = series.reduce((a, wp) => a + wp.length, 0);
  // The portraits resampled as one pool, each read within its own series (a series' light is its
  // own); 1,000 draws, fixed seed.
  const ci = (channel: 0 | 2) =>
    bootstrapCi(n, (idx) => {
      let k = 0;
      const bySeries = series.map((wp) => {
        const start = k;
        k += wp.length;
        return idx.filter((i) => i >= start && i < k).map((i) => i - start);
      });
      return pooled(channel, (s) => bySeries[s] as number[]);
    });
  const [rLo, rHi] = ci(0);
  const [bLo, bHi] = ci(2);
  console.log(
    `the light's estimate within a studio series (decision 195; ${series.length} series, n = ${n}): sd of log R/G ${f3(pooled(0, all))} [${f3(rLo)}, ${f3(rHi)}], log B/G ${f3(pooled(2, all))} [${f3(bLo)}, ${f3(bHi)}] (the estimator's noise under one light)`,
  );
}

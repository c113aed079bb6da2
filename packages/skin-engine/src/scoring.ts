import { COMPREHENSIVE_METRICS, type MetricKey, type RegionKey } from '@lumiskin/contract/analysis';
import type { SkinType } from '@lumiskin/contract/auth';
import type { RegionMeasurements } from './metrics/measure';

/**
 * Raw measurement → 0-100 score. Each metric has a piecewise-linear calibration: a list of
 * (raw, score) knots, interpolated linearly and clamped at both ends. The knots were set so that
 * the clear, healthy reference portraits score in the high 80s/90s and each step of visibly
 * worse skin costs points (docs/skin-engine.md lists them with the reasoning).
 */
export type Calibration = ReadonlyArray<readonly [raw: number, score: number]>;

export function piecewiseLinear(raw: number, knots: Calibration): number {
  const first = knots[0];
  const last = knots[knots.length - 1];
  if (!first || !last) return 0;
  if (raw <= first[0]) return first[1];
  if (raw >= last[0]) return last[1];
  for (let k = 1; k < knots.length; k++) {
    const [x1, y1] = knots[k] as readonly [number, number];
    const [x0, y0] = knots[k - 1] as readonly [number, number];
    if (raw <= x1) return y0 + ((raw - x0) / (x1 - x0)) * (y1 - y0);
  }
  return last[1];
}

export function toScore(value: number): number {
  return Math.max(0, Math.min(100, Math.round(value)));
}

/** Which zones each metric reads, with their weights (area-weighted within a zone). */
export const METRIC_REGIONS: Record<MetricKey, Partial<Record<RegionKey, number>>> = {
  acne: { forehead: 1, left_cheek: 1, right_cheek: 1, nose: 1, chin: 1 },
  oiliness: { forehead: 1, nose: 1, chin: 1, left_cheek: 0.5, right_cheek: 0.5 },
  redness: { forehead: 1, left_cheek: 1, right_cheek: 1, nose: 1, chin: 1 },
  texture: { forehead: 1, left_cheek: 1, right_cheek: 1, nose: 0.5, chin: 1 },
  dark_spots: { forehead: 1, left_cheek: 1, right_cheek: 1, nose: 1, chin: 1 },
  radiance: { forehead: 1, left_cheek: 1, right_cheek: 1 },
  hydration: { forehead: 1, left_cheek: 1, right_cheek: 1, chin: 1 },
  pores: { left_cheek: 1, right_cheek: 1, nose: 1 },
  fine_lines: { forehead: 1, under_eyes: 1 },
  uneven_tone: { forehead: 1, left_cheek: 1, right_cheek: 1, chin: 1 },
  dark_circles: { under_eyes: 1 },
  blackheads: { nose: 1 },
  sensitivity: { left_cheek: 1, right_cheek: 1, nose: 1 },
  firmness: { left_cheek: 1, right_cheek: 1, chin: 1 },
};

/** Metrics the photo cannot show directly: reported as estimates from documented proxies. */
export const ESTIMATED_METRICS: ReadonlySet<MetricKey> = new Set([
  'hydration',
  'sensitivity',
  'firmness',
]);

/** How a zone's raw value is read for each measured metric (derived metrics have none). */
/** `allowance` is the darker-skin a* allowance (rednessAllowance in metrics/measure.ts). */
type RawReader = (m: RegionMeasurements, allowance: number) => number;
const RAW: Partial<Record<MetricKey, RawReader>> = {
  acne: (m) => m.blemishes,
  oiliness: (m) => m.shine_pct,
  redness: (m, allowance) => m.a - allowance + 0.3 * m.red_area_pct,
  texture: (m) => m.roughness,
  dark_spots: (m) => m.dark_spot_density,
  radiance: (m) => m.chroma + 0.1 * (m.L - 50) - 0.5 * m.tone_sd_L,
  pores: (m) => m.pore_density,
  fine_lines: (m) => m.line_pct,
  uneven_tone: (m) => Math.sqrt(m.tone_sd_L ** 2 + (1.5 * m.tone_sd_b) ** 2),
  blackheads: (m) => m.blackheads,
  sensitivity: (m) => m.diffuse_red_pct,
  firmness: (m) => m.fold_strength,
};

export const CALIBRATION: Record<Exclude<MetricKey, 'hydration'>, Calibration> = {
  // Blemish count on the face (sum over zones).
  acne: [
    [0, 96],
    [1, 91],
    [3, 82],
    [6, 68],
    [10, 54],
    [20, 32],
    [40, 10],
  ],
  // % specular skin (T-zone weighted).
  oiliness: [
    [0, 96],
    [2, 91],
    [5, 84],
    [10, 72],
    [18, 55],
    [30, 30],
  ],
  // Mean a* minus the darker-skin allowance (+0.3 × % of pixels above a* 17 + allowance).
  redness: [
    [8, 96],
    [11, 90],
    [14, 80],
    [17, 67],
    [20, 54],
    [25, 34],
    [32, 12],
  ],
  // RMS of L* fine high-pass.
  texture: [
    [0.5, 96],
    [0.8, 91],
    [1.2, 81],
    [1.8, 67],
    [2.8, 48],
    [4.5, 24],
  ],
  // Dark spots per 10,000 skin pixels (≈ 36 cm²).
  dark_spots: [
    [0, 96],
    [2, 90],
    [5, 80],
    [10, 65],
    [20, 44],
    [40, 18],
  ],
  // Radiance index: chroma + 0.1·(L* − 50) − 0.5·low-pass σ(L*).
  radiance: [
    [6, 45],
    [10, 58],
    [14, 70],
    [18, 80],
    [22, 87],
    [26, 92],
    [32, 96],
  ],
  // Fine dark blobs per 1,000 skin pixels.
  pores: [
    [0, 96],
    [1, 90],
    [3, 78],
    [6, 62],
    [10, 45],
    [18, 22],
  ],
  // % of skin on fine dark valleys (forehead, under-eyes).
  fine_lines: [
    [2, 96],
    [5, 89],
    [9, 77],
    [15, 61],
    [25, 40],
    [40, 16],
  ],
  // √(σL² + (1.5·σb)²) of low-pass colour, detrended.
  uneven_tone: [
    [2, 96],
    [4, 90],
    [6, 81],
    [9, 66],
    [13, 47],
    [18, 26],
  ],
  // L*(cheeks) − L*(under-eyes).
  dark_circles: [
    [2, 95],
    [5, 88],
    [8, 78],
    [12, 63],
    [17, 45],
    [24, 22],
  ],
  // Blackhead count on the nose.
  blackheads: [
    [0, 96],
    [2, 90],
    [5, 78],
    [10, 60],
    [20, 38],
    [35, 18],
  ],
  // % of cheek/nose skin with low-pass a* above 16.
  sensitivity: [
    [0, 94],
    [5, 86],
    [15, 72],
    [30, 55],
    [55, 35],
    [80, 18],
  ],
  // Mean coarse valley strength (folds) on cheeks/chin.
  firmness: [
    [0.1, 94],
    [0.25, 88],
    [0.4, 78],
    [0.6, 64],
    [0.9, 46],
    [1.3, 28],
  ],
};

/** Metrics summed (counts) rather than averaged across zones. */
const SUMMED: ReadonlySet<MetricKey> = new Set(['acne', 'blackheads']);

export interface MetricResult {
  score: number;
  raw: number;
  regionScores: Partial<Record<RegionKey, number>>;
}

function weightedRaw(
  metric: MetricKey,
  regions: Record<RegionKey, RegionMeasurements>,
  allowance: number,
): number {
  const read = RAW[metric];
  if (!read) return 0;
  if (SUMMED.has(metric)) {
    let total = 0;
    for (const r of Object.keys(METRIC_REGIONS[metric]) as RegionKey[])
      total += read(regions[r], allowance);
    return total;
  }
  let sum = 0;
  let weight = 0;
  for (const [r, w] of Object.entries(METRIC_REGIONS[metric]) as Array<[RegionKey, number]>) {
    const m = regions[r];
    if (m.pixels < 30) continue; // zone hidden (hair, turned head): skip rather than guess
    sum += w * m.pixels * read(m, allowance);
    weight += w * m.pixels;
  }
  return weight ? sum / weight : 0;
}

export const OVERALL_WEIGHTS: Record<MetricKey, number> = {
  acne: 1.2,
  oiliness: 0.8,
  redness: 1,
  texture: 1,
  dark_spots: 1,
  radiance: 0.8,
  hydration: 0.6,
  pores: 0.8,
  fine_lines: 0.8,
  uneven_tone: 1,
  dark_circles: 0.6,
  blackheads: 0.6,
  sensitivity: 0.5,
  firmness: 0.5,
};

/** Scores every metric (all 14 are computed; the analysis type decides which are reported). */
export function scoreMetrics(
  regions: Record<RegionKey, RegionMeasurements>,
  rednessAllowance = 0,
): Record<MetricKey, MetricResult> {
  const out = {} as Record<MetricKey, MetricResult>;
  for (const metric of COMPREHENSIVE_METRICS) {
    if (metric === 'hydration' || metric === 'dark_circles') continue;
    const knots = CALIBRATION[metric];
    const read = RAW[metric];
    const raw = weightedRaw(metric, regions, rednessAllowance);
    const regionScores: Partial<Record<RegionKey, number>> = {};
    for (const r of Object.keys(METRIC_REGIONS[metric]) as RegionKey[]) {
      if (read && regions[r].pixels >= 30)
        regionScores[r] = toScore(piecewiseLinear(read(regions[r], rednessAllowance), knots));
    }
    out[metric] = { score: toScore(piecewiseLinear(raw, knots)), raw, regionScores };
  }
  // Dark circles: under-eye lightness against the cheeks.
  const cheekL = weightedMean([regions.left_cheek, regions.right_cheek], (m) => m.L);
  const circles = Math.max(0, cheekL - regions.under_eyes.L);
  const circleScore = toScore(piecewiseLinear(circles, CALIBRATION.dark_circles));
  out.dark_circles = {
    score: circleScore,
    raw: circles,
    regionScores: { under_eyes: circleScore },
  };
  // Hydration (estimate): dehydrated skin looks rough, dull and finely lined; the proxy blends
  // those three scores. It cannot see water content; docs/skin-engine.md says so.
  const hydrationRaw =
    0.5 * out.texture.score + 0.3 * out.radiance.score + 0.2 * out.fine_lines.score;
  const hydrationRegions: Partial<Record<RegionKey, number>> = {};
  for (const r of Object.keys(METRIC_REGIONS.hydration) as RegionKey[]) {
    const t = out.texture.regionScores[r];
    if (t !== undefined)
      hydrationRegions[r] = toScore(
        0.5 * t +
          0.3 * (out.radiance.regionScores[r] ?? out.radiance.score) +
          0.2 * out.fine_lines.score,
      );
  }
  out.hydration = {
    score: toScore(hydrationRaw),
    raw: hydrationRaw,
    regionScores: hydrationRegions,
  };
  return out;
}

function weightedMean(ms: RegionMeasurements[], read: (m: RegionMeasurements) => number): number {
  let sum = 0;
  let n = 0;
  for (const m of ms) {
    sum += m.pixels * read(m);
    n += m.pixels;
  }
  return n ? sum / n : 0;
}

/** Weighted mean of the reported scores (weights in OVERALL_WEIGHTS), rounded. */
export function overallScore(scores: Partial<Record<MetricKey, number>>): number {
  let sum = 0;
  let weight = 0;
  for (const [metric, score] of Object.entries(scores) as Array<[MetricKey, number]>) {
    sum += OVERALL_WEIGHTS[metric] * score;
    weight += OVERALL_WEIGHTS[metric];
  }
  return weight ? toScore(sum / weight) : 0;
}

/**
 * Skin type from the measurements (used when the profile has none): shine distribution between
 * the T-zone and the cheeks (Baumann skin typing's oily/dry axis), plus diffuse redness for
 * "sensitive" and roughness/dullness for "dry".
 */
export function estimateSkinType(
  regions: Record<RegionKey, RegionMeasurements>,
  results: Record<MetricKey, MetricResult>,
): SkinType {
  const tZone = weightedMean([regions.forehead, regions.nose, regions.chin], (m) => m.shine_pct);
  const cheeks = weightedMean([regions.left_cheek, regions.right_cheek], (m) => m.shine_pct);
  if (results.sensitivity.score < 60 && results.redness.score < 70) return 'sensitive';
  if (results.oiliness.score < 72 && cheeks >= 0.6 * tZone) return 'oily';
  if (tZone >= 2 && tZone > 2 * cheeks + 0.5) return 'combination';
  if (results.hydration.score < 70 || (tZone < 0.3 && results.texture.score < 75)) return 'dry';
  return 'normal';
}

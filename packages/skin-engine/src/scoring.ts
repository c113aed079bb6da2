import type { MetricKey, RegionKey } from '@lumiskin/contract/analysis';
import { COMPREHENSIVE_METRICS } from '@lumiskin/contract/constants';
import type { SkinType } from '@lumiskin/contract/auth';
import { LESION_ZONES } from './metrics/marks';
import type { RegionMeasurements } from './metrics/zones';

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
  acne: Object.fromEntries(LESION_ZONES.map((r) => [r, 1])),
  oiliness: { forehead: 1, nose: 1, chin: 1, left_cheek: 0.5, right_cheek: 0.5 },
  redness: { forehead: 1, left_cheek: 1, right_cheek: 1, nose: 1, chin: 1 },
  // Not the chin (decision 129): stubble and beard shadow that the hair weight leaves in read as a
  // rough surface there (the chin alone: women − men 8.7 on the calibration part).
  texture: { forehead: 1, left_cheek: 1, right_cheek: 1, nose: 0.5 },
  // Not the nose: its relief shades its sides into spot-like patches (decision 057).
  dark_spots: { forehead: 1, left_cheek: 1, right_cheek: 1, chin: 1 },
  radiance: { forehead: 1, left_cheek: 1, right_cheek: 1 },
  hydration: { forehead: 1, left_cheek: 1, right_cheek: 1, chin: 1 },
  pores: { left_cheek: 1, right_cheek: 1, nose: 1 },
  // Forehead lines are the ones a smile does not make (decision 038): under-eye and cheek lines
  // come with every smile at any age (and cheeks with glasses' rims and stubble), so they are left out.
  fine_lines: { forehead: 1 },
  uneven_tone: { forehead: 1, left_cheek: 1, right_cheek: 1, chin: 1 },
  dark_circles: { under_eyes: 1 },
  // Comedones are counted on the face the acne grading counts them on: every lesion zone (decision
  // 127; the T-zone from 057, the nose alone before).
  blackheads: Object.fromEntries(LESION_ZONES.map((r) => [r, 1])),
  sensitivity: { left_cheek: 1, right_cheek: 1, nose: 1 },
  firmness: { left_cheek: 1, right_cheek: 1 },
};

/** Metrics the photo cannot show directly: reported as estimates from documented proxies. */
export const ESTIMATED_METRICS: ReadonlySet<MetricKey> = new Set([
  'hydration',
  'sensitivity',
  'firmness',
]);

/** What the scores may know of the face besides its zones: its skin tone (ITA°). */
export interface ScoreContext {
  ita: number;
}

/**
 * Skin chroma expected for a skin tone under neutral light, piecewise linear in ITA°:
 * C*ab ≈ c0 + c1·ITA° + c2·min(ITA° − hinge, 0). Chroma rises with melanin from the palest skin
 * to ITA° ≈ 20 and falls again in the darkest skin (decision 050). Fitted on the calibration half
 * of the studio portraits (least squares; the hinge at the breakpoint with the least residual,
 * residual σ 4.9; the straight line before it, 32.0 − 0.131·ITA°, left σ 5.7 and scored the
 * darkest and palest skin 10–20 points low). Below the darkest calibration portrait it stays
 * flat rather than follow the dark segment's slope into tones it was not fitted on. Radiance
 * compares the skin's chroma with it, so a more or less saturated complexion is not "more
 * radiant" by its tone alone.
 */
export const EXPECTED_CHROMA = {
  c0: 39.47,
  c1: -0.279,
  c2: 0.622,
  hinge: 20,
  /** Darkest tone the fit saw (calibration half's darkest portrait: ITA° −15.4): not extrapolated. */
  floor: -15,
} as const;

export function expectedChroma(ita: number): number {
  const { c0, c1, c2, hinge, floor } = EXPECTED_CHROMA;
  const t = Math.max(floor, ita);
  return c0 + c1 * t + c2 * Math.min(t - hinge, 0);
}

/**
 * Radiance = vividness (chroma above the tone's expected chroma) − RADIANCE_EVENNESS × the
 * blotchiness of the diffuse skin's lightness (σ of low-pass L*, tone_sd_L): dull skin reads
 * greyer and less even. 4 gives both terms the same weight on the calibration half (the ratio of
 * their standard deviations over the photos, 5.5 chroma units vs 1.3 L* units), so neither decides alone; the unevenness term
 * does not depend on the light's colour, which halves the effect of a colour cast.
 */
export const RADIANCE_EVENNESS = 4;

/**
 * Fine lines read the mean fine valley strength (fine_valley, σ 2.05) and the coarse folds
 * (fold_strength, σ 3.3) of the same zones, each in L* units; a fold adds FOLD_WEIGHT × its
 * strength. 1: the two medians on the calibration half's foreheads are about equal (0.135 / 0.127, each clipped at LINE_CAP), so
 * both count alike (decision 038).
 */
export const FOLD_WEIGHT = 1;

/**
 * Skin area of one working pixel in cm² (≈ 0.6 mm square: WORK_FACE_HEIGHT). Lesions are counted
 * per 100 cm² of measured skin, so a face half hidden by a beard or a fringe is not "clearer".
 */
export const CM2_PER_PX = 0.0036;

/** Lesions per 100 cm² of a zone's measured skin. */
function perArea(count: number, pixels: number): number {
  return pixels > 0 ? (100 * count) / (pixels * CM2_PER_PX) : 0;
}

/** How a zone's raw value is read for each measured metric (derived metrics have none). */
type RawReader = (m: RegionMeasurements, ctx: ScoreContext) => number;
const RAW: Partial<Record<MetricKey, RawReader>> = {
  acne: (m) => perArea(m.blemishes, m.acne_pixels),
  oiliness: (m) => m.shine_pct,
  redness: (m) => m.delta_a + 0.3 * m.red_area_pct,
  texture: (m) => m.roughness,
  dark_spots: (m) => m.dark_spot_density,
  radiance: (m, ctx) => m.chroma - expectedChroma(ctx.ita) - RADIANCE_EVENNESS * m.tone_sd_L,
  pores: (m) => m.pore_depth,
  fine_lines: (m) => m.fine_valley + FOLD_WEIGHT * m.line_fold,
  uneven_tone: (m) => Math.sqrt(m.tone_sd_L ** 2 + (1.5 * m.tone_sd_b) ** 2),
  blackheads: (m) => perArea(m.blackheads, m.pixels),
  sensitivity: (m) => m.diffuse_red_pct,
  firmness: (m) => m.fold_depth,
};

/**
 * The knots. Continuous measures (texture, pores, tone, shine, redness, lines, folds, spots,
 * radiance, dark circles) were fitted by quantile mapping on the calibration half of the
 * development portraits (the old two-way split; since issue 29 the calibration part of the
 * three-way split: bench/validity.ts --part calibration --dump; docs/skin-engine.md):
 * the raw values at the population's 2/10/25/50/75/90/98th percentiles map to 96/94/91/87/81/73/62
 * (ageing measures: 96/93/88/82/74/65/54, so the older half of adults reads lower), and one
 * more knot at 1.5 × the 50→98 % spread past the 98th percentile maps to 30. Lesion densities
 * (acne, blackheads) keep physical knots: a score says how many lesions were found per area.
 */
export const CALIBRATION: Record<Exclude<MetricKey, 'hydration'>, Calibration> = {
  // Inflammatory lesions per 100 cm² of the skin they are read on (decision 057). Since decision
  // 157 that is the zones' skin and the lower cheeks and jawline beside the cheeks: ≈ 1.21 × the
  // zones' alone (median of the calibration part, p10–p90 1.10–1.29), ≈ 109 cm² on a typical adult
  // face, so 1.09 × raw is the count on such a face and the knots below are decision 057's divided
  // by 1.21: the same number of lesions on a face reads the same score. Anchored to the Hayashi
  // grading (Hayashi et al. 2008; counts on one half of the face): mild 1–5 per half face (≤ 10 on
  // the face, raw ≤ 9.1) reads 93 → 62, moderate 6–20 (≤ 40, raw ≤ 36.4) down to 35, severe 21–50
  // (≤ 100, raw ≤ 91.7) down to 18, very severe below.
  acne: [
    [0, 96],
    [0.91, 93],
    [1.82, 90],
    [3.64, 83],
    [6.45, 73],
    [9.09, 62],
    [18.2, 48],
    [36.4, 35],
    [91.7, 18],
    [183.5, 8],
  ],
  // % specular skin (T-zone weighted). Physical knots, about 2 points per 1 % of shiny skin at the good end (a quantile fit was steeper than a 5 % exposure change allows).
  oiliness: [
    [0, 96],
    [2, 92],
    [5, 86],
    [10, 76],
    [18, 60],
    [30, 38],
  ],
  // Δa* of the zones over the face's baseline, + 0.3 × % of red-patch pixels.
  redness: [
    [1.37, 96],
    [2.0, 94],
    [2.99, 91],
    [5.5, 87],
    [8.36, 81],
    [10.11, 73],
    [13.61, 62],
    [25.78, 30],
  ],
  // RMS of the fine band (G₀.₈ − G₂.₀₅) of L* on the skin's own contrast (cs^½), decision 051. No
  // chin since decision 129, knots kept: re-fitted they were steeper and re-saves moved it more.
  texture: [
    [0.274, 96],
    [0.343, 94],
    [0.507, 91],
    [0.62, 87],
    [0.725, 81],
    [0.92, 73],
    [1.49, 62],
    [2.81, 30],
  ],
  // Dark spots per 10,000 skin pixels (≈ 36 cm²), soft count. Physical knots: one spot in a typical face costs about 1.5 points.
  dark_spots: [
    [0, 96],
    [1, 93],
    [2, 90],
    [4, 84],
    [8, 72],
    [15, 55],
    [30, 30],
  ],
  // Chroma above the tone's expected chroma − RADIANCE_EVENNESS × low-pass σ(L*) of the diffuse skin.
  radiance: [
    [-54.3, 30],
    [-31.5, 62],
    [-24.2, 73],
    [-20.5, 81],
    [-16.2, 87],
    [-12.8, 91],
    [-9.04, 94],
    [-4.44, 96],
  ],
  // Dark-dot response at ≈ 1.5 mm on the skin's own contrast (contrastScale^PORE_TONE_GAMMA)
  // above PORE_FLOOR, clipped at PORE_CAP, per 1,000 skin pixels (pore_depth). Fitted on the
  // calibration part, decision 110 (n = 144; decision 045 before).
  pores: [
    [0.0923, 96],
    [0.92, 94],
    [2.64, 91],
    [7.44, 87],
    [16.7, 81],
    [38.2, 73],
    [128, 62],
    [308, 30],
  ],
  // Mean fine valley strength + FOLD_WEIGHT × coarse fold strength on the forehead, away from
  // hair. Fitted on the calibration half, decision 038.
  fine_lines: [
    [0.09, 96],
    [0.118, 93],
    [0.198, 88],
    [0.264, 82],
    [0.315, 74],
    [0.368, 65],
    [0.483, 54],
    [0.811, 30],
  ],
  // √(σL² + (1.5·σb)²) of the diffuse skin's low-pass colour, detrended.
  uneven_tone: [
    [2.59, 96],
    [3.1, 94],
    [3.82, 91],
    [4.46, 87],
    [5.37, 81],
    [5.99, 73],
    [7.71, 62],
    [12.6, 30],
  ],
  // L*(cheeks above the nose tip) − L*(under-eyes), plain L*.
  dark_circles: [
    [0.0, 96],
    [0.0, 94],
    [1.8, 91],
    [3.33, 87],
    [5.53, 81],
    [7.26, 73],
    [11.3, 62],
    [23.3, 30],
  ],
  // Comedones per 100 cm² of the lesion zones' measured skin (decision 127). Those zones measure
  // ≈ 85 cm² on the calibration part's portraits (median; p10–p90 71–98), so 0.85 × raw is the
  // count on such a face. Anchored to the comedone counts of the acne grading of Lehmann et al.
  // (JAAD 2002; whole face): mild < 20 comedones reads 96 → 65 (the acne scale's mild end is 62),
  // moderate 20–100 down to 36, severe > 100 below. Each of the first few costs about 2 points.
  blackheads: [
    [0, 96],
    [1.2, 94],
    [3.5, 90],
    [7, 85],
    [12, 79],
    [24, 65],
    [59, 50],
    [118, 36],
    [235, 22],
  ],
  // % of cheek/nose skin whose low-pass a* exceeds the face's diffuse baseline by 3.5, each pixel
  // counted by a ramp over ± 3 a* (decision 049). Fitted on the calibration half, decision 049.
  sensitivity: [
    [19.2, 96],
    [29.7, 94],
    [41.3, 91],
    [50.3, 87],
    [61.1, 81],
    [69.5, 73],
    [82, 62],
    [130, 30],
  ],
  // Mean coarse valley strength clipped at FOLD_CAP (folds) on the cheeks, FOLD_TONE_GAMMA ½.
  // Fitted on the calibration part, decision 110 (decision 038 before).
  firmness: [
    [0.0499, 96],
    [0.0696, 93],
    [0.0968, 88],
    [0.142, 82],
    [0.179, 74],
    [0.225, 65],
    [0.272, 54],
    [0.468, 30],
  ],
};

export interface MetricResult {
  score: number;
  raw: number;
  regionScores: Partial<Record<RegionKey, number>>;
}

function weightedRaw(
  metric: MetricKey,
  regions: Record<RegionKey, RegionMeasurements>,
  ctx: ScoreContext,
): number {
  const read = RAW[metric];
  if (!read) return 0;
  let sum = 0;
  let weight = 0;
  for (const [r, w] of Object.entries(METRIC_REGIONS[metric]) as Array<[RegionKey, number]>) {
    const m = regions[r];
    if (m.pixels < 30) continue; // zone hidden (hair, turned head): skip rather than guess
    // Acne counts per area of the skin its lesions are read on (a cheek's with its jawline, 157).
    const px = metric === 'acne' ? m.acne_pixels : m.pixels;
    sum += w * px * read(m, ctx);
    weight += w * px;
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
  fine_lines: 1,
  uneven_tone: 1,
  dark_circles: 0.6,
  blackheads: 0.6,
  sensitivity: 0.5,
  firmness: 0.5,
};

/** Scores every metric (all 14 are computed; the analysis type decides which are reported). */
export function scoreMetrics(
  regions: Record<RegionKey, RegionMeasurements>,
  ctx: ScoreContext = { ita: 41 },
): Record<MetricKey, MetricResult> {
  const out = {} as Record<MetricKey, MetricResult>;
  for (const metric of COMPREHENSIVE_METRICS) {
    if (metric === 'hydration' || metric === 'dark_circles') continue;
    const knots = CALIBRATION[metric];
    const read = RAW[metric];
    const raw = weightedRaw(metric, regions, ctx);
    const regionScores: Partial<Record<RegionKey, number>> = {};
    for (const r of Object.keys(METRIC_REGIONS[metric]) as RegionKey[]) {
      if (read && regions[r].pixels >= 30)
        regionScores[r] = toScore(piecewiseLinear(read(regions[r], ctx), knots));
    }
    out[metric] = { score: toScore(piecewiseLinear(raw, knots)), raw, regionScores };
  }
  // Dark circles: under-eye lightness against the adjacent cheek skin (above the nose tip), in
  // plain L*: an equal ΔL* is an equally visible shadow whatever the skin's own lightness.
  const cheekL = weightedMean([regions.left_cheek, regions.right_cheek], (m) => m.upper_L);
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
  /** False when redness could not be read (clipped colour, decision 054): never "sensitive" then. */
  rednessMeasured = true,
): SkinType {
  const tZone = weightedMean([regions.forehead, regions.nose, regions.chin], (m) => m.shine_pct);
  const cheeks = weightedMean([regions.left_cheek, regions.right_cheek], (m) => m.shine_pct);
  if (rednessMeasured && results.sensitivity.score < 60 && results.redness.score < 70)
    return 'sensitive';
  if (results.oiliness.score < 72 && cheeks >= 0.6 * tZone) return 'oily';
  if (tZone >= 2 && tZone > 2 * cheeks + 0.5) return 'combination';
  if (results.hydration.score < 70 || (tZone < 0.3 && results.texture.score < 75)) return 'dry';
  return 'normal';
}

import { z } from 'zod';
import './plain-errors';
import { COMPREHENSIVE_METRICS, REGIONS } from './constants';

/**
 * The skin analysis vocabulary shared by the skin engine, the server and the web app.
 * Score keys are snake_case (the spec's clients show underscores as spaces).
 */

// The engine's vocabulary lives in ./constants (no zod), so the engine's worker carries no zod
// (decision 143); it is exported here too.
export {
  COMPREHENSIVE_METRICS,
  QUICK_METRICS,
  REGIONS,
  scoreBand,
  type ScoreBand,
} from './constants';

export const MetricKey = z.enum(COMPREHENSIVE_METRICS);
export type MetricKey = z.infer<typeof MetricKey>;

export const METRIC_LABELS: Record<MetricKey, string> = {
  acne: 'Acne',
  oiliness: 'Oiliness',
  redness: 'Redness',
  texture: 'Texture',
  dark_spots: 'Dark spots',
  radiance: 'Radiance',
  hydration: 'Hydration',
  pores: 'Pores',
  fine_lines: 'Fine lines',
  uneven_tone: 'Even tone',
  dark_circles: 'Dark circles',
  blackheads: 'Blackheads',
  sensitivity: 'Sensitivity',
  firmness: 'Firmness',
};

export const ANALYSIS_TYPES = ['quick', 'comprehensive'] as const;
export const AnalysisType = z.enum(ANALYSIS_TYPES);
export type AnalysisType = z.infer<typeof AnalysisType>;

/** Concern chips on the scan screen (docs/product-rules.md#scan). */
export const SCAN_CONCERNS = [
  'acne',
  'oiliness',
  'dryness',
  'sensitivity',
  'aging',
  'hyperpigmentation',
  'redness',
  'texture',
] as const;
export const ScanConcern = z.enum(SCAN_CONCERNS);
export type ScanConcern = z.infer<typeof ScanConcern>;

/** Multi-angle capture (docs/product-rules.md#scan): 0 front, 1 left profile, 2 right profile. */
export const CAPTURE_ANGLES = ['front', 'left', 'right'] as const;
export const CaptureAngle = z.enum(CAPTURE_ANGLES);
export type CaptureAngle = z.infer<typeof CaptureAngle>;

export const RegionKey = z.enum(REGIONS);
export type RegionKey = z.infer<typeof RegionKey>;

/** A zone's name as a label (a heading, a list of zones). */
export const REGION_LABELS: Record<RegionKey, string> = {
  forehead: 'Forehead',
  left_cheek: 'Left cheek',
  right_cheek: 'Right cheek',
  nose: 'Nose',
  chin: 'Chin',
  under_eyes: 'Under-eyes',
};

/** A zone's name inside a sentence ("seen most on the left cheek"). */
export const REGION_WORDS: Record<RegionKey, string> = {
  forehead: 'forehead',
  left_cheek: 'left cheek',
  right_cheek: 'right cheek',
  nose: 'nose',
  chin: 'chin',
  under_eyes: 'under-eye area',
};

/**
 * The profile's five scores (docs/product-rules.md#profile: acne, oiliness, dullness, hydration,
 * texture). The engine measures dullness as its opposite, radiance, so radiance stands in for it.
 */
export const PROFILE_METRICS = [
  'acne',
  'oiliness',
  'radiance',
  'hydration',
  'texture',
] as const satisfies readonly MetricKey[];

/** A point in image pixel coordinates. */
export const Point = z.tuple([z.number(), z.number()]);
export const RegionOutline = z.object({
  region: RegionKey,
  /** One or more closed polygons, in the analysed image's pixel coordinates. */
  polygons: z.array(z.array(Point)),
});
export type RegionOutline = z.infer<typeof RegionOutline>;

export const Finding = z.object({
  metric: MetricKey,
  score: z.number().int().min(0).max(100),
  band: z.enum(['good', 'fair', 'poor']),
  /** Plain-English sentence, never alarming, never medical. */
  summary: z.string(),
  /** Zones where it was seen most. */
  regions: z.array(RegionKey),
  /** 0-1: how far the number can be trusted for this photo (e.g. redness on darker skin). */
  confidence: z.number().min(0).max(1),
  /** True where the photo cannot show the quantity directly (hydration, firmness). */
  estimated: z.boolean(),
});
export type Finding = z.infer<typeof Finding>;
/** A finding as the engine measures it: skin-advice adds the sentence (describe.ts). */
export const MeasuredFinding = Finding.omit({ summary: true });
export type MeasuredFinding = z.infer<typeof MeasuredFinding>;

// ---- Environment (climate) ----

export const Environment = z.object({
  /** Clear-sky UV index at the moment of the scan (0 at night). */
  uv_index: z.number().nullable(),
  /**
   * The day's clear-sky peak at the place (its solar noon): what a morning sunscreen is chosen
   * for, since an evening scan's "0" says nothing about tomorrow's sun. Absent on scans stored
   * before it was kept (2026-12-05).
   */
  uv_index_max: z.number().nullable().optional(),
  uv_level: z.enum(['low', 'moderate', 'high', 'very_high', 'extreme']).nullable(),
  season: z.enum(['spring', 'summer', 'autumn', 'winter', 'tropical']).nullable(),
  hemisphere: z.enum(['northern', 'southern']).nullable(),
  humidity: z.number().nullable(),
  temperature_c: z.number().nullable(),
  /** Where the humidity/temperature came from: 'live' weather adapter, or 'unknown'. */
  weather_source: z.enum(['live', 'unknown']),
});
export type Environment = z.infer<typeof Environment>;

// ---- Formulations: bases and boosters (docs/product-rules.md#mix) ----

export const BASE_IDS = ['aquahydra', 'sebobalance', 'barrierrepair'] as const;
export const BaseId = z.enum(BASE_IDS);
export type BaseId = z.infer<typeof BaseId>;

export const BOOSTER_IDS = [
  'clearcomplex',
  'brightradiance',
  'calmbarrier',
  'renewlift',
  'eventone',
  'texturerefine',
] as const;
export const BoosterId = z.enum(BOOSTER_IDS);
export type BoosterId = z.infer<typeof BoosterId>;

export const TimeOfUse = z.enum(['AM', 'PM', 'AM/PM']);
export type TimeOfUse = z.infer<typeof TimeOfUse>;

export const RoutineStep = z.object({
  step: z.number().int(),
  kind: z.enum([
    'cleanser',
    'toner',
    'base',
    'booster',
    'serum',
    'moisturizer',
    'sunscreen',
    'treatment',
  ]),
  name: z.string(),
  /** Product id when the step is one of ours (base or booster). */
  product_id: z.string().nullable(),
  instruction: z.string(),
  reason: z.string(),
});
export type RoutineStep = z.infer<typeof RoutineStep>;

export const Routine = z.object({
  morning: z.array(RoutineStep),
  evening: z.array(RoutineStep),
});
export type Routine = z.infer<typeof Routine>;

export const Recommendation = z.object({
  base: z.object({ id: BaseId, name: z.string(), reason: z.string() }),
  boosters: z
    .array(
      // Any booster of the database catalogue, not only the built-in six (decision 032).
      z.object({ id: z.string(), name: z.string(), time_of_use: TimeOfUse, reason: z.string() }),
    )
    .max(2),
  skin_type: z.enum(['normal', 'dry', 'oily', 'combination', 'sensitive']),
  skin_type_source: z.enum(['profile', 'estimated']),
  spf: z.number().int(),
  notes: z.array(z.string()),
  see_dermatologist: z.boolean(),
});
export type Recommendation = z.infer<typeof Recommendation>;

// ---- What the engine counted, what it left out, and the capture conditions ----

/** A counted mark: centre x, y and radius r, in the analysed image's pixels. */
export const Mark = z.tuple([z.number(), z.number(), z.number()]);
export type Mark = z.infer<typeof Mark>;

/** Why skin inside a zone was not measured. */
export const EXCLUSION_REASONS = ['beard', 'hair', 'glasses', 'not_skin'] as const;
export const ExclusionReason = z.enum(EXCLUSION_REASONS);
export type ExclusionReason = z.infer<typeof ExclusionReason>;
export const EXCLUSION_LABELS: Record<ExclusionReason, string> = {
  beard: 'Beard or stubble',
  hair: 'Hair',
  glasses: 'Glasses',
  not_skin: 'Shadow or not skin',
};

/**
 * Where each counted finding is, so people (and support) can see why a score is what it is.
 * Compact: marks are [x, y, r], lines are polylines, excluded areas are polygons; all in the
 * analysed (stored) photo's pixel coordinates.
 */
export const Overlays = z.object({
  blemishes: z.array(Mark),
  dark_spots: z.array(Mark),
  blackheads: z.array(Mark),
  lines: z.array(z.array(Point)),
  excluded: z.array(z.object({ reason: ExclusionReason, polygons: z.array(z.array(Point)) })),
});
export type Overlays = z.infer<typeof Overlays>;

/** A zone part of which was not measured, and the sentence that says so. */
export const ZoneNote = z.object({
  region: RegionKey,
  reason: ExclusionReason,
  /** Share of the zone left out, 0-1. */
  share: z.number().min(0).max(1),
  message: z.string(),
});
export type ZoneNote = z.infer<typeof ZoneNote>;
/** A zone note as the engine measures it: skin-advice adds the sentence (describe.ts). */
export const MeasuredZoneNote = ZoneNote.omit({ message: true });
export type MeasuredZoneNote = z.infer<typeof MeasuredZoneNote>;

/** A metric the photo did not show enough skin for: no score is given for it. */
export const UnmeasuredMetric = z.object({ metric: MetricKey, reason: z.string() });
export type UnmeasuredMetric = z.infer<typeof UnmeasuredMetric>;
/**
 * Why the engine gave a metric no score: too little skin showed in its zones, or the camera
 * clipped the skin's colour (decision 054).
 */
export const UnmeasuredCause = z.enum(['skin_hidden', 'colour_clipped']);
export type UnmeasuredCause = z.infer<typeof UnmeasuredCause>;
/** An unmeasured metric as the engine reports it: skin-advice writes the reason (describe.ts). */
export const MeasuredUnmeasuredMetric = z.object({ metric: MetricKey, cause: UnmeasuredCause });
export type MeasuredUnmeasuredMetric = z.infer<typeof MeasuredUnmeasuredMetric>;

export const WHITE_POINT_SOURCES = ['eyes_teeth', 'skin_locus', 'none'] as const;

/**
 * How the photo was taken, as far as the pixels tell: the light's colour (estimated white point,
 * linear RGB with green = 1, before correction), the face's lightness, its size and sharpness.
 * Two scans whose conditions differ a lot are not compared as if the skin had changed.
 */
/**
 * How coarsely the photo's file compressed its colour, when it is a JPEG whose headers say
 * (decision 171): `chroma_step` is the chroma quantisation step at the face's scale, and
 * `lesion_factor` (1–3) how many inflammatory lesions the acne score counts per one found, for
 * those the compression hid (beyond what a clear face reads anyway, decision 173: the score counts
 * at most lesion_factor × those found).
 */
export const CaptureCompression = z.object({
  chroma_step: z.number().min(0).max(100_000),
  lesion_factor: z.number().min(1).max(3),
});

export const CaptureConditions = z.object({
  white_point: z.tuple([z.number(), z.number(), z.number()]),
  white_point_source: z.enum(WHITE_POINT_SOURCES),
  /** Size of the colour correction applied (0 = neutral light), in CIELAB-like units. */
  cast: z.number(),
  /** Median L* (0-100) of the face's skin after colour correction. */
  exposure: z.number(),
  /** Forehead-to-chin distance in image pixels. */
  face_px: z.number(),
  sharpness: z.number(),
  /**
   * Share (0–1) of the measured skin where the camera clipped a channel (the red of fair skin in
   * bright light). Over one half, redness and sensitivity are not reported. Absent on older scans.
   */
  clipped: z.number().min(0).max(1).optional(),
  /** CaptureCompression; absent for camera frames, PNG and WebP, and on older scans. */
  compression: CaptureCompression.optional(),
});
export type CaptureConditions = z.infer<typeof CaptureConditions>;

/**
 * From this lesion factor on, the acne score says that the photo's compression hid small blemishes
 * and that it counts those (decision 171): below it the count moved by less than a quarter.
 */
export const COMPRESSION_NOTE_FROM = 1.25;

/** The sentence under the acne score of a photo whose file compressed its colour heavily. */
export function compressionNote(lesionFactor: number): string {
  const more = Math.round((lesionFactor - 1) * 100);
  return (
    `This photo was saved with strong compression, which hides small blemishes: the score also ` +
    `counts those it likely hid (up to ${more}% more than the marks show). A sharper photo, saved at ` +
    `full quality, shows them directly.`
  );
}

/** Limits beyond which two scans' capture conditions are "different light" (docs/skin-engine.md). */
export const COMPARABLE_LIMITS = {
  /** Angle between the two white points' chromaticities, in degrees of rg-chromaticity direction × size. */
  whitePoint: 0.06,
  /** Difference of skin median L*. */
  exposure: 8,
  /** Ratio of face sizes. */
  faceSize: 2,
  /** Ratio of sharpness values. */
  sharpness: 2.5,
} as const;

/**
 * Whether two scans were taken in conditions close enough that a change of score is the skin's:
 * `null` when either scan has no recorded conditions (older scans), otherwise `{ comparable,
 * reasons }` with the conditions that differ.
 */
export function compareCaptures(
  a: CaptureConditions | null | undefined,
  b: CaptureConditions | null | undefined,
): { comparable: boolean; reasons: Array<'light' | 'exposure' | 'distance' | 'focus'> } | null {
  if (!a || !b) return null;
  const reasons: Array<'light' | 'exposure' | 'distance' | 'focus'> = [];
  const chroma = (w: readonly [number, number, number]) => {
    const s = w[0] + w[1] + w[2] || 1;
    return [w[0] / s, w[2] / s] as const;
  };
  const [ar, ab] = chroma(a.white_point);
  const [br, bb] = chroma(b.white_point);
  if (Math.hypot(ar - br, ab - bb) > COMPARABLE_LIMITS.whitePoint) reasons.push('light');
  if (Math.abs(a.exposure - b.exposure) > COMPARABLE_LIMITS.exposure) reasons.push('exposure');
  const ratio = (x: number, y: number) => Math.max(x, y) / Math.max(1e-6, Math.min(x, y));
  if (ratio(a.face_px, b.face_px) > COMPARABLE_LIMITS.faceSize) reasons.push('distance');
  if (ratio(a.sharpness, b.sharpness) > COMPARABLE_LIMITS.sharpness) reasons.push('focus');
  return { comparable: reasons.length === 0, reasons };
}

/**
 * Points a score moves per L* of the skin's median lightness (`capture.exposure`) when only the
 * camera's exposure changes. The contrast measures are read against the skin's own lightness
 * (tone fairness), and one photo cannot tell a dimmer exposure from darker skin, so these move
 * with the exposure (decision 055). Fitted through 0 on the calibration half's ±10 % exposure
 * variants (`npm run bench:validity -w @lumiskin/skin-engine -- --part calibration`); a metric not
 * listed moved less than 0.4 points per L*, under 3 points within `COMPARABLE_LIMITS.exposure`.
 */
export const EXPOSURE_POINTS_PER_L: Partial<Record<MetricKey, number>> = {
  fine_lines: -0.7,
  firmness: -0.7,
  radiance: 0.6,
  texture: -0.4,
};

/** The smallest shift the exposure alone is said to explain (the trends' old 2-point resolution). */
export const EXPOSURE_SHIFT_POINTS = 2;

/**
 * Whether the exposure difference between two otherwise comparable scans could alone have made
 * `change` (current − earlier score) of `metric`: the shift it predicts is at least
 * EXPOSURE_SHIFT_POINTS and in the change's direction. A change against the predicted direction
 * is the skin's despite the light. False when either scan has no recorded conditions.
 */
export function exposureExplains(
  metric: MetricKey,
  change: number,
  current: CaptureConditions | null | undefined,
  earlier: CaptureConditions | null | undefined,
): boolean {
  const slope = EXPOSURE_POINTS_PER_L[metric];
  if (!slope || !current || !earlier || change === 0) return false;
  const predicted = slope * (current.exposure - earlier.exposure);
  return Math.abs(predicted) >= EXPOSURE_SHIFT_POINTS && Math.sign(predicted) === Math.sign(change);
}

// ---- Measurement methods: which definition of a metric measured a score (decision 037) ----

/**
 * The version of the method (definition and calibration) that measured each metric of a scan.
 * The skin engine bumps a metric's number whenever its definition or knots change
 * (`METRIC_METHODS` in packages/skin-engine/src/methods.ts). 0 marks a score the optional external
 * skin API gave in place of ours. Two scores of a metric measured with different methods do not
 * measure the same thing, so they are never differenced.
 */
export const MetricMethods = z.record(MetricKey, z.number().int().min(0).max(10_000));
export type MetricMethods = z.infer<typeof MetricMethods>;

/** Scans stored before methods were recorded were all measured with the first methods. */
export const LEGACY_METHODS: MetricMethods = Object.fromEntries(
  COMPREHENSIVE_METRICS.map((m) => [m, 1]),
) as MetricMethods;

/** The method of `metric` in a scan (scans without recorded methods: 1). */
export function methodOf(methods: Partial<MetricMethods> | null | undefined, metric: MetricKey) {
  return methods?.[metric] ?? 1;
}

/** What a person reads where a change is not shown because the method changed. */
export const METHOD_CHANGED_NOTE =
  'Measured with an updated method — not comparable with earlier scans';

interface MeasuredScan {
  scores: Partial<Record<MetricKey, number>>;
  methods?: Partial<MetricMethods> | null | undefined;
}

/** Whether `metric` was measured the same way in both scans. */
export function sameMethod(a: MeasuredScan, b: MeasuredScan, metric: MetricKey): boolean {
  return methodOf(a.methods, metric) === methodOf(b.methods, metric);
}

/**
 * The metrics scored in either scan whose methods differ. The overall score is a weighted mean of
 * the reported metrics, so it is comparable only when this is empty.
 */
export function methodChanges(a: MeasuredScan, b: MeasuredScan): MetricKey[] {
  const scored = new Set([...Object.keys(a.scores), ...Object.keys(b.scores)] as MetricKey[]);
  return COMPREHENSIVE_METRICS.filter((m) => scored.has(m) && !sameMethod(a, b, m));
}

/**
 * The change of `metric` from `previous` to `current`: null when either scan lacks the score or
 * the two were measured with different methods (then there is no change to report, only values).
 */
export function metricChange(
  current: MeasuredScan,
  previous: MeasuredScan,
  metric: MetricKey,
): number | null {
  const a = current.scores[metric];
  const b = previous.scores[metric];
  if (a === undefined || b === undefined || !sameMethod(current, previous, metric)) return null;
  return a - b;
}

import { z } from 'zod';

/**
 * The skin analysis vocabulary shared by the skin engine, the server and the web app.
 * Score keys are snake_case (the spec's clients show underscores as spaces).
 */

/** Quick analysis: 7 concerns (spec §9). */
export const QUICK_METRICS = [
  'acne',
  'oiliness',
  'redness',
  'texture',
  'dark_spots',
  'radiance',
  'hydration',
] as const;

/** Comprehensive analysis adds 7 more: 14 in all (spec §9). */
export const COMPREHENSIVE_METRICS = [
  ...QUICK_METRICS,
  'pores',
  'fine_lines',
  'uneven_tone',
  'dark_circles',
  'blackheads',
  'sensitivity',
  'firmness',
] as const;

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

/** Concern chips on the scan screen (spec §3 "Scan concern ids"). */
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

/** Multi-angle capture (spec §4): 0 front, 1 left profile, 2 right profile. */
export const CAPTURE_ANGLES = ['front', 'left', 'right'] as const;
export const CaptureAngle = z.enum(CAPTURE_ANGLES);
export type CaptureAngle = z.infer<typeof CaptureAngle>;

/** Face zones the engine measures; outlines are returned so the app can draw them. */
export const REGIONS = [
  'forehead',
  'left_cheek',
  'right_cheek',
  'nose',
  'chin',
  'under_eyes',
] as const;
export const RegionKey = z.enum(REGIONS);
export type RegionKey = z.infer<typeof RegionKey>;

/** Score colour bands (spec §9): >=80 good (green), >=60 fair (yellow/amber), else poor (red). */
export type ScoreBand = 'good' | 'fair' | 'poor';
export function scoreBand(score: number): ScoreBand {
  if (score >= 80) return 'good';
  if (score >= 60) return 'fair';
  return 'poor';
}

/** Trend against the previous value (spec §4): |diff| < 2 is "no change". */
export const TREND_NO_CHANGE_THRESHOLD = 2;
export function trend(current: number, previous: number | null | undefined) {
  if (previous == null) return { kind: 'none' as const, diff: 0 };
  const diff = current - previous;
  if (Math.abs(diff) < TREND_NO_CHANGE_THRESHOLD) return { kind: 'same' as const, diff };
  return { kind: diff > 0 ? ('up' as const) : ('down' as const), diff };
}

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

// ---- Environment (climate) ----

export const Environment = z.object({
  uv_index: z.number().nullable(),
  uv_level: z.enum(['low', 'moderate', 'high', 'very_high', 'extreme']).nullable(),
  season: z.enum(['spring', 'summer', 'autumn', 'winter', 'tropical']).nullable(),
  hemisphere: z.enum(['northern', 'southern']).nullable(),
  humidity: z.number().nullable(),
  temperature_c: z.number().nullable(),
  /** Where the humidity/temperature came from: 'live' weather adapter, or 'unknown'. */
  weather_source: z.enum(['live', 'unknown']),
});
export type Environment = z.infer<typeof Environment>;

// ---- Formulations: bases and boosters (spec §3) ----

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
      z.object({ id: BoosterId, name: z.string(), time_of_use: TimeOfUse, reason: z.string() }),
    )
    .max(2),
  skin_type: z.enum(['normal', 'dry', 'oily', 'combination', 'sensitive']),
  skin_type_source: z.enum(['profile', 'estimated']),
  spf: z.number().int(),
  notes: z.array(z.string()),
  see_dermatologist: z.boolean(),
});
export type Recommendation = z.infer<typeof Recommendation>;

import type { MetricKey } from './analysis';

/**
 * Trends: when a score's change between two scans is a change (decision 089,
 * docs/product-rules.md#trends).
 */

/** What a change is shown for: one metric, the overall score, or the profile's five-score average. */
export type NoiseKey = MetricKey | 'overall' | 'profile';

/**
 * How far each score moves when nothing about the skin changed (decision 089): the 90th percentile
 * of |Δ| when the same portrait is re-taken (JPEG q85 re-save, ±5 % exposure, a small framing
 * change, the camera path), rounded up, at least 2 points. Measured on the calibration part of the
 * development portraits with `npm run bench:noise -w @lumiskin/skin-engine`, for the method set
 * `methods` and each metric's `method`: the engine's methods test fails when a method changes and
 * its band was not measured again. A change of at most the band reads "No change".
 */
export const NOISE_BANDS = {
  methods: '2026-12-03/195',
  metrics: {
    acne: { method: 22, points: 2 },
    oiliness: { method: 8, points: 2 },
    redness: { method: 6, points: 2 },
    texture: { method: 6, points: 2 },
    dark_spots: { method: 23, points: 2 },
    radiance: { method: 10, points: 2 },
    hydration: { method: 14, points: 2 },
    pores: { method: 7, points: 2 },
    fine_lines: { method: 5, points: 2 },
    uneven_tone: { method: 9, points: 2 },
    dark_circles: { method: 5, points: 2 },
    blackheads: { method: 9, points: 2 },
    sensitivity: { method: 7, points: 2 },
    firmness: { method: 6, points: 2 },
  },
  overall: 2,
  profile: 2,
} as const satisfies {
  methods: string;
  metrics: Record<MetricKey, { method: number; points: number }>;
  overall: number;
  profile: number;
};

/**
 * The noise band of a score, in points. Two scans measured with an older method of a metric use
 * the band measured for its current method: the app never differences two methods (decision 037),
 * and a method change is a recalibration, not a new source of noise.
 */
export function noiseBand(key: NoiseKey): number {
  if (key === 'overall' || key === 'profile') return NOISE_BANDS[key];
  return NOISE_BANDS.metrics[key].points;
}

/**
 * A score's change against an earlier one (docs/product-rules.md#trends): within the score's noise
 * band it is "same" (no change); outside it, the difference in points, up or down. `none` when
 * there is nothing to compare with.
 */
export function trend(current: number, previous: number | null | undefined, key: NoiseKey) {
  if (previous == null) return { kind: 'none' as const, diff: 0 };
  const diff = current - previous;
  if (Math.abs(diff) <= noiseBand(key)) return { kind: 'same' as const, diff };
  return { kind: diff > 0 ? ('up' as const) : ('down' as const), diff };
}

import type { MetricKey } from '@lumiskin/contract/analysis';

/**
 * The version of each metric's measurement method: its definition (what is read, from which
 * zones, how it is combined) and its calibration knots (scoring.ts). Bump a metric's number
 * whenever either changes, and bump ENGINE_METHOD_VERSION with it: stored scans keep the numbers
 * that measured them, and the app never differences two scores of a metric measured with
 * different numbers (decision 037). `test/methods.test.ts` pins each number to a fingerprint of
 * the metric's knots, zones and constants, so a change that forgets the bump fails there; it also
 * reads the method table in docs/skin-engine.md, which must give the same numbers.
 *
 * Why each number is what it is (the change and the measurements behind it):
 * docs/skin-engine-calibration-log.md#method-numbers.
 */
export const METRIC_METHODS: Readonly<Record<MetricKey, number>> = {
  acne: 22,
  oiliness: 8,
  redness: 6,
  texture: 6,
  dark_spots: 23,
  radiance: 10,
  hydration: 14,
  pores: 7,
  fine_lines: 5,
  uneven_tone: 9,
  dark_circles: 5,
  blackheads: 9,
  sensitivity: 7,
  firmness: 6,
};

/**
 * The engine's method set as a whole, for logs and the bench: the date of the last change of any
 * metric's method and the decision that made it.
 */
export const ENGINE_METHOD_VERSION = '2026-12-03/195';

import type { MetricKey } from '@lumiskin/contract/analysis';

/**
 * The version of each metric's measurement method: its definition (what is read, from which
 * zones, how it is combined) and its calibration knots (scoring.ts). Bump a metric's number
 * whenever either changes, and bump ENGINE_METHOD_VERSION with it: stored scans keep the numbers
 * that measured them, and the app never differences two scores of a metric measured with
 * different numbers (decision 037). `test/methods.test.ts` pins each number to a fingerprint of
 * the metric's knots, zones and constants, so a change that forgets the bump fails there.
 *
 * History:
 * - 1: every metric as of decision 014 / issue 11's first engine (all scans stored before
 *   methods were recorded read as 1).
 * - 2 (decision 036): even tone and radiance read the diffuse skin's plain L*∕b*, dark circles
 *   against the upper cheek in plain L*, knots re-fitted; hydration blends radiance, so it moved too.
 * - fine lines 2, firmness 2, hydration 3 (decision 038): fine lines read continuous fine + coarse
 *   valley strength on the forehead only, away from hair; firmness reads cheek folds clipped per
 *   pixel (FOLD_CAP) on a tone-scaled contrast, without the chin; knots re-fitted; hydration blends
 *   fine lines, so it moved too.
 */
export const METRIC_METHODS: Readonly<Record<MetricKey, number>> = {
  acne: 1,
  oiliness: 1,
  redness: 1,
  texture: 1,
  dark_spots: 1,
  radiance: 2,
  hydration: 3,
  pores: 1,
  fine_lines: 2,
  uneven_tone: 2,
  dark_circles: 2,
  blackheads: 1,
  sensitivity: 1,
  firmness: 2,
};

/**
 * The engine's method set as a whole, for logs and the bench: the date of the last change of any
 * metric's method and the decision that made it.
 */
export const ENGINE_METHOD_VERSION = '2026-11-24/038';

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
 * - +1 for every metric (decision 039): the hair mask became a soft hair weight (each skin pixel
 *   counts 1 − its hair weight in every zone statistic, a counted mark by the hair around it).
 *   Every metric reads zones where hair is looked for (or the redness baseline over all skin), so
 *   every metric moved a little (held-out: ≤ 0.5 points on average); knots unchanged.
 * - fine lines 3, firmness 3, hydration 4 (decisions 038 and 039, merged in 041): fine lines read
 *   continuous fine + coarse valley strength on the forehead only, away from hair; firmness reads
 *   cheek folds clipped per pixel (FOLD_CAP) on a tone-scaled contrast, without the chin; both
 *   through the soft hair weight (the margin from hair is a grey dilation of it); knots re-fitted
 *   (038); hydration blends fine lines, so it moved too. Each is above both branches' number
 *   (038: 2, 2, 3; 039: 2, 2, 3), so no stored score of either is read as comparable.
 * - dark spots 3 (decision 043): a spot counts by the share of its disc on measured skin, by how
 *   far its centre is below the zone's skin (soft, like its response) and by 1 − the weight of a
 *   blemish around it (was: whole or not at all); knots unchanged.
 * - pores 4 (decision 045): a continuous reading instead of a count, the dark-dot response at
 *   ≈ 1.5 mm on the skin's own contrast (PORE_TONE_GAMMA) above PORE_FLOOR, clipped at PORE_CAP,
 *   per 1,000 skin pixels; knots re-fitted. 4, not 3: decision 042's branch (not adopted) carried
 *   pores 3 with another definition.
 * - acne 3, dark spots 4 (decision 048): a blemish counts by its response, by how round it is
 *   (soft over curvature ratio 4–9, was a hard limit of 6) and by the share of its disc on
 *   measured skin; knots unchanged. Dark spots read 1 − the weight of a blemish around them.
 * - sensitivity 3 (decision 049): diffuse redness counts each pixel by a linear ramp over
 *   DIFFUSE_RED_DA ± DIFFUSE_RED_SOFT (was a hard threshold) against the mean of low-pass a* at
 *   its 15th–35th percentiles (was the 25th); knots re-fitted. Redness keeps its baseline.
 * - radiance 4, hydration 5 (decision 050): the chroma expected for the skin's tone is piecewise
 *   linear in ITA° with a hinge at 20 (was a straight line), held flat below ITA° −15 where the
 *   fit's data end, so the darkest and the palest skin are no longer read as dull for their tone;
 *   knots re-fitted. Hydration blends radiance.
 * - texture 3, hydration 6 (decision 051): roughness reads the band G₀.₈ − G₂.₀₅ of L* (was
 *   L* − G₂.₀₅, whose finest part JPEG re-quantisation reaches) on the skin's own contrast to the
 *   power ½ (TEXTURE_TONE_GAMMA, was 1); knots re-fitted. Hydration blends texture.
 * - oiliness 3, redness 3, radiance 5, hydration 7, uneven tone 4, blackheads 3, sensitivity 4
 *   (decision 056): the light is estimated from the median chromaticity of the white of the eye
 *   and the teeth (was per-channel medians, which a re-save moved), their canonical colours
 *   re-fitted; these seven read the skin's colour. Knots unchanged (calibration half: every
 *   score's distribution within 1 point at p10 / median / p90).
 * - acne 4, blackheads 4, dark spots 5 (decision 057): inflammatory lesions and comedones are
 *   found by their contrast with the skin around them on the relative (L* + 16) scale, counted
 *   per 100 cm² of measured skin on Hayashi-anchored knots; comedones are read on the T-zone;
 *   a dark spot must be darker than the skin on every side and is not read on the nose.
 */
export const METRIC_METHODS: Readonly<Record<MetricKey, number>> = {
  acne: 4,
  oiliness: 3,
  redness: 3,
  texture: 3,
  dark_spots: 5,
  radiance: 5,
  hydration: 7,
  pores: 4,
  fine_lines: 3,
  uneven_tone: 4,
  dark_circles: 3,
  blackheads: 4,
  sensitivity: 4,
  firmness: 3,
};

/**
 * The engine's method set as a whole, for logs and the bench: the date of the last change of any
 * metric's method and the decision that made it.
 */
export const ENGINE_METHOD_VERSION = '2026-11-28/057';

import {
  domeShare,
  ringBuffers,
  ringContrast,
  ringOf,
  type LesionInput,
  type RingBuffers,
} from './lesions';

/**
 * What a dark blob is (decisions 057, 125): a dark spot (a macule, a post-inflammatory mark) is
 * flat, brown and darker than the skin on every side. A blob that is darker on one half only is
 * the edge of a shadow; one that is red, or round, domed and even faintly red, is an
 * inflammatory lesion seen by its darkening (a papule after a strong JPEG save, whose redness is
 * mostly gone): it is the blemish's, never a second mark of another kind.
 */

/**
 * A dark blob whose Δa / |ΔL| against the ring (the centre's or the whole disc's redness, the
 * larger) reaches SPOT_RED_FROM begins to be a blemish's, wholly from SPOT_RED_TO. A melanin
 * mark reads ≈ 0.04 at full size and 0.2–0.27 after a q45 save; painted papules 0.3–1.5.
 */
export const SPOT_RED_FROM = 0.3;
export const SPOT_RED_TO = 0.5;
/**
 * A round dome shaded from above (lesions.ts domeShare) that is at least faintly red (Δa / |ΔL|
 * from SPOT_FAINT_FROM, whole a tenth above) is a blemish's too: a macule is flat.
 */
export const SPOT_FAINT_FROM = 0.2;
/**
 * A strongly compressed photo (640 px, JPEG q45) keeps a small papule's redness only as a rise of
 * its chroma blocks' mean, about a centimetre across: the a* of a disc of SPOT_WIDE × the blob's
 * radius against a ring SPOT_WIDE_RING × it, on every side (the second smallest quarter),
 * relative scale. From SPOT_WIDE_RED_FROM (whole at SPOT_WIDE_RED_TO) the blob is the blemish's.
 * Calibration part at phone quality, dark-spot marks at painted papules / macules: median 0.56 /
 * −0.08, p75 1.07 / 0.26 (decision 125).
 */
export const SPOT_WIDE = 2.5;
export const SPOT_WIDE_RING: readonly [number, number] = [3.5, 5.5];
/** The blob radius (working px, 0.6 mm each) the wide reading's sizes are capped at. */
export const SPOT_WIDE_MAX_R = 2.5;
export const SPOT_WIDE_RED_FROM = 0.3;
export const SPOT_WIDE_RED_TO = 0.7;
/**
 * …and the wide disc's Δa / |ΔL| must reach SPOT_WIDE_RATIO (whole at twice it): at phone quality
 * painted papules read a median 0.35, macules 0.05 (p75 0.28), the clear faces' dark spots −0.01.
 */
export const SPOT_WIDE_RATIO = 0.35;

const ramp = (v: number) => (v <= 0 ? 0 : v >= 1 ? 1 : v);

export interface SpotReading {
  /** How much it is a spot rather than a shadow's edge (0…1). */
  isolation: number;
  /** How much it is an inflammatory lesion's darkening rather than a brown mark (0…1). */
  inflamed: number;
}

export function spotReading(
  input: Pick<LesionInput, 'width' | 'height' | 'L' | 'A' | 'B' | 'core'>,
  x: number,
  y: number,
  sigma: number,
  curvature: number,
  buf: RingBuffers = ringBuffers(20),
): SpotReading {
  const r = Math.SQRT2 * sigma;
  const { rc, rIn, rOut } = ringOf(r);
  const c = ringContrast(input, x, y, rc, rIn, rOut, buf, r);
  if (!c) return { isolation: 0, inflamed: 0 };
  const [dL, da] = c.contrast;
  const dark = -dL;
  if (dark <= 0) return { isolation: 0, inflamed: 0 };
  const ratio = Math.max(da, c.aDisc) / Math.max(0.5, dark);
  const red = ramp((ratio - SPOT_RED_FROM) / (SPOT_RED_TO - SPOT_RED_FROM));
  const faint = ramp((ratio - SPOT_FAINT_FROM) / 0.1);
  const isolation = ramp((c.darkSides / dark - 0.25) / 0.35);
  if (isolation <= 0) return { isolation, inflamed: 0 };
  const [w0, w1] = SPOT_WIDE_RING;
  const rw = Math.min(r, SPOT_WIDE_MAX_R);
  const wide = ringContrast(input, x, y, SPOT_WIDE * rw, w0 * rw, w1 * rw, buf);
  // Redder on every side, and red for its darkness (a brown mark's blocks read a little redder
  // too: melanin's Δa / |ΔL| ≈ 0.04, a painter's brown more).
  const wideRed = wide
    ? ramp((wide.aSides - SPOT_WIDE_RED_FROM) / (SPOT_WIDE_RED_TO - SPOT_WIDE_RED_FROM)) *
      ramp(
        (wide.contrast[1] / Math.max(0.5, -wide.contrast[0]) - SPOT_WIDE_RATIO) / SPOT_WIDE_RATIO,
      )
    : 0;
  return {
    isolation,
    inflamed: Math.max(red, wideRed, faint * domeShare(c.dome, curvature)),
  };
}

import { downsample2, gaussianBlur } from '../image/filters';
import type { Plane } from '../image/raster';
import { f32, type Scratch } from '../image/scratch';
import { detectBlobs, type Blob } from './blobs';
import { ringBuffers, ringContrast, type RingBuffers } from './ring';

export { REL_L16, relScale, ringBuffers, ringContrast, type RingBuffers } from './ring';

/**
 * Lesions (decision 057): inflammatory lesions (papules, pustules, nodules) and comedones, each
 * found by its own cues read *relative to the person's own skin around it*.
 *
 * Why relative, and why divided by L* + 16. Blood and pigment change the light a skin returns by a
 * factor per channel (Beer–Lambert: an absorber multiplies each channel's remittance), and a
 * factor's effect on CIELAB scales with the cube root of the skin's luminance, that is with
 * L* + 16. The same papule (the same extra haemoglobin) therefore reads Δa* +10 on pale skin and
 * +4 on very dark skin, so any fixed a* threshold finds it on the first and misses it on the
 * second. Dividing a lesion's contrast with the skin around it by (L*ring + 16) / REL_L16 gives
 * one number for one papule on every skin tone, and a camera's exposure or colour cast (also a
 * factor per channel) does not change it. On the same scale a haemoglobin increase reads
 * (ΔL, Δa, Δb) ≈ (−5.5, +8.3, −0.2) and a melanin increase of the same optical density
 * (−10.2, +0.4, +2): the first is red, the second brown — the test that tells an inflamed lesion
 * from a dark spot (Dawson et al. 1980, the erythema and melanin indices; Stamatas et al. 2004).
 *
 * Inflammatory lesions: blobs of 2–6 mm on a* − INFLAM_DARK × L* (redder and darker than the skin
 * around; on dark skin inflammation adds a violaceous, darker tone, which the L* part keeps), whose
 * strength against the ring (inflamStrength, soft around INFLAM_MIN) is enough, red rather than
 * brown (Δa / |ΔL| soft over RED_RATIO_FROM…TO), round, and not a glint. Comedones: comedones.ts (decision 123).
 */

/** Share of L* taken from a* in the channel whose blobs are the candidates (a* − INFLAM_DARK·L*). */
export const INFLAM_DARK = 0.35;
/**
 * The strength (inflamStrength, on the REL_L16 scale) at which a lesion of curvature ratio
 * ROUND_REF counts ½ (decision 058: 8 before, 7 with the rounder shape; decision 106: 6.5, with
 * the threshold rising with the blob's elongation, INFLAM_MIN × √(ratio / ROUND_REF); decision
 * 107: 7.5, with the darkening counted up to DARK_CAP × the redness and the dome's shading).
 */
export const INFLAM_MIN = 7.5;
/**
 * The curvature ratio at which the threshold is INFLAM_MIN (decision 106): a painted papule's
 * median is 1.2–1.4, the clear faces' near-threshold red blobs' 1.85 (skin between wrinkles,
 * flushed folds). A rounder blob needs less, a longer one more.
 */
export const ROUND_REF = 1.3;
/**
 * The darkening a lesion's strength counts (decision 106): this share of its darkening against
 * the ring's median, the rest against the second lightest quarter of the ring. The quarters'
 * test alone (057) took a dome's own shading, lit from above, for a shadow's edge; the redness
 * still has to hold on every side.
 */
export const DARK_RING_SHARE = 0.5;
/**
 * The darkening a lesion's strength counts is at most DARK_FLAT × its redness (decision 058),
 * up to DARK_CAP × for a round blob (`domeRound`) that is clearly red (decision 107). A strongly
 * compressed photo (JPEG q45, 4:2:0) keeps a papule's darkening and loses most of its a*
 * contrast: at phone quality the calibration part's painted papules read redness 2.1 and
 * darkening 6.3 (relative scale), at full size 4.5 and 6.4. A brown mark, whose q45 a* is as
 * faint, and an elongated red streak keep the 2 × cap.
 */
export const DARK_FLAT = 2;
export const DARK_CAP = 4;
/**
 * …and only for a blob that is clearly red: the allowance beyond DARK_FLAT counts from a red /
 * brown ratio Δa / |ΔL| of DARK_RED_FROM to DARK_RED_TO (106's RED_RATIO_TO) in full. A melanin
 * mark after a q45 save reads 0.2–0.27 there (its a* smeared by the chroma blocks), the test's
 * shaded papules 0.28–1.4.
 */
export const DARK_RED_FROM = 0.2;
export const DARK_RED_TO = 0.3;
/**
 * A dome lit from above is lighter on its upper side and darker on its lower side; a flat stain
 * is neither. The lightness of the disc's upper third minus its lower third (relative scale)
 * lowers the threshold by up to DOME_SHARE, in full at DOME_REF (decision 107). The shading is
 * in L*, which a JPEG keeps at full resolution.
 */
export const DOME_SHARE = 0.2;
export const DOME_REF = 4;
/**
 * A dome is round: its shading counts in full up to the curvature ratio DOME_ROUND_FROM, not at
 * all from DOME_ROUND_TO (painted papules at phone quality read 1.47, the clear faces'
 * candidates 2.2, an elongated streak 3.4–4: a streak's or a fold's shading is not a dome's).
 */
export const DOME_ROUND_FROM = 1.6;
export const DOME_ROUND_TO = 2.4;
/**
 * Most of the ring must lie on measured skin of the zones: the share counts 0 at SURROUND_FROM and
 * 1 a quarter above. A lesion well above its threshold may sit nearer the zone's edge (a papule
 * beside the nose or the brow): for strength from 1.5 to 2.25 × the threshold the ramp starts
 * up to SURROUND_STRONG lower (decision 106).
 */
export const SURROUND_FROM = 0.55;
export const SURROUND_STRONG = 0.15;
/** A lesion counts from INFLAM_FROM × INFLAM_MIN to INFLAM_TO × INFLAM_MIN (soft, like every count). */
export const INFLAM_FROM = 0.75;
export const INFLAM_TO = 1.25;
/**
 * Red, not brown: Δa / |ΔL| below RED_RATIO_FROM counts 0, above RED_RATIO_TO counts 1
 * (decision 107: 0.25, was 0.3; a melanin mark reads ≈ 0.04, a haemoglobin one 1.5).
 */
export const RED_RATIO_FROM = 0.15;
export const RED_RATIO_TO = 0.25;
/**
 * A lesion's roundness is soft (as decision 048 made it for the old blemishes): a DoG peak with
 * principal-curvature ratio ≤ ROUND_FROM counts whole, ≥ ROUND_TO not at all, linearly in log
 * ratio between, so a re-save that nudges a borderline blob's shape moves it by a fraction.
 * Decision 058 narrowed it from 4–9: a papule is a dome (the calibration part's painted papules:
 * p90 ratio 1.6), while what the wider range let through on clear faces was elongated (median
 * 1.9, p75 3.0: skin between forehead wrinkles, flushed folds); an oval of 2 : 1 reads 4.
 */
export const ROUND_FROM = 2.5;
export const ROUND_TO = 5;
/**
 * A blob's centre is read over a disc of CENTRE_SHARE × its radius: the dome's top, where a
 * pustule's pale core is still ringed by red (0.75 and 1 found fewer papules and pustules on the
 * calibration part's painted lesions).
 */
export const CENTRE_SHARE = 0.5;

export type LesionKind = 'inflammatory' | 'comedone';

export interface Lesion extends Blob {
  kind: LesionKind;
  weight: number;
  /** Ring contrast on the REL_L16 scale: ΔL, Δa, Δb. */
  contrast: [number, number, number];
}

export interface LesionInput {
  width: number;
  height: number;
  /** Plain L*, a*, b* (after the white balance). */
  L: Float32Array;
  A: Float32Array;
  B: Float32Array;
  /** The a* stack at half resolution (A_SIGMAS / 2) and its sigmas in half px. */
  aStackHalf: readonly Plane[];
  halfSigmas: readonly number[];
  /** Plain L* at half resolution with the same blur as aStackHalf[0]. */
  lHalf0: Plane;
  /** Skin that counts at least half, at full and half resolution. */
  core: Uint8Array;
  coreHalf: Uint8Array;
  /** Specular weight per pixel (glints are not lesions). */
  shine: Float32Array;
  /** Fine dark and bright blobs of L* (level 0 of the L* stack) for comedones. */
  fineDark: Blob[];
  fineBright: Blob[];
}

/**
 * An inflamed lesion's strength: its redness against the skin on (almost) every side plus its
 * darkening, the darkening counted up to twice the redness (a shadow or a brown mark is dark, not
 * red, and gains nothing from it), up to DARK_CAP × as `allowance` (0…1) goes to 1 (decision
 * 107). JPEG keeps a small papule's darkening and halves its a* contrast, so the darkening
 * carries much of the signal; the redness decides what it is.
 */
export function inflamStrength(aSides: number, dL: number, allowance = 0): number {
  const red = Math.max(0, aSides);
  const cap = DARK_FLAT + (DARK_CAP - DARK_FLAT) * allowance;
  return red + Math.min(Math.max(0, -dL), cap * red);
}

const ramp = (v: number) => (v <= 0 ? 0 : v >= 1 ? 1 : v);

/**
 * How far a blob is a dome lit from above (0…1, decision 107): its shading (`dome`, relative
 * scale) ramped to DOME_REF, times its roundness.
 */
export function domeShare(dome: number, curvature: number): number {
  return ramp(dome / DOME_REF) * domeRound(curvature);
}

/** How round a blob is for a dome (1 up to DOME_ROUND_FROM, 0 from DOME_ROUND_TO). */
export function domeRound(curvature: number): number {
  return ramp((DOME_ROUND_TO - curvature) / (DOME_ROUND_TO - DOME_ROUND_FROM));
}

/**
 * The strength at which a blob of this curvature ratio counts ½ (decision 106), lowered by up to
 * DOME_SHARE for a round dome shaded from above (decision 107; `dome` on the relative scale).
 */
export function inflamThreshold(curvature: number, dome = 0): number {
  return (
    INFLAM_MIN *
    Math.sqrt(Math.max(1, curvature) / ROUND_REF) *
    (1 - DOME_SHARE * domeShare(dome, curvature))
  );
}

export function softAt(value: number, threshold: number): number {
  return ramp((value - INFLAM_FROM * threshold) / ((INFLAM_TO - INFLAM_FROM) * threshold));
}

/**
 * Inflammatory lesions: candidates are the blobs of a* − INFLAM_DARK·L* (half resolution, levels
 * 0–2: radius ≈ 1.1–2.8 mm), each then read against the skin around it. The channel is made per
 * row and each candidate weighed by a function of its own (decision 152): no long loop in a
 * function entered once per analysis, whose on-stack code V8 threw away after the loop.
 */
export function detectInflammatory(input: LesionInput, pool?: Scratch): Lesion[] {
  const { aStackHalf, halfSigmas, lHalf0, coreHalf } = input;
  const a0 = aStackHalf[0] as Plane;
  // The combined channel's stack: the a* levels minus INFLAM_DARK × the same blurs of L*.
  const stack: Plane[] = [];
  let lLevel = lHalf0;
  for (let k = 0; k < aStackHalf.length; k++) {
    if (k > 0) {
      const from = halfSigmas[k - 1] as number;
      const to = halfSigmas[k] as number;
      lLevel = gaussianBlur(lLevel, Math.sqrt(to * to - from * from), pool);
    }
    const a = (aStackHalf[k] as Plane).data;
    const out = f32(pool, a.length, false);
    const l = lLevel.data;
    const w = Math.max(1, a0.width);
    for (let i = 0; i < a.length; i += w) inflamChannelRow(a, l, out, i, Math.min(a.length, i + w));
    stack.push({ data: out, width: a0.width, height: a0.height });
  }
  const buf = ringBuffers(20);
  const candidates = detectBlobs(stack, halfSigmas, {
    polarity: 'bright',
    fromLevel: 0,
    toLevel: 2,
    // In the channel's own units; the ring test below decides (a DoG reads ≈ ⅓ of the contrast).
    minResponse: 0.6,
    mask: coreHalf,
    maxCurvatureRatio: ROUND_TO,
  });
  const lesions: Lesion[] = [];
  for (let j = 0; j < candidates.length; j++) {
    const lesion = inflammatoryLesion(input, candidates[j] as Blob, buf);
    if (lesion) lesions.push(lesion);
  }
  return lesions;
}

/** One row (pixels i0…i1) of the combined channel a* − INFLAM_DARK·L*. */
function inflamChannelRow(
  a: Float32Array,
  l: Float32Array,
  out: Float32Array,
  i0: number,
  i1: number,
): void {
  for (let i = i0; i < i1; i++) out[i] = (a[i] as number) - INFLAM_DARK * (l[i] as number);
}

/** One candidate blob (half-resolution coordinates) read against the skin around it, or null. */
function inflammatoryLesion(input: LesionInput, bl: Blob, buf: RingBuffers): Lesion | null {
  const { width, shine } = input;
  const x = Math.min(width - 1, bl.x * 2);
  const y = Math.min(input.height - 1, bl.y * 2);
  const sigma = bl.sigma * 2;
  const r = Math.SQRT2 * sigma;
  const { rc, rIn, rOut } = ringOf(r);
  const c = ringContrast(input, x, y, rc, rIn, rOut, buf, r);
  if (!c) return null;
  const dL = c.contrast[0];
  const daCentre = c.contrast[1];
  // Redness is also read over the whole disc (decision 107): a q45 JPEG spreads a small
  // papule's a* over its chroma block, so the disc keeps what the centre lost; on every side.
  const da = Math.max(daCentre, c.aDisc);
  const darkening = (1 - DARK_RING_SHARE) * c.darkSides - DARK_RING_SHARE * dL;
  const ratio = da / Math.max(0.5, Math.abs(dL));
  const clearlyRed = ramp((ratio - DARK_RED_FROM) / (DARK_RED_TO - DARK_RED_FROM));
  const strength = inflamStrength(
    Math.max(c.aSides, c.aDisc),
    -darkening,
    domeRound(bl.curvature) * clearlyRed,
  );
  const threshold = inflamThreshold(bl.curvature, c.dome);
  const red = ramp((ratio - RED_RATIO_FROM) / (RED_RATIO_TO - RED_RATIO_FROM));
  // A glint is specular (bright and desaturated); a pustule's pale core is neither.
  const notGlint = 1 - (shine[y * width + x] as number);
  // The skin around must be measured skin of the zones on most sides: beside an eye, a lip or
  // a nostril (or the under-eyes' crease) the "surround" is something else.
  const edge = SURROUND_FROM - SURROUND_STRONG * ramp((strength / threshold - 1.5) / 0.75);
  const surround = ramp((c.ringShare - edge) / 0.25);
  const round = ramp(Math.log(ROUND_TO / bl.curvature) / Math.log(ROUND_TO / ROUND_FROM));
  const weight =
    softAt(strength, threshold) * (dL < 0 || da > 2 * dL ? red : 0) * notGlint * surround * round;
  if (weight <= 0) return null;
  return { ...bl, x, y, sigma, kind: 'inflammatory', weight, contrast: c.contrast };
}

/** The ring radii of a blob of radius r (working px). */
export function ringOf(r: number): { rc: number; rIn: number; rOut: number } {
  const rc = Math.max(1, CENTRE_SHARE * r);
  const rIn = Math.max(3, 1.8 * r);
  return { rc, rIn, rOut: rIn + Math.max(3, 1.5 * r) };
}

export function lesionRingBuffers(): RingBuffers {
  return ringBuffers(20);
}

/** Plain L* at half resolution with the blur of the a* stack's first level. */
export function lightnessHalf(L: Plane, sigma0: number, pool?: Scratch): Plane {
  const half = downsample2(L, pool);
  const box = 1 / Math.sqrt(12);
  return gaussianBlur(half, Math.sqrt(Math.max(0, sigma0 * sigma0 - box * box)), pool);
}

import { downsample2, gaussianBlur } from '../image/filters';
import type { Plane } from '../image/raster';
import { f32, type Scratch } from '../image/scratch';
import { curvatureRatio, detectBlobs, type Blob } from './blobs';
import { relScale, ringBuffers, ringContrast, type RingBuffers } from './ring';

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
 * faint, and an elongated red streak keep the 2 × cap. Decision 175: beyond DARK_FLAT only by the
 * share of colour the photo's JPEG took (`LesionInput.colourTaken`): on a photo that kept it, the
 * extra allowance found almost no papule, let dark blobs with a trace of red in, and moved them
 * with every re-save (their strength is 3–5 × their redness).
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
 * How round a blob is (0…1): whole up to the curvature ratio ROUND_FROM, nothing from ROUND_TO,
 * linearly in log ratio between. An inflammatory lesion's and, since decision 170, a dark spot's.
 */
export function roundShare(curvature: number): number {
  return ramp(Math.log(ROUND_TO / curvature) / Math.log(ROUND_TO / ROUND_FROM));
}
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
  /**
   * Calibration work only (the engine's `debug` option): every inflammatory candidate's reading
   * is appended here, kept or not; null otherwise.
   */
  readings: InflammatoryReading[] | null;
  /**
   * The share of a lesion's colour the photo's JPEG took (compression.ts `colourTaken`, 0…1): a
   * round, clearly red blob's darkening counts beyond DARK_FLAT × its redness only to that share
   * (decision 175).
   */
  colourTaken: number;
}

/**
 * One inflammatory candidate as the detector read it (working-frame px, relative scale): what
 * `bench:lesions --explain` reports for the lesions it missed and the clear faces' candidates.
 */
export interface InflammatoryReading {
  x: number;
  y: number;
  sigma: number;
  /** inflamStrength and inflamThreshold; the weight softAt gives is one factor of `weight`. */
  strength: number;
  threshold: number;
  /** Redness on the weakest sides and over the disc, darkening, and the red / brown ratio. */
  aSides: number;
  aDisc: number;
  darkening: number;
  ratio: number;
  /** The weight's other factors (0…1): red not brown, not a glint, on skin around, round. */
  red: number;
  notGlint: number;
  surround: number;
  round: number;
  dome: number;
  curvature: number;
  weight: number;
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
    const lesion = inflammatoryLesion(input, candidates[j] as Blob, buf, input.readings);
    if (lesion) lesions.push(lesion);
  }
  const patches = confluentPatches(input, stack, halfSigmas, lesions, pool);
  return patches.length ? lesions.concat(patches) : lesions;
}

/** A papule's radius (mm) and area in working px (≈ 0.6 mm per px): a patch's count by area. */
export const PATCH_PAPULE_MM = 2;
const PATCH_PAPULE_AREA = Math.PI * (PATCH_PAPULE_MM / 0.6) ** 2;
/**
 * Inflamed area (working px) up to which a patch is one lesion, and the span to counting it by
 * its area: a nodule 8 mm across is ≈ 140 px.
 */
export const PATCH_ONE = 140;
export const PATCH_SPAN = 80;
/** A patch's redness (relative a*, centre against the ring) counts from PATCH_RED, whole from PATCH_RED + PATCH_RED_SPAN. */
export const PATCH_RED = 5;
export const PATCH_RED_SPAN = 3;
/**
 * Merged papules are domes: a half-resolution pixel of the patch is on one where the channel's
 * fine DoG (levels 0–1, a papule's scale; relative scale) is at least PATCH_RELIEF. The patch
 * counts by its area from a share PATCH_BUMPY of such pixels, whole from PATCH_BUMPY +
 * PATCH_BUMPY_SPAN. Calibration part: painted patches of ten merged papules read 0.58 at the 10th
 * percentile (median 0.74), a papule in a broad flush 0.05–0.3, in a red blotch 8 mm across
 * 0.36–0.47; on a sharp portrait at half the resolution the same patches read 0.46–0.59 (their
 * domes blur), hence 0.4 and not 0.5 (decision 166).
 */
export const PATCH_RELIEF = 1;
export const PATCH_BUMPY = 0.4;
export const PATCH_BUMPY_SPAN = 0.2;
/** The patch levels' scale step (as the a* stack's, 1.6). */
const PATCH_STEP = 1.6;
/** The largest ring radius a patch is read with (level 4: rOut ≈ 39 working px). */
const PATCH_RING_MAX = 44;
/** The patches' ring buffers, made on the first patch candidate and kept (as ring.ts keeps its own). */
let patchRing: RingBuffers | null = null;

/**
 * Confluent patches (decision 166): inside a patch of merged papules each papule's ring lies on
 * the patch and reads it as its skin, so the lesion pass finds one or two of them. The patch is a
 * blob of the same channel at a larger scale (radius ≈ 4.4 or 7 mm), read against the skin around
 * it as any lesion is. It counts as lesions merged only where a lesion was found in it (a flush is
 * not acne), clearly red, and made of domes; then as its inflamed area (its pixels at least half
 * as inflamed as its centre, inside its ring) over a papule's, less the lesions found there.
 */
function confluentPatches(
  input: LesionInput,
  stack: readonly Plane[],
  halfSigmas: readonly number[],
  lesions: readonly Lesion[],
  pool?: Scratch,
): Lesion[] {
  // The fine levels 0–2 (domes) and the top one the patch levels are blurred from.
  if (stack.length < 4) return [];
  const top = stack.length - 1;
  const s3 = halfSigmas[top] as number;
  const s4 = s3 * PATCH_STEP;
  const s5 = s4 * PATCH_STEP;
  const l4 = gaussianBlur(stack[top] as Plane, Math.sqrt(s4 * s4 - s3 * s3), pool);
  const l5 = gaussianBlur(l4, Math.sqrt(s5 * s5 - s4 * s4), pool);
  const big = detectBlobs([...stack, l4, l5], [...halfSigmas, s4, s5], {
    polarity: 'bright',
    fromLevel: top,
    toLevel: top + 1,
    minResponse: 0.6,
    mask: input.coreHalf,
    maxCurvatureRatio: ROUND_TO,
  });
  const out: Lesion[] = [];
  if (big.length === 0) return out;
  patchRing ??= ringBuffers(PATCH_RING_MAX);
  const buf = patchRing;
  for (let j = 0; j < big.length; j++) {
    const patch = confluentPatch(input, stack, big[j] as Blob, lesions, buf);
    if (patch) out.push(patch);
  }
  return out;
}

/** One patch candidate (half-resolution coordinates): the lesions it adds, or null. */
function confluentPatch(
  input: LesionInput,
  stack: readonly Plane[],
  bl: Blob,
  lesions: readonly Lesion[],
  buf: RingBuffers,
): Lesion | null {
  const p = inflammatoryLesion(input, bl, buf, null);
  if (!p) return null;
  const red = ramp((p.contrast[1] - PATCH_RED) / PATCH_RED_SPAN);
  if (red <= 0) return null;
  const r = Math.SQRT2 * p.sigma;
  const { rc, rIn, rOut } = ringOf(r);
  let found = 0;
  for (const l of lesions) if ((l.x - p.x) ** 2 + (l.y - p.y) ** 2 <= rIn * rIn) found += l.weight;
  const seed = ramp((found - 0.5) / 0.5);
  if (seed <= 0) return null;
  const c = ringContrast(input, p.x, p.y, rc, rIn, rOut, buf, r);
  if (!c) return null;
  const ring: PatchRing = {
    a: c.ring.a,
    L: c.ring.L,
    k: relScale(c.ring.L),
    half: 0.5 * (c.contrast[1] - INFLAM_DARK * c.contrast[0]),
  };
  const { width, height } = input;
  const [area] = inflamedPixels(input, p.x, p.y, rIn, 1, width, height, ring, null);
  // The share on a dome, read at half resolution (the stack's grid).
  const g = stack[0] as Plane;
  const half = Math.floor(rIn / 2);
  const [n, on] = inflamedPixels(
    input,
    p.x >> 1,
    p.y >> 1,
    half,
    2,
    g.width,
    g.height,
    ring,
    stack,
  );
  const share = n ? on / n : 0;
  const bumpy = ramp((share - PATCH_BUMPY) / PATCH_BUMPY_SPAN);
  const byArea = ramp((area - PATCH_ONE) / PATCH_SPAN) * bumpy;
  // By area only where the patch is a mark (weight ≥ ½, whole from 1): a patch near its
  // threshold would otherwise bring its whole area in and out with a re-save.
  const clear = ramp(2 * p.weight - 1);
  // Papules clustered too closely for the lesion pass: the patch's domes that no lesion found.
  const domes = domesUnfound(input, p.x, p.y, rIn, ring, lesions);
  const gate = p.weight * red * seed;
  const count = Math.max(
    gate * (1 + clear * byArea * Math.max(0, area / PATCH_PAPULE_AREA - 1)),
    found + gate * clear * domes,
  );
  if (count - found <= 0) return null;
  // The mark: the patch's centre, as large as its inflamed area.
  return {
    ...p,
    sigma: Math.max(p.sigma, Math.sqrt(area / Math.PI) / Math.SQRT2),
    weight: count - found,
  };
}

/**
 * A cluster's papules (decision 174). At the half-resolution grid a cluster of 3–6 papules within
 * 6–10 mm is one blob, and too small to count by its area; at the working frame's ≈ 0.6 mm per px
 * each papule is still a dome of the inflammation channel. Its fine DoG (σ PATCH_DOME_SIGMA and
 * × PATCH_STEP, relative scale) has a local maximum (3 × 3) on each: a maximum on the patch's
 * inflamed pixels counts from PATCH_DOME_FROM, whole from PATCH_DOME_FROM + PATCH_DOME_SPAN, times
 * its roundness (ROUND_FROM → ROUND_TO: a flat-topped lesion's inner rim holds maxima along a
 * ridge), and each lesion found there is one of them. Calibration part (60 portraits, JPEG q90),
 * the second strongest maximum, the one a lesion found alone leaves over: painted clusters p25 /
 * p50 / p75 0 / 1.08 / 1.33; single papules p90 0.66, nodules 0.70, the engine tests' red discs
 * 3–4 mm in radius 0–0.5 (one maximum each, its lesion found).
 */
export const PATCH_DOME_SIGMA = 1;
export const PATCH_DOME_FROM = 0.5;
export const PATCH_DOME_SPAN = 0.5;
/** A lesion found up to PATCH_DOME_CLAIM working px beyond the patch's ring is one of its domes. */
export const PATCH_DOME_CLAIM = 2.5;

/** The patches' own scratch for the frame-resolution window (grown as needed, kept). */
let domeWindow: Float32Array = new Float32Array(0);

/**
 * The domes of a patch that no lesion found (soft, 0…): the round local maxima of the working
 * frame's fine DoG of a* − INFLAM_DARK·L* on the patch's inflamed pixels, each ramped from
 * PATCH_DOME_FROM (see there), less the lesions found within PATCH_DOME_CLAIM px of its ring.
 */
function domesUnfound(
  input: LesionInput,
  cx: number,
  cy: number,
  rIn: number,
  ring: PatchRing,
  lesions: readonly Lesion[],
): number {
  const { width, height, L, A } = input;
  const s1 = PATCH_DOME_SIGMA;
  const s2 = s1 * PATCH_STEP;
  const pad = Math.ceil(3 * s2) + 1;
  const R = Math.ceil(rIn);
  const x0 = Math.max(0, Math.round(cx) - R - pad);
  const x1 = Math.min(width - 1, Math.round(cx) + R + pad);
  const y0 = Math.max(0, Math.round(cy) - R - pad);
  const y1 = Math.min(height - 1, Math.round(cy) + R + pad);
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  if (domeWindow.length < w * h) domeWindow = new Float32Array(w * h);
  const c = domeWindow.subarray(0, w * h);
  for (let y = 0; y < h; y++) {
    const i = (y + y0) * width + x0;
    inflamChannelRow(A.subarray(i, i + w), L.subarray(i, i + w), c.subarray(y * w), 0, w);
  }
  const fine = gaussianBlur({ data: c, width: w, height: h }, s1);
  const coarse = gaussianBlur(fine, Math.sqrt(s2 * s2 - s1 * s1));
  const dog = [fine, coarse];
  const d = c;
  for (let i = 0; i < w * h; i++)
    d[i] = ring.k * ((fine.data[i] as number) - (coarse.data[i] as number));
  let n = 0;
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const f = domeAt(input, d, w, x, y, x0, y0, cx, cy, rIn, ring);
      if (f <= PATCH_DOME_FROM) continue;
      // A dome is round: the inner rim of a broad flat lesion also holds maxima, along a ridge.
      const round = ramp(
        (ROUND_TO - curvatureRatio(dog, 0, 'bright', x, y)) / (ROUND_TO - ROUND_FROM),
      );
      n += round * ramp((f - PATCH_DOME_FROM) / PATCH_DOME_SPAN);
    }
  // Each lesion found near the patch is one of its domes (a half-resolution blob's centre lies up
  // to PATCH_DOME_CLAIM px from its dome's).
  const near = (rIn + PATCH_DOME_CLAIM) ** 2;
  let found = 0;
  for (const l of lesions) if ((l.x - cx) ** 2 + (l.y - cy) ** 2 <= near) found += l.weight;
  return Math.max(0, n - found);
}

/**
 * The window's DoG at (x, y) if it is a local maximum (3 × 3; ties to the first in reading order)
 * on the patch's inflamed skin within rIn of its centre, else 0.
 */
function domeAt(
  input: LesionInput,
  d: Float32Array,
  w: number,
  x: number,
  y: number,
  x0: number,
  y0: number,
  cx: number,
  cy: number,
  rIn: number,
  ring: PatchRing,
): number {
  const fx = x + x0;
  const fy = y + y0;
  if ((fx - cx) ** 2 + (fy - cy) ** 2 > rIn * rIn) return 0;
  const f = d[y * w + x] as number;
  if (f <= 0) return 0;
  for (let ey = -1; ey <= 1; ey++)
    for (let ex = -1; ex <= 1; ex++) {
      if (!ex && !ey) continue;
      const o = d[(y + ey) * w + x + ex] as number;
      if (o > f || (o === f && (ey < 0 || (ey === 0 && ex < 0)))) return 0;
    }
  return onPatch(input, fy * input.width + fx, ring) ? f : 0;
}

/** Whether the frame's pixel i is on acne's skin and at least `ring.half` inflamed (a patch's). */
function onPatch(input: LesionInput, i: number, ring: PatchRing): boolean {
  const inflamed =
    ring.k * ((input.A[i] as number) - ring.a - INFLAM_DARK * ((input.L[i] as number) - ring.L));
  return input.core[i] !== 0 && inflamed >= ring.half;
}

/** What a patch's pixels are read against: its ring's a* and L*, the relative scale there, half its centre's inflammation. */
interface PatchRing {
  a: number;
  L: number;
  k: number;
  half: number;
}

/**
 * The pixels of acne's skin at least `ring.half` inflamed (relative scale) against the ring, in
 * the disc of radius `lim` around (gx, gy) of a grid gw × gh whose pixel (u, v) reads the frame's
 * pixel (s·u, s·v) (s = 1: the frame; 2: half resolution, as the a* stack): [their number, and of
 * those, where the stack's fine DoG (levels 0–1, the larger; relative scale) is at least
 * PATCH_RELIEF]. The second only with `stack` (on the half-resolution grid).
 */
function inflamedPixels(
  input: LesionInput,
  gx: number,
  gy: number,
  lim: number,
  s: number,
  gw: number,
  gh: number,
  ring: PatchRing,
  stack: readonly Plane[] | null,
): [number, number] {
  const { width, height } = input;
  const g0 = stack ? (stack[0] as Plane).data : null;
  const g1 = stack ? (stack[1] as Plane).data : null;
  const g2 = stack ? (stack[2] as Plane).data : null;
  const R = Math.floor(lim);
  let n = 0;
  let on = 0;
  for (let dy = -R; dy <= R; dy++) {
    const yy = gy + dy;
    if (yy < 0 || yy >= gh) continue;
    for (let dx = -R; dx <= R; dx++) {
      const xx = gx + dx;
      if (xx < 0 || xx >= gw || dx * dx + dy * dy > lim * lim) continue;
      if (!onPatch(input, Math.min(height - 1, s * yy) * width + Math.min(width - 1, s * xx), ring))
        continue;
      n++;
      if (!g0 || !g1 || !g2) continue;
      const h = yy * gw + xx;
      const fine = Math.max(
        (g0[h] as number) - (g1[h] as number),
        (g1[h] as number) - (g2[h] as number),
      );
      if (ring.k * fine >= PATCH_RELIEF) on++;
    }
  }
  return [n, on];
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
function inflammatoryLesion(
  input: LesionInput,
  bl: Blob,
  buf: RingBuffers,
  readings: InflammatoryReading[] | null,
): Lesion | null {
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
    domeRound(bl.curvature) * clearlyRed * input.colourTaken,
  );
  const threshold = inflamThreshold(bl.curvature, c.dome);
  const red = ramp((ratio - RED_RATIO_FROM) / (RED_RATIO_TO - RED_RATIO_FROM));
  // A glint is specular (bright and desaturated); a pustule's pale core is neither.
  const notGlint = 1 - (shine[y * width + x] as number);
  // The skin around must be measured skin of the zones on most sides: beside an eye, a lip or
  // a nostril (or the under-eyes' crease) the "surround" is something else.
  const edge = SURROUND_FROM - SURROUND_STRONG * ramp((strength / threshold - 1.5) / 0.75);
  const surround = ramp((c.ringShare - edge) / 0.25);
  const round = roundShare(bl.curvature);
  // Red rather than brown; a blob lighter than its ring only where its redness is over twice that.
  const redFactor = dL < 0 || da > 2 * dL ? red : 0;
  const weight = softAt(strength, threshold) * redFactor * notGlint * surround * round;
  if (readings !== null) {
    readings.push({
      x,
      y,
      sigma,
      strength,
      threshold,
      aSides: c.aSides,
      aDisc: c.aDisc,
      darkening,
      ratio,
      red: redFactor,
      notGlint,
      surround,
      round,
      dome: c.dome,
      curvature: bl.curvature,
      weight,
    });
  }
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

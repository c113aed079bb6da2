import type { FaceFrame } from '../face/frame';
import type { Plane } from '../image/raster';
import { maxFilter } from '../image/filters';
import { maskedGaussianBlurHalf } from '../image/masked-blur';
import { f32, u8, type Scratch } from '../image/scratch';
import { softWeight } from './marks';
import type { SkinContext } from './skin';

/**
 * The skin's surface, per pixel of the measured skin: visible and diffuse redness, fine lines and
 * folds (Hessian valleys), texture (a band-pass of L*) and the low-pass tone planes. zones.ts sums
 * them per zone.
 */

/**
 * Redness is erythema relative to the person's own skin: a* is compared with the face's baseline
 * (the 25th percentile of low-pass a* over all measured skin), never with an absolute value, so a
 * colour cast or the person's tone (both shift every pixel's a* alike) does not read as redness.
 * A pixel is a red patch above baseline + RED_DA; diffuse redness above baseline + DIFFUSE_RED_DA
 * on the low-pass plane.
 */
export const RED_DA = 6;
export const DIFFUSE_RED_DA = 3.5;
/**
 * Diffuse redness is soft (decision 049): a pixel counts 0 at DIFFUSE_RED_DA − this above the
 * baseline, rising linearly to 1 at DIFFUSE_RED_DA + this. Most of a cheek lies within a few a*
 * units of the threshold, so a hard cut-off turned a JPEG re-save's shift of the baseline into a
 * jump of the area (a q70 re-save moved sensitivity by 4).
 */
export const DIFFUSE_RED_SOFT = 3;

/**
 * Pores are scored from a continuous reading (decision 045), the way fine lines moved from a
 * thresholded line % to a clipped valley depth (038): each skin pixel contributes its dark-dot
 * response at DoG level 1 (G₂.₀₅ − G₁.₂₈ of L*, dots of ≈ 1.5 mm) on the skin's own contrast
 * (contrastScale^PORE_TONE_GAMMA) above PORE_FLOOR L*, clipped at PORE_CAP L*. The floor leaves
 * out the fine grain that re-saves and resizes change; the cap keeps a few strong dots (a mole, a
 * follicle, a beard's edge) from deciding the mean. Chosen on the calibration half by the capture
 * deltas, the women − men gap, the tone gap and the reference portrait's re-tint together
 * (docs/skin-engine.md, decision 045).
 */
export const PORE_FLOOR = 0.7;
export const PORE_CAP = 2;
/**
 * Pores' dark dots are scaled by contrastScale^PORE_TONE_GAMMA (the other texture measures: γ 1).
 * With γ 1, darker skin read fewer dots above the floor (calibration half: ρ(score, ITA°) −0.12,
 * darker − lighter tercile gap +2.2; the reference portrait re-tinted darker read 2–5 points
 * better); ½ made ρ ≈ 0 on the old calibration half (decision 045), but on hidden studio portraits
 * Black − White still read +3.5 (ρ −0.34): a pore is a shadow, a share of the light, which plain
 * L* already reads smaller on darker skin. ¼ (decision 110): the darkest skin (ITA° ≤ 10) +2.3 →
 * +0.9 against the palest, age taken out (γ 0 overshot: ITA° ≤ 25 −3.1).
 */
export const PORE_TONE_GAMMA = 0.25;
/**
 * Texture's band (G₀.₈ − G₂.₀₅ of the equalised L*) is scaled by contrastScale^TEXTURE_TONE_GAMMA,
 * like pores: with γ 1 the calibration half's darker tercile read smoother (gap +3.4, ρ(ITA°)
 * −0.19); ½ makes ρ 0.01 and the gap 0.3, and halves what a ±10 % exposure adds through the
 * scale (decision 051).
 */
export const TEXTURE_TONE_GAMMA = 0.5;
/** Hessian valley strength (σ²·λ, L* units) above which a pixel is on a fine line. */
export const LINE_MIN_STRENGTH = 1.2;
/**
 * Fine lines are not read within this many working px (≈ 2.4 mm) of hair or of forehead left out
 * as not skin: the strands at the edge of a fringe are dark valleys too, and the skin beside any
 * dark edge reads the edge's dark side as one. A reasoned margin, not a fitted one: the fine
 * valley filter (σ L_SIGMAS[2] = 2.05 px) answers up to about 2σ from an edge (decision 155; 3 px
 * from hair alone in decision 038).
 */
export const LINE_HAIR_MARGIN = 4;
/**
 * Fine lines read fine and coarse valley strength clipped at LINE_CAP L* units per pixel: a wrinkle
 * is a shallow valley, while a strand of hair or a frame's edge responds far more strongly and
 * would decide the mean. With the clip, ±10 % exposure moves the reference portrait's fine lines by
 * 1 instead of 3 (decision 038).
 */
export const LINE_CAP = 1;
/**
 * Firmness reads coarse valley strength clipped at this many L* units per pixel: a fold is a
 * broad, shallow valley; a few pixels of much stronger response (a beard's edge, a strand of hair,
 * a glasses frame's shadow) would otherwise decide the mean (decision 038: fitted on the
 * calibration half, plateau 0.5–1.5).
 */
export const FOLD_CAP = 1;
/**
 * Firmness's fold strength is scaled by contrastScale^FOLD_TONE_GAMMA before the cap (on top of
 * the contrast scaling every texture measure gets): with the cap alone, folds on darker skin read
 * deeper (ρ(raw, ITA°) −0.24 over the calibration half's studio portraits); with 1 it is −0.06
 * pooled and +0.13 within the studio series (0.5: −0.15 / +0.03; decision 038). 1 read the
 * shading of a fold twice smaller on darker skin (cs², while a fold's shading is a share of the
 * light): on hidden studio portraits Black − White +6.4, on the calibration part the darkest skin
 * (ITA° ≤ 10) +8.5 against the palest, age taken out. ½ (decision 110): +5.6, within-series ρ
 * −0.10 → −0.02, ρ(age) −0.34 → −0.36; 0 gave +2.1 there but −6.3 for ITA° ≤ 25.
 */
export const FOLD_TONE_GAMMA = 0.5;

/** RMS of a high-pass signal over the mask, clipped to ±clip so isolated spots do not dominate. */
export const ROUGHNESS_CLIP = 12;

export function clippedRms(
  highPass: Float32Array,
  mask: Uint8Array,
  clip = ROUGHNESS_CLIP,
): number {
  let n = 0;
  let ss = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const v = Math.max(-clip, Math.min(clip, highPass[i] as number));
    ss += v * v;
    n++;
  }
  return n ? Math.sqrt(ss / n) : 0;
}

/** Low-pass scale for tone evenness (≈ 2.5 mm): blotches, not pores. */
export const TONE_SIGMA = 4;
/** Pixels with a specular weight above this are left out of the tone planes (surface, not pigment). */
export const TONE_MAX_SHINE = 0.05;

export interface Surface {
  /** Fine (level 2) and coarse (ctx.coarseValley) valley strength. */
  fineValley2: Float32Array;
  /** The largest exclusion weight within LINE_HAIR_MARGIN px (`lineExclusion`; null: none). */
  lineHair: Float32Array | null;
  foldToneScale: number;
  poreToneScale: number;
  foldCap: number;
  /** Per pixel: bit 1 red (a* above baseA + RED_DA), bit 2 on a line drawn in the overlays. */
  flags: Uint8Array;
  /** Squared clipped texture band. */
  rough: Float32Array;
  /** Soft line membership and soft diffuse redness. */
  lineWeight: Float32Array;
  diffuseW: Float32Array;
  /** Tone planes: the weight of each pixel in them, and low-pass L* and b* of the diffuse skin. */
  body: Float32Array;
  lowL: Float32Array;
  lowB: Float32Array;
  /** Working-frame pixels on fine lines (the overlays' lines). */
  lines: Uint8Array;
}

/**
 * surfaceMaps' per-pixel quantities over the measured skin: redness and line flags, line weight,
 * diffuse-redness weight and squared fine band, 1024 pixels per call of pixelMapsRange (decisions
 * 138, 151). Each pixel's maps are its own: the same arithmetic on every pixel.
 */
const PIXEL_MAP_CHUNK = 1024;

/**
 * pixelMaps' pixels [start, end): a function of its own called once per chunk of the frame
 * (decision 151), so V8 optimises it at entry after a few chunks. Its planes come as arguments and
 * a pixel's zone lightness is read from `zoneBase` at `zoneOf[i] + 1` (decision 156): the objects
 * it read them from were made per call (their maps' field types changed, and the code that relied
 * on them was thrown away), and `zoneBaseL`, a closure made per analysis, was a call the optimised
 * code had bound to the first analysis's closure. The same values: zoneBase holds the zones'
 * lightness after the reference's (SkinContext).
 */
function pixelMapsRange(
  measured: Uint8Array,
  A: Float32Array,
  L0: Float32Array,
  L1: Float32Array,
  L2: Float32Array,
  lowA: Float32Array,
  fineValley1: Float32Array,
  fineValley2: Float32Array,
  lineHair: Float32Array | null,
  zoneOf: Int8Array,
  zoneBase: Float64Array,
  baseA: number,
  diffuseBase: number,
  textureToneScale: number,
  flags: Uint8Array,
  rough: Float32Array,
  lineWeight: Float32Array,
  diffuseW: Float32Array,
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) {
    if (!measured[i]) continue;
    const base = zoneBase[(zoneOf[i] as number) + 1] as number;
    // Every quantity computed for every measured pixel, then chosen (the same values): no
    // operation is first reached by a later chunk (decision 156).
    const red = (A[i] as number) > baseA + RED_DA ? 1 : 0;
    const s1 = softWeight(fineValley1[i] as number, LINE_MIN_STRENGTH);
    const s2 = softWeight(fineValley2[i] as number, LINE_MIN_STRENGTH);
    const w1 = (L1[i] as number) < base - 1 ? s1 : 0;
    const w2 = (L2[i] as number) < base - 1 ? s2 : 0;
    const lw = Math.max(w1, w2);
    lineWeight[i] = lw;
    // Drawn as a line only away from hair (the strands at a fringe's edge are not lines).
    const hair = lineHair !== null ? (lineHair[i] as number) : 0;
    const clear = lineHair === null || hair < 0.5;
    const line = lw >= 0.5 && clear ? 2 : 0;
    const dr =
      ((lowA[i] as number) - diffuseBase - DIFFUSE_RED_DA + DIFFUSE_RED_SOFT) / DIFFUSE_RED_SOFT;
    const low = dr <= 0;
    const high = dr >= 2;
    const half = dr / 2;
    diffuseW[i] = low ? 0 : high ? 1 : half;
    flags[i] = red | line;
    const band = ((L0[i] as number) - (L2[i] as number)) * textureToneScale;
    const h = Math.max(-ROUGHNESS_CLIP, Math.min(ROUGHNESS_CLIP, band));
    rough[i] = h * h;
  }
}

/**
 * The tone planes' weight over pixels [start, end): the skin weight of the measured, diffuse skin
 * (body is zero-filled). Per 1024 pixels, every pixel's values read (decision 156: the whole-frame
 * loop was compiled on the stack and its code after the loop thrown away).
 */
function bodyRange(
  measured: Uint8Array,
  shine: Float32Array,
  skinW: Float32Array,
  body: Float32Array,
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) {
    const m = measured[i];
    const dull = (shine[i] as number) <= TONE_MAX_SHINE;
    const w = skinW[i] as number;
    body[i] = m && dull ? w : (body[i] as number);
  }
}

/** The overlays' line pixels (flag 2) over [start, end), into the zero-filled `lines`. */
function linesRange(flags: Uint8Array, lines: Uint8Array, start: number, end: number): void {
  for (let i = start; i < end; i++) lines[i] = (flags[i] as number) & 2 ? 1 : 0;
}

/**
 * What fine lines keep their distance from (LINE_HAIR_MARGIN): the hair weight over the skin and,
 * inside the forehead's polygon, the pixels not measured as skin (weight 1); dilated by the
 * margin. Null when there is neither.
 */
function lineExclusion(
  frame: FaceFrame,
  measured: Uint8Array,
  hairHere: Plane | null,
  hairSupport: Uint8Array | null,
  pool: Scratch,
): Float32Array | null {
  const { width, height } = frame;
  const { polygon, bounds } = frame.regions.forehead;
  const from = bounds.y0 * width;
  const to = bounds.y1 * width;
  let outside = false;
  for (let i = from; i < to && !outside; i += PIXEL_MAP_CHUNK)
    outside = leftOutIn(polygon, measured, i, Math.min(to, i + PIXEL_MAP_CHUNK));
  if (!outside) {
    return hairHere && hairSupport
      ? maxFilter(hairHere.data, hairSupport, width, height, LINE_HAIR_MARGIN, pool)
      : null;
  }
  const src = f32(pool, measured.length);
  const support = u8(pool, measured.length);
  if (hairHere && hairSupport) {
    src.set(hairHere.data);
    support.set(hairSupport);
  }
  for (let i = from; i < to; i += PIXEL_MAP_CHUNK)
    markLeftOut(polygon, measured, src, support, i, Math.min(to, i + PIXEL_MAP_CHUNK));
  return maxFilter(src, support, width, height, LINE_HAIR_MARGIN, pool);
}

/*
 * lineExclusion's passes over the forehead's rows, 1024 pixels per call (decision 156): its loops,
 * entered once per analysis, were compiled on the stack and thrown away after them. Whether a
 * pixel of the polygon in [start, end) is not measured skin:
 */
function leftOutIn(polygon: Uint8Array, measured: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const p = polygon[i];
    const m = measured[i];
    if (p && !m) return true;
  }
  return false;
}

/** Those pixels, excluded with weight 1 (every pixel written: unchanged where not left out). */
function markLeftOut(
  polygon: Uint8Array,
  measured: Uint8Array,
  src: Float32Array,
  support: Uint8Array,
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) {
    const p = polygon[i];
    const m = measured[i];
    const out = p && !m;
    src[i] = out ? 1 : (src[i] as number);
    support[i] = out ? 1 : (support[i] as number);
  }
}

/** The surface maps of one working frame. */
export function surfaceMaps(ctx: SkinContext, pool: Scratch): Surface {
  const { frame, cs, L, A, Ls, lowA, measured, skinW, toneShine, hairHere, hairSupport } = ctx;
  const { baseA, diffuseBase } = ctx;
  const { lab } = frame;
  const G2 = Ls[2] as Plane;
  const [fineValley1, fineValley2] = ctx.fineValleys;
  // Skin next to what is left out of the forehead (the fringe's edge) is not read for fine lines:
  // a pixel counts for them by 1 − the largest exclusion weight within LINE_HAIR_MARGIN px (a grey
  // dilation; with a 0/1 weight it is decision 038's binary margin). Left out are the hair weight
  // and the forehead's own pixels that are not skin-coloured (a fringe too smooth for the hair
  // rule, a frame, a shadow; decision 155): the Hessian of a skin pixel at their edge reads the
  // dark side of the edge as a valley.
  const lineHair = lineExclusion(frame, measured, hairHere, hairSupport, pool);
  const foldToneScale = cs ** FOLD_TONE_GAMMA;
  // Pores: the dots of the contrast-scaled L* (× cs) brought to cs^PORE_TONE_GAMMA.
  const poreToneScale = cs ** (PORE_TONE_GAMMA - 1);
  const foldCap = FOLD_CAP / foldToneScale;
  // Texture: the band of the contrast-scaled L* (× cs) brought to cs^TEXTURE_TONE_GAMMA.
  const textureToneScale = cs ** (TEXTURE_TONE_GAMMA - 1);

  // Per-pixel quantities, computed once over the measured skin, then summed per zone.
  const L0 = (Ls[0] as Plane).data;
  const L1 = (Ls[1] as Plane).data;
  const L2 = G2.data;
  const flags = u8(pool, L.length); // bit 1 red, 2 on a line
  const rough = f32(pool, L.length);
  // Line membership is soft too: weight ramps over SOFT_FROM..SOFT_TO × LINE_MIN_STRENGTH.
  const lineWeight = f32(pool, L.length);
  const diffuseW = f32(pool, L.length);
  const { zoneOf, zoneBase } = ctx;
  const n = L.length;
  // From the chunk at the frame's middle on, then the top ones (decision 156): each pixel's maps
  // are its own, so the order changes nothing; the top chunks, off the face, reach none of the
  // loop's work, and the code compiled after them was thrown away at the first measured pixel.
  const mid = Math.floor(n / (2 * PIXEL_MAP_CHUNK)) * PIXEL_MAP_CHUNK;
  for (const [from, to] of [
    [mid, n],
    [0, mid],
  ] as const)
    for (let i = from; i < to; i += PIXEL_MAP_CHUNK) {
      const end = Math.min(to, i + PIXEL_MAP_CHUNK);
      pixelMapsRange(
        measured,
        A,
        L0,
        L1,
        L2,
        lowA,
        fineValley1,
        fineValley2,
        lineHair,
        zoneOf,
        zoneBase,
        baseA,
        diffuseBase,
        textureToneScale,
        flags,
        rough,
        lineWeight,
        diffuseW,
        i,
        end,
      );
    }
  // Tone (even tone, radiance): low-pass L* and b* of the diffuse skin only. Highlights are the
  // surface reflection (oiliness measures them): a glint adds a fixed amount of light, so it
  // reads far stronger in L* on darker skin and made darker skin look "uneven". Plain L*, not
  // the contrast-scaled lightness of the fine texture measures: a blotch of pigment changes the
  // body reflection, and CIELAB is built so an equal ΔL* is an equally visible difference.
  const body = f32(pool, L.length);
  for (let i = 0; i < n; i += PIXEL_MAP_CHUNK)
    bodyRange(measured, toneShine, skinW, body, i, Math.min(n, i + PIXEL_MAP_CHUNK));
  const [lowLPlane, lowBPlane] = maskedGaussianBlurHalf([lab.L, lab.b], body, TONE_SIGMA, pool) as [
    Plane,
    Plane,
  ];
  const lowL = lowLPlane.data;
  const lowB = lowBPlane.data;
  const lines = new Uint8Array(L.length);
  for (let i = 0; i < n; i += PIXEL_MAP_CHUNK)
    linesRange(flags, lines, i, Math.min(n, i + PIXEL_MAP_CHUNK));
  return {
    fineValley2,
    lineHair,
    foldToneScale,
    poreToneScale,
    foldCap,
    flags,
    rough,
    lineWeight,
    diffuseW,
    body,
    lowL,
    lowB,
    lines,
  };
}

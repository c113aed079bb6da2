import type { ExclusionReason, RegionKey } from '@lumiskin/contract/analysis';
import { REGIONS } from '@lumiskin/contract/constants';
import type { FaceFrame, FrameRegion, NearClip } from '../face/frame';
import { individualTypologyAngle } from '../image/color';
import { downsample2, gaussianBlur, valleyStrength } from '../image/filters';
import type { Plane } from '../image/raster';
import { andInto, close, dilate, labelInto, orInto } from '../image/mask';
import { magnitude } from '../image/pixel-loops';
import { f32, plane, u8, type Scratch } from '../image/scratch';
import { maskedQuantile, maskedQuantiles } from '../image/stats';
import { detectFrames, FRAME_NOSE_SIDE, FRAME_SEAM } from './frames';
import { detectHair, zoneSkin, type HairMap } from './hair';
import { CONTRAST_REF_L, equalised, L_SIGMAS } from './scale-spaces';

export { A_SIGMAS, L_SIGMAS } from './scale-spaces';

/**
 * What every measurement of one working frame reads (decision 044's pool lends its arrays): the
 * lightness brought to the common effective resolution and the skin's own contrast, its Gaussian
 * scale spaces, plain CIELAB, the soft hair weight and the skin each zone measures, the face's
 * redness baselines, the specular weight and each zone's diffuse lightness. The families of
 * measures (marks.ts: spots, lesions, pores, comedones; surface.ts: redness, lines, folds,
 * texture, tone; zones.ts: the per-zone sums) each take this context and read nothing else.
 */
export interface SkinContext {
  frame: FaceFrame;
  width: number;
  height: number;
  /** ITA° of the reference skin colour and the redness allowance it gives. */
  ita: number;
  allowance: number;
  /** Contrast scale of the skin's own lightness (contrastScale). */
  cs: number;
  /** Plain L* (colour, shine, the zones' mean lightness). */
  Lraw: Float32Array;
  /** Contrast-scaled lightness at the common effective blur (the texture measures' L*). */
  L: Float32Array;
  A: Float32Array;
  B: Float32Array;
  chroma: Float32Array;
  /** Blur added to bring L* (extra) and a*, b* (chromaExtra) to the common effective blur. */
  extra: number;
  chromaExtra: number;
  /** Gaussian stack of L (L_SIGMAS) and of a* at half resolution (A_SIGMAS / 2). */
  Ls: Plane[];
  aStackHalf: Plane[];
  /** a* at the coarsest A_SIGMAS level, full resolution. */
  lowA: Float32Array;
  /** L minus its level-2 blur. */
  highPass: Float32Array;
  /** Coarse valley strength (folds), level 3 of L. */
  coarseValley: Float32Array;
  /** Fine valley strength (lines), levels 1 and 2 of L. */
  fineValleys: readonly [Float32Array, Float32Array];
  /** The zones' outlines (every region's mask) and the upper cheeks: the hair rule's reference. */
  skinAll: Uint8Array;
  cheekRef: Uint8Array;
  hair: HairMap;
  /** Each zone's skin (mask and soft pixel count), coverage, hair share and why it is left out. */
  /** Rows above this are where glasses frames are left out (the zones' `glasses` share). */
  framesToY: number;
  zones: Record<
    RegionKey,
    FrameRegion & { hair: number; glasses: number; reason: ExclusionReason }
  >;
  /** Per pixel: 1 − hair weight on the zones' skin (0 elsewhere). */
  skinW: Float32Array;
  /** Pixels that count at all / at least half. */
  measured: Uint8Array;
  core: Uint8Array;
  /** The face's redness baseline (BASELINE_A_Q of low-pass a*) and the diffuse one (049). */
  baseA: number;
  diffuseBase: number;
  /** Measured skin with a clipped channel, and all of it (decision 054). */
  nClipped: number;
  nCore: number;
  /** The hair weight over the skin and its support (null on a face without hair over skin). */
  hairHere: Plane | null;
  hairSupport: Uint8Array | null;
  /** The weight of the skin around a counted mark at (x, y) (hair smoothed over ≈ 2 mm). */
  blobSkinW: (x: number, y: number) => number;
  /** Specular weight per pixel, its excess read in L* (the tone planes and the marks leave it out). */
  shine: Float32Array;
  /**
   * What the tone planes leave out (decision 169): `shine`, or sheen read by its saturation if more.
   */
  toneShine: Float32Array;
  /** Specular weight per pixel, read by the light it adds (oiliness, decision 110). */
  oil: Float32Array;
  /** The diffuse lightness (40th percentile of L) of the zone pixel i lies in. */
  zoneBaseL: (i: number) => number;
  /** The lowest value zoneBaseL takes on this face (its darkest zone, or the reference). */
  zoneBaseMin: number;
  /** zoneBaseL as data: pixel i's zone (−1: none), and zoneBase[zoneOf[i] + 1] its lightness. */
  zoneOf: Int8Array;
  zoneBase: Float64Array;
}

/**
 * The diffuse-redness baseline: the mean of low-pass a* at these quantiles over all measured
 * skin, steadier than the single BASELINE_A_Q (which redness keeps) (decision 049).
 */
export const DIFFUSE_BASE_QS: readonly number[] = [0.15, 0.2, 0.25, 0.3, 0.35];
/** Quantile of low-pass a* taken as the face's baseline. */
export const BASELINE_A_Q = 0.25;

/**
 * Darker skin reads higher in a* at equal redness (melanin absorbs green as well as blue; Del Bino
 * & Bernerd 2013 show a* rising from very light to brown skin). Without an allowance every darker
 * face would score "red". 0.1 a* per ITA° below 41 (the light/intermediate boundary), at most 4.
 */
export function rednessAllowance(ita: number): number {
  return Math.max(0, Math.min(4, (41 - ita) * 0.1));
}

/**
 * Specular weight per pixel (0..1): brighter than the face's typical skin and less saturated
 * than it (an oil film reflects the light source's colour: Shafer's dichromatic reflection model),
 * or a small bright glint in the high-pass. Membership is soft (ramps instead of cut-offs) so a
 * small exposure change moves the number smoothly instead of flipping pixels in and out.
 */
export function shineWeights(
  L: Float32Array,
  chroma: Float32Array,
  highPass: Float32Array,
  mask: Uint8Array,
  refL: number,
  refChroma: number,
  out: Float32Array,
  // addedLight: by specularExcess (a glint's high-pass, back from contrast scale cs, likewise).
  opts: { addedLight?: boolean; cs?: number } = {},
): void {
  const { addedLight = false, cs = 1 } = opts;
  const oilScale = addedLight ? oilToneScale(refL) : 1;
  const hpScale = addedLight ? oilScale / cs : 1;
  // 1024 pixels per call (decision 152: the loop, entered once per frame, was compiled on the stack),
  // from the chunk at the frame's middle on, then the top ones (decision 156: each pixel's weight
  // is its own, so the order changes nothing; the top chunks, off the face, reach none of the
  // loop's work, and the code compiled after them was thrown away at the first measured pixel).
  const n = mask.length;
  const mid = Math.floor(n / 2048) * 1024;
  for (let i = mid; i < n; i += 1024)
    shineRange(
      L,
      chroma,
      highPass,
      mask,
      refL,
      refChroma,
      out,
      oilScale,
      hpScale,
      i,
      Math.min(n, i + 1024),
    );
  for (let i = 0; i < mid; i += 1024)
    shineRange(L, chroma, highPass, mask, refL, refChroma, out, oilScale, hpScale, i, i + 1024);
}

/** shineWeights' pixels i0…i1. */
function shineRange(
  L: Float32Array,
  chroma: Float32Array,
  highPass: Float32Array,
  mask: Uint8Array,
  refL: number,
  refChroma: number,
  out: Float32Array,
  oilScale: number,
  hpScale: number,
  i0: number,
  i1: number,
): void {
  for (let i = i0; i < i1; i++) {
    if (!mask[i]) continue;
    const desaturated = ramp((refChroma - (chroma[i] as number)) / (0.5 * refChroma));
    if (desaturated === 0) continue;
    const Li = L[i] as number;
    const excess = (Li - refL) * oilScale;
    const bright = ramp((excess - SHINE_DL) / 10);
    const hp = (highPass[i] as number) * hpScale;
    const glint = 0.3 * ramp((hp - 3) / 4) * ramp((excess - 2) / 4);
    out[i] = desaturated * Math.max(bright, glint);
  }
}

/**
 * Sheen read by its saturation (decision 169), for the tone planes: neutral light added to skin
 * lowers its saturation C*ab ÷ (L* + 16) and raises its lightness. The chroma test of shineWeights asks
 * the chroma itself to drop, which added light barely does on darker, more saturated skin (it
 * raises L* more than it lowers C*ab), so that sheen stayed in the tone planes and read as uneven
 * tone and dull skin. Read on the low-pass planes (σ SHEEN_SIGMA), which a re-save barely moves: a
 * pixel counts as sheen by (saturation below the reference's, ramp over half of it) × (lightness
 * SHINE_DL above the reference's, ramp over 10 L*), and keeps the larger of that and `out`.
 */
export const SHEEN_SIGMA = 2;

export function sheenBySaturation(
  Lraw: Float32Array,
  chroma: Float32Array,
  measured: Uint8Array,
  reference: { L: number; chroma: number },
  width: number,
  height: number,
  out: Float32Array,
  pool?: Scratch,
  rows: { start: number; end: number } = { start: 0, end: measured.length },
): void {
  // Blurred over the measured rows and 3σ around them only (the zones lie in a third of the frame).
  const pad = Math.ceil(3 * SHEEN_SIGMA) + 1;
  const y0 = Math.max(0, Math.floor(rows.start / width) - pad);
  const y1 = Math.min(height, Math.ceil(rows.end / width) + pad);
  const band = (data: Float32Array) => ({
    data: data.subarray(y0 * width, y1 * width),
    width,
    height: y1 - y0,
  });
  const lowC = gaussianBlur(band(chroma), SHEEN_SIGMA, pool).data;
  const lowL = gaussianBlur(band(Lraw), SHEEN_SIGMA, pool).data;
  const refSat = reference.chroma / (reference.L + 16);
  const offset = y0 * width;
  const from = Math.max(rows.start, offset);
  const to = Math.min(rows.end, y1 * width);
  for (let i = from; i < to; i += 1024)
    sheenRange(measured, lowC, lowL, offset, refSat, reference.L, out, i, Math.min(to, i + 1024));
}

/** sheenBySaturation's pixels i0…i1 (per 1024 pixels: decision 152). */
function sheenRange(
  measured: Uint8Array,
  lowC: Float32Array,
  lowL: Float32Array,
  offset: number,
  refSat: number,
  refL: number,
  out: Float32Array,
  i0: number,
  i1: number,
): void {
  for (let i = i0; i < i1; i++) {
    if (!measured[i]) continue;
    const l = lowL[i - offset] as number;
    const desaturated = ramp((refSat - (lowC[i - offset] as number) / (l + 16)) / (0.5 * refSat));
    const w = desaturated * ramp((l - refL - SHINE_DL) / 10);
    if (w > (out[i] as number)) out[i] = w;
  }
}

/** Clamped to 0…1 (a module function, not a closure per call: decision 138). */
const ramp = (v: number) => (v <= 0 ? 0 : v >= 1 ? 1 : v);

/**
 * A pixel's brightness over the skin's (refL), read by the light it adds (decision 110): ΔL* ×
 * ((L*ref + 16) / 76)^OIL_TONE_GAMMA. A highlight adds a share of the source's light whatever the
 * skin's tone, and L* is compressive: the same added light raises L* (76 / (L*ref + 16))² times as
 * much on skin of L*ref as at L* 60, so in L* a darker face read oilier. γ 2 (linear light) over-
 * corrected (darkest − palest +5.4), 0 is plain L* (−2.7), ½ (−1.0) is kept; 1 at L*ref 60.
 */
export function specularExcess(L: number, refL: number): number {
  return (L - refL) * oilToneScale(refL);
}
export const OIL_TONE_GAMMA = 0.5;
export function oilToneScale(refL: number): number {
  return ((Math.max(0, refL) + 16) / (CONTRAST_REF_L + 16)) ** OIL_TONE_GAMMA;
}

/**
 * A pixel whose red is near clipping takes, by its share, the chroma its green and blue give where
 * that is more than its own (decision 167): a cut red lowers the chroma, and read as it was, a
 * brighter exposure turned the lightest skin into "shine". An oil film reads low by both.
 */
export function clipChroma(chroma: Float32Array, near: NearClip): void {
  const { index, share, chroma: est } = near;
  for (let k = 0; k < index.length; k++) {
    const i = index[k] as number;
    const t = share[k] as number;
    const c = chroma[i] as number;
    chroma[i] = c + t * Math.max(0, (est[k] as number) - c);
  }
}

/** % of the mask that is specular (sum of shineWeights). */
export function shinePercent(
  L: Float32Array,
  chroma: Float32Array,
  highPass: Float32Array,
  mask: Uint8Array,
  refL: number,
  refChroma: number,
): number {
  const w = new Float32Array(L.length);
  shineWeights(L, chroma, highPass, mask, refL, refChroma, w);
  let n = 0;
  let sum = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    n++;
    sum += w[i] as number;
  }
  return n ? (100 * sum) / n : 0;
}

export const SHINE_DL = 6;

/** Smoothing of the hair weight around a counted mark (working px, ≈ 2 mm). */
export const BLOB_HAIR_SIGMA = 3;

/** The value `upsample2(half, …)` would give at full-resolution pixel (x, y), without the plane. */
function sampleUp2(half: Plane, x: number, y: number): number {
  const { data, width: w, height: h } = half;
  const fx = Math.min(w - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
  const fy = Math.min(h - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(w - 1, x0 + 1);
  const tx = Math.fround(fx - x0);
  const ty = fy - y0;
  const r0 = y0 * w;
  const r1 = Math.min(h - 1, y0 + 1) * w;
  const top =
    (data[r0 + x0] as number) + ((data[r0 + x1] as number) - (data[r0 + x0] as number)) * tx;
  const bottom =
    (data[r1 + x0] as number) + ((data[r1 + x1] as number) - (data[r1 + x0] as number)) * tx;
  return Math.fround(top + (bottom - top) * ty);
}

/** The soft hair weight and the skin each zone measures (decision 039). */
function skinWeights(
  frame: FaceFrame,
  L: Float32Array,
  highPass: Float32Array,
  Ls: readonly Plane[],
  cs: number,
  pool: Scratch,
) {
  const { width, height } = frame;
  const skinAll = u8(pool, L.length);
  for (const r of REGIONS) {
    const { mask: m, bounds } = frame.regions[r];
    orInto(m, skinAll, bounds.y0 * width, bounds.y1 * width);
  }
  // Glasses frames over the upper face (decision 168), from the fine lines' valley filters.
  const lowerFaceY = Math.round(frame.noseTipY);
  const fineValleys = [
    valleyStrength(Ls[1] as Plane, L_SIGMAS[1], pool),
    valleyStrength(Ls[2] as Plane, L_SIGMAS[2], pool),
  ] as const;
  const hairFromY = lowerFaceY - 4;
  const frames = glassesFrames(frame, fineValleys, Ls[2] as Plane, cs, hairFromY, pool);
  // Hair over skin (beard, stubble, fringe): found relative to the bare upper cheeks, left out;
  // without the frames there (a rim's edges would make that skin read rough).
  const cheekRef = u8(pool, L.length);
  for (const r of ['left_cheek', 'right_cheek'] as const) {
    const { mask: m, bounds } = frame.regions[r];
    orInto(
      m,
      cheekRef,
      bounds.y0 * width,
      Math.min(m.length, lowerFaceY * width, bounds.y1 * width),
    );
  }
  if (frames) clearFramed(frames, cheekRef);
  // Folds (nasolabial, marionette) are dark and edged like a beard, but they are what firmness
  // measures: pixels on a coarse valley are never taken for hair.
  const coarseValley = valleyStrength(Ls[3] as Plane, L_SIGMAS[3], pool);
  const hair = detectHair(
    {
      width,
      height,
      highPass,
      L,
      measured: skinAll,
      reference: cheekRef,
      fold: coarseValley,
      // Above the nose tip (the forehead) a patch is hair as far as it is strands (decision 107).
      strandsAbove: frame.noseTipY,
    },
    pool,
  );
  // What each zone below the forehead leaves out: frames above hairFromY, hair (beard) from it.
  const lowerExcl = frames ? f32(pool, L.length, false) : hair.weight;
  if (frames) {
    const split = Math.max(0, Math.min(L.length, hairFromY * width));
    lowerExcl.set(frames.subarray(0, split), 0);
    lowerExcl.set(hair.weight.subarray(split), split);
  }
  const zones = {} as Record<
    RegionKey,
    FrameRegion & { hair: number; glasses: number; reason: ExclusionReason }
  >;
  // Every skin pixel counts with weight 1 − its hair weight: bare skin 1, hair 0, a pixel at the
  // hair rule's thresholds ½ (a soft weight, so a borderline fringe does not flip in or out with
  // the resolution). `measured` holds the pixels that count at all, `core` those that count at
  // least half (for the zones' quantiles, which need a set).
  const skinW = f32(pool, L.length);
  const measured = u8(pool, L.length);
  const core = u8(pool, L.length);
  for (const r of REGIONS) {
    const src = frame.regions[r];
    const mask = u8(pool, L.length);
    const { bounds } = src;
    // Hair is looked for on the forehead (fringe) and the lower face (beard, moustache), frames
    // between (the upper cheeks and the nose: FRAME_ZONES).
    const forehead = r === 'forehead';
    const framed = frames !== null && FRAMED.has(r);
    const [pixels, hairPx] = zoneSkin(
      src.mask,
      framed ? lowerExcl : hair.weight,
      skinW,
      mask,
      measured,
      core,
      [bounds.y0 * width, bounds.y1 * width, width, forehead || framed ? -Infinity : hairFromY],
    );
    const framePx = framed ? weightIn(src.mask, frames, bounds, width, hairFromY) : 0;
    const polyPx = src.pixels / Math.max(1e-6, src.coverage);
    zones[r] = {
      ...src,
      mask,
      pixels,
      coverage: polyPx > 0 ? pixels / polyPx : 0,
      hair: polyPx > 0 ? (hairPx - framePx) / polyPx : 0,
      glasses: polyPx > 0 ? framePx / polyPx : 0,
      reason: forehead ? 'hair' : 'beard',
    };
  }

  return {
    skinAll,
    cheekRef,
    coarseValley,
    fineValleys,
    hair,
    zones,
    skinW,
    measured,
    core,
    framesToY: hairFromY,
  };
}

/**
 * The frame weight (frames.ts) over the zones' polygons below the eyes and above `toY` (the upper
 * cheeks, the nose, under the eyes), or null when there is none.
 */
function glassesFrames(
  frame: FaceFrame,
  valleys: readonly [Float32Array, Float32Array],
  smoothed: Plane,
  cs: number,
  toY: number,
  pool: Scratch,
): Float32Array | null {
  const { width, height } = frame;
  const zones = u8(pool, width * height);
  let y0 = height;
  for (const r of FRAME_SEARCH) {
    const { polygon, bounds } = frame.regions[r];
    y0 = Math.min(y0, bounds.y0);
    orInto(polygon, zones, bounds.y0 * width, bounds.y1 * width);
  }
  const end = Math.max(0, Math.min(height, toY)) * width;
  // The band is built on the rows it can reach only (the morphology passes cover whole planes).
  const pad = FRAME_NOSE_SIDE + FRAME_SEAM;
  const ya = Math.max(0, Math.min(y0, Math.floor(end / width)) - pad);
  const yb = Math.min(height, Math.ceil(end / width) + pad);
  const rows = (plane: Uint8Array) => plane.subarray(ya * width, yb * width);
  // Closed over the seams between the zones' outlines, which a rim crosses…
  const closed = close(rows(zones), width, yb - ya, FRAME_SEAM);
  // …and beside the nose, where a rim runs down along the zone's edge.
  const noseSides = dilate(rows(frame.regions.nose.polygon), width, yb - ya, FRAME_NOSE_SIDE);
  orInto(noseSides, closed, 0, closed.length);
  const band = u8(pool, width * height);
  band.set(closed, ya * width);
  band.fill(0, end);
  return detectFrames(
    { width, height, valleys, smoothed, cs, band, rows: { start: Math.min(end, y0 * width), end } },
    pool,
  );
}

/**
 * Where frames are left out: the zones that measure the skin's surface below the eyes. Not under
 * the eyes: the lower lid's crease and an eye bag's shadow are lines as long and as dark as a thin
 * rim there (left out there too, 28 of the 119 calibration faces without glasses lost ≥ 3 % of
 * that zone), and only dark circles read it.
 */
const FRAME_ZONES = ['left_cheek', 'right_cheek', 'nose'] as const;
/**
 * Where they are looked for: those zones and the under-eyes, whose outline a lower rim often
 * follows (a rim on the seam between the two zones darkens the cheek's edge).
 */
const FRAME_SEARCH = [...FRAME_ZONES, 'under_eyes'] as const;
const FRAMED = new Set<RegionKey>(FRAME_ZONES);

/** Takes the pixels a frame weighs on out of `mask`. */
function clearFramed(frames: Float32Array, mask: Uint8Array): void {
  for (let i = 0; i < mask.length; i++) if ((frames[i] as number) > 0) mask[i] = 0;
}

/** The sum of `weight` over a zone's mask, on its rows above `toY`. */
function weightIn(
  mask: Uint8Array,
  weight: Float32Array,
  bounds: { x0: number; y0: number; x1: number; y1: number },
  width: number,
  toY: number,
): number {
  let sum = 0;
  const y1 = Math.min(bounds.y1, toY);
  for (let y = bounds.y0; y < y1; y++)
    for (let i = y * width + bounds.x0, e = y * width + bounds.x1; i < e; i++)
      if (mask[i]) sum += weight[i] as number;
  return sum;
}

/**
 * The hair weight over the skin and, for a counted mark, the weight of the skin around it (1 − the
 * hair weight smoothed over ≈ 2 mm).
 */
export function hairAround(
  frame: FaceFrame,
  skinAll: Uint8Array,
  skinW: Float32Array,
  pool: Scratch,
): Pick<SkinContext, 'hairHere' | 'hairSupport' | 'blobSkinW'> {
  const { width, height } = frame;
  // A counted mark (spot, pore, blemish, blackhead) weighs by the skin around it, not only at its
  // centre: 1 − the hair weight smoothed over ≈ 2 mm (σ BLOB_HAIR_SIGMA), or at the centre if
  // higher. A dark dot at the edge of a beard is more likely a follicle than a spot, and the
  // smoothed weight moves little when a re-save nudges the beard's edge by a pixel.
  // (Its loops 1024 pixels per call, decision 152: each was compiled on the stack, and the code
  // after it, never run, threw that away.)
  let anyHair = false;
  for (let i = 0; i < skinW.length && !anyHair; i += 1024)
    anyHair = hairIn(skinAll, skinW, i, Math.min(skinW.length, i + 1024));
  // Smoothed at half resolution and read (bilinearly) only at the marks' centres.
  let nearHair: Plane | null = null;
  // The hair weight over the skin (0 elsewhere), and where it is > 0; fine lines widen it below.
  let hairHere: Plane | null = null;
  let hairSupport: Uint8Array | null = null;
  if (anyHair) {
    hairHere = plane(pool, width, height);
    hairSupport = u8(pool, skinW.length);
    for (let i = 0; i < skinW.length; i += 1024)
      hairRange(skinAll, skinW, hairHere.data, hairSupport, i, Math.min(skinW.length, i + 1024));
    nearHair = gaussianBlur(downsample2(hairHere, pool), BLOB_HAIR_SIGMA / 2, pool);
  }
  const blobSkinW = (x: number, y: number): number => {
    const w = skinW[y * width + x] as number;
    if (!nearHair) return w;
    const h = Math.max(1 - w, sampleUp2(nearHair, x, y));
    return h >= 1 ? 0 : 1 - h;
  };
  return { hairHere, hairSupport, blobSkinW };
}

/** skinContext's counts: core pixels, and those of them clipped. */
const coreCounts = new Int32Array(2);

/**
 * The core pixels in i0…i1 and those clipped, added to coreCounts (1024 pixels per call, decision
 * 152: skinContext's loop was compiled on the stack and thrown away after it).
 */
function countCore(core: Uint8Array, clipped: Uint8Array | null, i0: number, i1: number): void {
  let nCore = coreCounts[0] as number;
  let nClipped = coreCounts[1] as number;
  // Every pixel adds 0 or 1 (the same counts): no add first reached by a later chunk (156).
  for (let i = i0; i < i1; i++) {
    const c = core[i] ? 1 : 0;
    const k = clipped !== null ? (clipped[i] as number) : 0;
    nCore += c;
    nClipped += c && k ? 1 : 0;
  }
  coreCounts[0] = nCore;
  coreCounts[1] = nClipped;
}

/** Whether a skin pixel in i0…i1 has a hair weight (skinW < 1). */
function hairIn(skinAll: Uint8Array, skinW: Float32Array, i0: number, i1: number): boolean {
  for (let i = i0; i < i1; i++) {
    // Both read for every pixel (no load that only a later chunk reaches); the same answer.
    const skin = skinAll[i] as number;
    const hairy = (skinW[i] as number) < 1;
    if (skin && hairy) return true;
  }
  return false;
}

/** hairAround's pixels i0…i1: the hair weight over the skin, and where it is > 0 (both zero-filled). */
function hairRange(
  skinAll: Uint8Array,
  skinW: Float32Array,
  hair: Float32Array,
  support: Uint8Array,
  i0: number,
  i1: number,
): void {
  // Every pixel written (hair and support are zero-filled: 0 where they were 0), so no load or
  // store is first reached by a later chunk.
  for (let i = i0; i < i1; i++) {
    const h = 1 - (skinW[i] as number);
    const hairy = h > 0; // compared for every pixel (decision 156)
    const on = skinAll[i] !== 0 && hairy;
    hair[i] = on ? h : 0;
    support[i] = on ? 1 : 0;
  }
}

/** Builds the context of one working frame; its arrays come from `pool` (decision 044). */
export function skinContext(frame: FaceFrame, pool: Scratch): SkinContext {
  const { width, height, reference } = frame;
  const ita = individualTypologyAngle(reference.L, reference.b);
  const allowance = rednessAllowance(ita);
  const { Lraw, cs, extra, chromaExtra, Ls, aStackHalf, lowA, L, A, B, highPass } = equalised(
    frame,
    pool,
  );
  const weights = skinWeights(frame, L, highPass, Ls, cs, pool);
  const { skinAll, cheekRef, coarseValley, fineValleys, hair, zones, framesToY } = weights;
  const { skinW, measured, core } = weights;
  // (core lies within the zones' rows: only those are scanned.)
  const { zoneRows } = frame;
  const baseA = maskedQuantile(lowA, core, BASELINE_A_Q, zoneRows);
  coreCounts.fill(0);
  for (let i = zoneRows.start; i < zoneRows.end; i += 1024)
    countCore(core, frame.clipped, i, Math.min(zoneRows.end, i + 1024));
  const nCore = coreCounts[0] as number;
  const nClipped = coreCounts[1] as number;
  // Diffuse redness reads against a steadier baseline: the mean of a band of percentiles, which a
  // re-compression's chroma quantisation moves less than one percentile (decision 049).
  const diffuseQs = maskedQuantiles(lowA, core, DIFFUSE_BASE_QS, zoneRows);
  const diffuseBase = diffuseQs.reduce((a, v) => a + v, 0) / diffuseQs.length;
  const { hairHere, hairSupport, blobSkinW } = hairAround(frame, skinAll, skinW, pool);
  const chroma = f32(pool, L.length, false);
  magnitude(A, B, chroma);
  if (frame.nearClip) clipChroma(chroma, frame.nearClip);
  const shine = f32(pool, L.length);
  shineWeights(Lraw, chroma, highPass, measured, reference.L, reference.chroma, shine);
  // The tone planes also leave out sheen by its saturation (decision 169).
  const toneShine = f32(pool, L.length, false);
  toneShine.set(shine);
  sheenBySaturation(Lraw, chroma, measured, reference, width, height, toneShine, pool, zoneRows);
  // Oiliness reads the highlights by the light they add, not by the L* they add (decision 110).
  const oil = f32(pool, L.length);
  const added = { addedLight: true, cs };
  shineWeights(Lraw, chroma, highPass, measured, reference.L, reference.chroma, oil, added);

  // Each zone's diffuse lightness: "darker than this skin". The 40th percentile of L over the
  // zone's pixels that are at least half skin (quantiles need a set): highlights or spots
  // covering part of the zone barely move it.
  const zoneOf = pool.i8(L.length, false).fill(-1);
  const zoneL: number[] = [];
  const mask = u8(pool, L.length);
  REGIONS.forEach((r, k) => {
    const { mask: zoneMask, bounds } = zones[r];
    const range = { start: bounds.y0 * width, end: bounds.y1 * width };
    labelInto(zoneMask, zoneOf, k, range.start, range.end);
    mask.fill(0, range.start, range.end);
    andInto(zoneMask, core, mask, range.start, range.end);
    zoneL.push(maskedQuantile(L, mask, 0.4, range));
  });
  const zoneBaseL = (i: number) => zoneL[zoneOf[i] as number] ?? reference.L;
  // As a table (surface.ts, decision 156): slot 0 the reference's (zoneOf −1), then each zone's.
  const zoneBase = Float64Array.from([reference.L, ...zoneL]);
  const zoneBaseMin = Math.min(reference.L, ...zoneL.filter(Number.isFinite));

  return {
    frame,
    width,
    height,
    ita,
    allowance,
    cs,
    Lraw,
    L,
    A,
    B,
    chroma,
    extra,
    chromaExtra,
    Ls,
    aStackHalf,
    lowA,
    highPass,
    coarseValley,
    fineValleys,
    skinAll,
    cheekRef,
    hair,
    zones,
    framesToY,
    skinW,
    measured,
    core,
    baseA,
    diffuseBase,
    nClipped,
    nCore,
    hairHere,
    hairSupport,
    blobSkinW,
    shine,
    toneShine,
    oil,
    zoneBaseL,
    zoneBaseMin,
    zoneOf,
    zoneBase,
  };
}

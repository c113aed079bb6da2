import { connectedComponents } from '../image/mask';
import { maxFilter } from '../image/filters';
import { maskedGaussianBlurHalf } from '../image/masked-blur';
import type { Plane } from '../image/raster';
import { f32, u8, type Scratch } from '../image/scratch';
import { maskedQuantile } from '../image/stats';

/**
 * Facial hair, fringe and frames inside the skin zones. Hair over skin is darker than the
 * person's own skin and far more textured at the 1–3 mm scale (many fine dark strands or
 * follicles); bare skin is neither, whatever its tone. Both are measured *relative to the same
 * face's bare reference skin* (the upper cheeks, between the eyes and the nose tip, where hair
 * almost never grows), so the rule does not depend on skin tone or exposure:
 *
 *   e = local RMS of the fine high-pass of L* (σ 3 px window) ÷ the reference skin's
 *   d = (reference L* − local mean L*) ÷ reference L*
 *   hair where e ≥ HAIR_TEXTURE and d ≥ HAIR_DARKENING, or e ≥ 2·HAIR_TEXTURE and d ≥ 0 (dense
 *   stubble barely darkens light skin but doubles its texture; highlights are brighter, not hair)
 *   and the patch covers at least HAIR_MIN_AREA (about 1 cm²): a spot or a blemish is smaller
 *
 * Below the nose tip it is called a beard, on the forehead hair, around the eyes glasses/frames.
 * Those pixels are left out of acne, pores, texture, blackheads and lines (and colour).
 * The thresholds are fitted on the calibration half of the development portraits so that bare
 * lower faces (women's) are almost never flagged (docs/skin-engine.md, "Facial hair").
 */
export const HAIR_TEXTURE = 1.8;
export const HAIR_DARKENING = 0.04;
/** Smallest hair patch (working px, ≈ 0.36 mm² each: about 1 cm²); smaller ones are spots. */
export const HAIR_MIN_AREA = 300;
/** Window of the local texture energy and darkness (working px, ≈ 2 mm). */
export const HAIR_SIGMA = 3;
/** Coarse valley strength (L* units) above which a pixel lies on a fold, not under hair. */
export const HAIR_FOLD = 2;
/**
 * Soft membership. A pixel's hair weight ramps from 0 to 1 across each threshold instead of
 * flipping at it: texture from (1 − HAIR_SOFT) to (1 + HAIR_SOFT) × its threshold, darkening over
 * ± HAIR_SOFT_D around its threshold. A pixel at a threshold is half hair and counts half in every
 * measure, so a re-save or resize that nudges it moves the scores by a fraction of a pixel, not a
 * whole fringe of pixels (a binary mask moved even tone by 5 points under a 75 % resize). A patch's
 * weight likewise ramps with its area from (1 − HAIR_AREA_SOFT) to (1 + HAIR_AREA_SOFT) ×
 * HAIR_MIN_AREA, so a patch growing past the minimum by a few pixels does not flip as a whole.
 * Chosen without the held-out half (docs/skin-engine.md, decision 039): the narrowest texture
 * ramp that keeps the reference portrait's forehead patch from flipping under a q85 re-save
 * (± 10 % let it flip: fine lines −5); wider ones (± 12.5, 15 %) moved firmness by 5–8 points under
 * re-saves on the calibration half. A narrow area ramp (± 15 %) let a forehead patch of the
 * reference portrait flip with a +10 % exposure.
 */
export const HAIR_SOFT = 0.11;
/**
 * Hair is strands with a direction; papules are round (decision 107). A patch whose centre lies
 * above `strandsAbove` (the forehead: a fringe, never a beard's stubble, whose follicles are
 * dots) counts as hair only as far as its fine L* gradients share a direction: the coherence of
 * the structure tensor (Bigün & Granlund 1987; Jähne), smoothed over STRAND_SIGMA and averaged
 * over the patch weighted by its texture energy, counts 0 at STRAND_FROM and 1 at STRAND_TO. A
 * cluster of inflamed papules is as dark and as textured as a thin fringe, but its edges turn
 * every way. A patch much darker than the skin (more than STRAND_DARK) is hair whatever its
 * texture's direction (dense or coiled hair).
 */
export const STRAND_FROM = 0.12;
export const STRAND_TO = 0.24;
export const STRAND_DARK = 0.18;
/**
 * The structure tensor's window (working px, ≈ 4 mm): wider than a papule, so the rim of one
 * round blob (whose gradients all point one way within a smaller window) does not read as a
 * strand; a fringe's strands stay parallel over it.
 */
export const STRAND_SIGMA = 3;
export const HAIR_SOFT_D = 0.02;
export const HAIR_AREA_SOFT = 0.5;

export interface HairInput {
  width: number;
  height: number;
  /** Fine high-pass of L* (L* − G₂(L*)). */
  highPass: Float32Array;
  L: Float32Array;
  /** Every measured skin pixel. */
  measured: Uint8Array;
  /** The bare reference skin (upper cheeks). */
  reference: Uint8Array;
  /** Coarse valley strength (folds); pixels on a fold are not hair. */
  fold?: Float32Array;
  /** Rows above this: a patch is hair only as far as it is made of strands (decision 107). */
  strandsAbove?: number;
  /**
   * Acne's pass (decision 158): a patch as compact and small as a cluster of papules is not hair
   * (COMPACT_*). Stubble, a beard's edge, a moustache or a shadow along the jaw are long and thin.
   */
  compactNotHair?: boolean;
}

/**
 * A patch's elongation (√ of its pixels' second moments' eigenvalue ratio) below which it counts
 * as a cluster of papules, not hair, in full (ramp to COMPACT_ELONG_TO), and its area (working
 * px) up to which (ramp to COMPACT_AREA_TO). Calibration part, 16 papules painted on each face's
 * jaw (decision 158): patches that were more than 30 % painted lesion read elongation 1.2–2.8
 * (p10–p90, median 1.8) and area 170–540; the clear faces' lower-face patches 1.7–5.7 (median 3.4),
 * area 190–990.
 */
export const COMPACT_ELONG_FROM = 2;
export const COMPACT_ELONG_TO = 2.8;
export const COMPACT_AREA_FROM = 500;
export const COMPACT_AREA_TO = 800;

export interface HairMap {
  /**
   * Hair weight per pixel, 0 (bare skin) … 1 (hair): how much of the pixel is left out. Measures
   * weight each skin pixel by 1 − weight.
   */
  weight: Float32Array;
  /** 1 where the hair weight is at least ½ (notes, overlays). */
  mask: Uint8Array;
  /** Per-pixel texture and darkening ratios, for calibration work. */
  texture: Float32Array;
  darkening: Float32Array;
  refTexture: number;
  refL: number;
  /** Per hair patch above `strandsAbove`: its area, coherence and darkening (calibration). */
  strandPatches: Array<{ area: number; coherence: number; darkening: number; weight: number }>;
}

/** With a Scratch, every plane of the map is a temporary of the caller's step (decision 044). */
export function detectHair(input: HairInput, pool?: Scratch): HairMap {
  const { width, height, highPass, L, measured, reference } = input;
  const n = L.length;
  const energy: Plane = { data: f32(pool, n, false), width, height };
  for (let i = 0; i < n; i += HAIR_CHUNK)
    squares(highPass, energy.data, i, Math.min(n, i + HAIR_CHUNK));
  const [localE, localL] = maskedGaussianBlurHalf(
    [energy, { data: L, width, height }],
    measured,
    HAIR_SIGMA,
    pool,
  ) as [Plane, Plane];
  const texture = f32(pool, n, false);
  for (let i = 0; i < n; i += HAIR_CHUNK)
    roots(localE.data, texture, i, Math.min(n, i + HAIR_CHUNK));
  const refTexture = Math.max(0.05, maskedQuantile(texture, reference, 0.5));
  const refL = Math.max(5, maskedQuantile(localL.data, reference, 0.5));
  const darkening = f32(pool, n);
  const raw = f32(pool, n);
  const support = u8(pool, n);
  hairRule(
    measured,
    input.fold,
    localL.data,
    refTexture,
    refL,
    texture,
    darkening,
    raw,
    support,
    width,
  );
  // Hair covers an area; a spot, a blemish or a painted mark is small: a patch's weight ramps
  // with its area around HAIR_MIN_AREA. A pixel adds to the area from weight ¼ to ¾ (½ at ½, where
  // the binary rule started counting it), so the area moves smoothly and is not inflated by the
  // faint margins the ramps add around every patch.
  const strands = input.strandsAbove !== undefined ? strandTensor(input, pool) : null;
  const strandPatches: HairMap['strandPatches'] = [];
  for (const members of connectedComponents(support, width, height)) {
    const area = patchArea(members, raw);
    let k = ramp(
      (area - (1 - HAIR_AREA_SOFT) * HAIR_MIN_AREA) / (2 * HAIR_AREA_SOFT * HAIR_MIN_AREA),
    );
    if (input.compactNotHair && k > 0) k *= 1 - compactness(members, width, area);
    if (strands && k > 0) {
      const p = strandShare(members, strands, darkening, width, input.strandsAbove as number);
      if (p) {
        k *= p.weight;
        strandPatches.push({ area, ...p });
      }
    }
    if (k < 1) scalePatch(members, raw, k);
  }
  // Strands' edges are softer than the rule: widen by 2 px (≈ 1 mm), within the skin (a grey
  // dilation: a pixel takes the largest weight within 2 px).
  const grown = maxFilter(raw, support, width, height, 2, pool);
  const weight = f32(pool, n);
  const mask = u8(pool, n);
  weighOnSkin(grown, measured, weight, mask);
  return { weight, mask, texture, darkening, refTexture, refL, strandPatches };
}

/*
 * detectHair's loops over the frame as functions of their own (decision 138), each called per
 * HAIR_CHUNK pixels (decision 159): entered once per pass, and the hair pass runs twice per
 * analysis (the zones', acne's), a whole-frame loop was compiled on the stack in the first pass
 * and again at entry in the second; called per chunk, each is compiled once, at entry.
 */
const HAIR_CHUNK = 1024;

function squares(src: Float32Array, out: Float32Array, i0: number, i1: number): void {
  for (let i = i0; i < i1; i++) {
    const h = src[i] as number;
    out[i] = h * h;
  }
}

function roots(src: Float32Array, out: Float32Array, i0: number, i1: number): void {
  for (let i = i0; i < i1; i++) out[i] = Math.sqrt(Math.max(0, src[i] as number));
}

/**
 * Each measured pixel off a fold: its texture and darkening ratios and its hair weight by the
 * rule (`texture` holds the local texture energy on entry, `darkening`, `raw` and `support` are
 * zero-filled). Per HAIR_CHUNK pixels, with the planes as arguments (decision 159: the loop,
 * entered once per pass, was compiled on the stack and thrown away for "lost precision" at the
 * first fractional weight, and read its planes from the caller's input objects, of two shapes),
 * from the frame's centre pixel on, then the pixels before it: each pixel's outputs are its own,
 * so the order changes nothing, and the first pixels V8 sees are the face's. Without a fold plane
 * the fold test compares L* with +∞ (never above it: the same as no test).
 * Exported for test/first-run-159.test.ts.
 */
export function hairRule(
  measured: Uint8Array,
  fold: Float32Array | undefined,
  localL: Float32Array,
  refTexture: number,
  refL: number,
  texture: Float32Array,
  darkening: Float32Array,
  raw: Float32Array,
  support: Uint8Array,
  width: number,
): void {
  const folds = fold ?? localL;
  const foldLimit = fold ? HAIR_FOLD : Infinity;
  const n = measured.length;
  // The frame's centre pixel (the face's middle), not its middle row's first one (off the face).
  const mid = Math.min(n, Math.floor(n / width / 2) * width + (width >> 1));
  for (let i = mid; i < n; i += HAIR_CHUNK)
    hairRuleRange(
      measured,
      folds,
      foldLimit,
      localL,
      refTexture,
      refL,
      texture,
      darkening,
      raw,
      support,
      i,
      Math.min(n, i + HAIR_CHUNK),
    );
  for (let i = 0; i < mid; i += HAIR_CHUNK)
    hairRuleRange(
      measured,
      folds,
      foldLimit,
      localL,
      refTexture,
      refL,
      texture,
      darkening,
      raw,
      support,
      i,
      Math.min(mid, i + HAIR_CHUNK),
    );
}

function hairRuleRange(
  measured: Uint8Array,
  fold: Float32Array,
  foldLimit: number,
  localL: Float32Array,
  refTexture: number,
  refL: number,
  texture: Float32Array,
  darkening: Float32Array,
  raw: Float32Array,
  support: Uint8Array,
  i0: number,
  i1: number,
): void {
  // Off the skin (two thirds of the frame) nothing is read (computing those pixels too cost the
  // later analyses ≈ 7 ms of self time, 159). On it, every pixel's reads, ratios, weight and
  // compares, then each output written with the new value where the pixel is taken and with its
  // own value elsewhere, read before the choice (decision 156): the chunks start at the face, so
  // its first one reaches all of it.
  // The tests combined by arithmetic (1 or 0), which no minifier turns back into a choice.
  for (let i = i0; i < i1; i++) {
    if (!measured[i]) continue;
    const t = texture[i] as number;
    const d0 = darkening[i] as number;
    const h0 = raw[i] as number;
    const s0 = support[i] as number;
    const offFold = (fold[i] as number) > foldLimit ? 0 : 1;
    const e = t / refTexture;
    const d = (refL - (localL[i] as number)) / refL;
    const h = hairness(e, d);
    const some = h > 0 ? 1 : 0;
    const hairy = offFold & some;
    texture[i] = offFold ? e : t;
    darkening[i] = offFold ? d : d0;
    raw[i] = hairy ? h : h0;
    support[i] = hairy ? 1 : s0;
  }
}

/**
 * The grown weight on the measured skin, and where it is at least ½ (`weight` and `mask`
 * zero-filled). Per HAIR_CHUNK pixels from the frame's middle row on, then the top ones, every
 * pixel read and written, each output's own value read before the choice (decision 159: the loop
 * was compiled on the stack before its first measured pixel, and thrown away there twice).
 * Exported for test/first-run-159.test.ts.
 */
export function weighOnSkin(
  grown: Float32Array,
  measured: Uint8Array,
  weight: Float32Array,
  mask: Uint8Array,
): void {
  const n = measured.length;
  const mid = Math.floor(n / (2 * HAIR_CHUNK)) * HAIR_CHUNK;
  for (let i = mid; i < n; i += HAIR_CHUNK)
    weighRange(grown, measured, weight, mask, i, Math.min(n, i + HAIR_CHUNK));
  for (let i = 0; i < mid; i += HAIR_CHUNK)
    weighRange(grown, measured, weight, mask, i, Math.min(mid, i + HAIR_CHUNK));
}

function weighRange(
  grown: Float32Array,
  measured: Uint8Array,
  weight: Float32Array,
  mask: Uint8Array,
  i0: number,
  i1: number,
): void {
  for (let i = i0; i < i1; i++) {
    const on = measured[i] !== 0 ? 1 : 0;
    const w = grown[i] as number;
    const w0 = weight[i] as number;
    const m0 = mask[i] as number;
    const half = w >= 0.5 ? 1 : 0;
    weight[i] = on ? w : w0;
    mask[i] = on & half ? 1 : m0;
  }
}

/*
 * A patch's loops as functions of their own: called once per patch (hundreds of patches), V8
 * optimises them after the first few instead of entering and leaving an optimised inner loop of
 * detectHair for every patch (decision 138). The same sums in the same order.
 */
function patchArea(members: readonly number[], raw: Float32Array): number {
  let area = 0;
  for (let m = 0; m < members.length; m++)
    area += ramp(2 * (raw[members[m] as number] as number) - 0.5);
  return area;
}

function scalePatch(members: readonly number[], raw: Float32Array, k: number): void {
  for (let m = 0; m < members.length; m++) {
    const i = members[m] as number;
    raw[i] = (raw[i] as number) * k;
  }
}

/**
 * The structure tensor of the fine L* detail (the high-pass's central differences), its three
 * entries smoothed over STRAND_SIGMA on the measured skin.
 */
function strandTensor(input: HairInput, pool?: Scratch): [Plane, Plane, Plane] {
  const { width, height, highPass, measured } = input;
  const xx = f32(pool, highPass.length);
  const yy = f32(pool, highPass.length);
  const xy = f32(pool, highPass.length);
  for (let y = 1; y < height - 1; y++) tensorRow(highPass, xx, yy, xy, y * width, width);
  const p = (data: Float32Array): Plane => ({ data, width, height });
  return maskedGaussianBlurHalf([p(xx), p(yy), p(xy)], measured, STRAND_SIGMA, pool) as [
    Plane,
    Plane,
    Plane,
  ];
}

/** strandTensor's row at `row` (a function of its own, decision 138). */
function tensorRow(
  highPass: Float32Array,
  xx: Float32Array,
  yy: Float32Array,
  xy: Float32Array,
  row: number,
  width: number,
): void {
  for (let x = 1, i = row + 1; x < width - 1; x++, i++) {
    const gx = ((highPass[i + 1] as number) - (highPass[i - 1] as number)) / 2;
    const gy = ((highPass[i + width] as number) - (highPass[i - width] as number)) / 2;
    xx[i] = gx * gx;
    yy[i] = gy * gy;
    xy[i] = gx * gy;
  }
}

/**
 * How much a patch whose centre lies above `above` is strands (0…1): its coherence (the smoothed
 * tensor's (λ₁ − λ₂) / (λ₁ + λ₂) averaged over the patch, each pixel weighted by its gradient
 * energy) ramped over STRAND_FROM…TO, or 1 if it is much darker than the skin; null below.
 */
function strandShare(
  members: readonly number[],
  [xx, yy, xy]: readonly [Plane, Plane, Plane],
  darkening: Float32Array,
  width: number,
  above: number,
): { coherence: number; darkening: number; weight: number } | null {
  let rows = 0;
  let sw = 0;
  let sc = 0;
  let sd = 0;
  for (const i of members) {
    rows += (i / width) | 0;
    const a = xx.data[i] as number;
    const b = yy.data[i] as number;
    const c = xy.data[i] as number;
    const tr = a + b;
    sw += tr;
    if (tr > 1e-9) sc += Math.sqrt((a - b) * (a - b) + 4 * c * c);
    sd += darkening[i] as number;
  }
  if (rows / members.length >= above) return null;
  const coherence = sw > 0 ? sc / sw : 0;
  const dark = sd / members.length;
  const strand = ramp((coherence - STRAND_FROM) / (STRAND_TO - STRAND_FROM));
  const dense = ramp((dark - STRAND_DARK) / 0.04 + 0.5);
  return { coherence, darkening: dark, weight: Math.max(strand, dense) };
}

/** How much a patch is a compact cluster (0…1): round enough and small enough (decision 158). */
function compactness(members: readonly number[], width: number, area: number): number {
  const elong = elongation(members, width);
  const round = 1 - ramp((elong - COMPACT_ELONG_FROM) / (COMPACT_ELONG_TO - COMPACT_ELONG_FROM));
  const small = 1 - ramp((area - COMPACT_AREA_FROM) / (COMPACT_AREA_TO - COMPACT_AREA_FROM));
  return round * small;
}

/** A set of pixels' elongation: √ of the ratio of its second moments' eigenvalues (1: round). */
export function elongation(members: readonly number[], width: number): number {
  const n = members.length;
  let mx = 0;
  let my = 0;
  for (let m = 0; m < n; m++) {
    const i = members[m] as number;
    mx += i % width;
    my += (i / width) | 0;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let m = 0; m < n; m++) {
    const i = members[m] as number;
    const dx = (i % width) - mx;
    const dy = ((i / width) | 0) - my;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  const half = (sxx + syy) / 2;
  const root = Math.sqrt(Math.max(0, half * half - (sxx * syy - sxy * sxy)));
  return Math.sqrt((half + root) / Math.max(1e-9, half - root));
}

const ramp = (v: number) => (v <= 0 ? 0 : v >= 1 ? 1 : v);

/**
 * Hair weight of one pixel from its texture ratio e and darkening d (both relative to the bare
 * reference skin): the binary rule "e ≥ T and d ≥ D, or e ≥ 2T and d ≥ 0" with each comparison
 * replaced by a ramp of half-width HAIR_SOFT (relative) or HAIR_SOFT_D (darkening).
 */
export function hairness(e: number, d: number): number {
  const t1 = ramp((e - (1 - HAIR_SOFT) * HAIR_TEXTURE) / (2 * HAIR_SOFT * HAIR_TEXTURE));
  const d1 = ramp((d - HAIR_DARKENING + HAIR_SOFT_D) / (2 * HAIR_SOFT_D));
  const t2 = ramp((e - 2 * (1 - HAIR_SOFT) * HAIR_TEXTURE) / (4 * HAIR_SOFT * HAIR_TEXTURE));
  const d2 = ramp((d + HAIR_SOFT_D) / (2 * HAIR_SOFT_D));
  return Math.max(Math.min(t1, d1), Math.min(t2, d2));
}

/**
 * One zone's skin: each pixel of its polygon ∩ skin `src` counts 1 − its hair weight (hair only
 * from row `hairFromY` down), marked in `out`; returns the soft pixel count and the hair. A function
 * of its own, called once per zone (decision 138); its loop runs in chunks of ZONE_CHUNK pixels
 * (zoneSkinRange), which V8 optimises at entry after a few chunks, where the loop entered once per
 * zone was compiled on the stack and that code thrown away at its end on a first analysis
 * (decision 151). The same arithmetic, the sums in the same order.
 */
export function zoneSkin(
  src: Uint8Array,
  hairWeight: Float32Array,
  skinW: Float32Array,
  mask: Uint8Array,
  measured: Uint8Array,
  core: Uint8Array,
  range: [number, number, number, number],
): [number, number] {
  const start = range[0];
  const end = range[1];
  const width = range[2];
  const hairFromY = range[3];
  zoneAcc[0] = 0;
  zoneAcc[1] = 0;
  for (let s = start; s < end; s += ZONE_CHUNK)
    zoneSkinRange(
      src,
      hairWeight,
      skinW,
      mask,
      measured,
      core,
      s,
      Math.min(end, s + ZONE_CHUNK),
      width,
      hairFromY,
    );
  return [zoneAcc[0] as number, zoneAcc[1] as number];
}

const ZONE_CHUNK = 1024;
/** zoneSkin's running soft pixel count and hair (a Float64Array holds every double exactly). */
const zoneAcc = new Float64Array(2);

/**
 * zoneSkin's pixels start…end. The planes come as arguments (decision 159: read from an object
 * made per call, the compile depended on that object's field types and was aborted for a
 * "dependency change" in most first analyses). The same loop as before otherwise: a zone's first
 * chunk, at its box's top row, already holds some of its pixels, and computing every pixel of the
 * box cost more than the deopts it would have saved (159).
 */
function zoneSkinRange(
  src: Uint8Array,
  hairWeight: Float32Array,
  skinW: Float32Array,
  mask: Uint8Array,
  measured: Uint8Array,
  core: Uint8Array,
  start: number,
  end: number,
  width: number,
  hairFromY: number,
): void {
  let pixels = zoneAcc[0] as number;
  let hairPx = zoneAcc[1] as number;
  // The running sums stored as they change, not after the loop: in Chromium's worker the first
  // chunk's loop was compiled on the stack before the code after it had run, and that code was
  // thrown away at the store after the loop on every later chunk (a hundred times in one run).
  for (let i = start; i < end; i++) {
    if (!src[i]) continue;
    const y = (i / width) | 0;
    const h = y >= hairFromY ? (hairWeight[i] as number) : 0;
    hairPx += h;
    zoneAcc[1] = hairPx;
    if (h >= 1) continue;
    const w = 1 - h;
    skinW[i] = w;
    mask[i] = 1;
    measured[i] = 1;
    if (w >= 0.5) core[i] = 1;
    pixels += w;
    zoneAcc[0] = pixels;
  }
}

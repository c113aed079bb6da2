import { REGIONS, type ExclusionReason, type RegionKey } from '@lumiskin/contract/analysis';
import type { FaceFrame, FrameRegion } from '../face/frame';
import { individualTypologyAngle } from '../image/color';
import {
  downsample2,
  downsampleMask2,
  gaussianBlur,
  maskedGaussianBlurHalf,
  maxFilter,
  upsample2,
} from '../image/filters';
import type { Plane } from '../image/raster';
import { f32, plane, u8, Scratch } from '../image/scratch';
import { detectBlobs, type Blob } from './blobs';
import { detectHair } from './hair';
import {
  detectComedones,
  detectInflammatory,
  lesionRingBuffers,
  lightnessHalf,
  spotIsolation,
  type Lesion,
  type LesionInput,
} from './lesions';
import { detrendedStd, maskedQuantile, maskedQuantiles } from './stats';

/**
 * Raw measurements per face region. Every number is a physical quantity on the working frame
 * (CIELAB units, fractions of the region's skin pixels, counts), documented in docs/skin-engine.md.
 * Working-frame pixels are ≈ 0.6 mm on the face (see WORK_FACE_HEIGHT).
 */
export interface RegionMeasurements {
  /** Skin pixels measured, and their share of the zone polygon (hair/brows/glasses drop out). */
  pixels: number;
  coverage: number;
  /** Mean CIELAB colour of the zone's skin. */
  L: number;
  a: number;
  b: number;
  chroma: number;
  /** % of skin pixels with a* above RED_A (visible redness). */
  red_area_pct: number;
  /** % of skin pixels that are specular highlights (shine), weighted by how bright they are. */
  shine_pct: number;
  /**
   * RMS of the fine band of L* (G₀.₈ − G₂.₀₅ of the equalised, tone-scaled L*), clipped at ±12:
   * surface roughness (decision 051; L* − G₂.₀₅ before, which JPEG re-quantisation noise reached).
   */
  roughness: number;
  /** Pigment-like dark blobs (2–6 mm, not red) and their number per 10,000 skin pixels (≈ 36 cm²). */
  dark_spots: number;
  dark_spot_density: number;
  /** Inflammatory lesions (2–6 mm, redder and darker than the skin around; lesions.ts), soft count. */
  blemishes: number;
  /** Fine dark blobs (≈ 1 mm) per 1,000 skin pixels (counted pores: `counts.pores`; no longer scored). */
  pore_density: number;
  /**
   * Visible pores, read continuously (decision 045): the dark-dot response at ≈ 1.5 mm (DoG
   * G₂.₀₅ − G₁.₂₈ of L* on the skin's own contrast, PORE_TONE_GAMMA) above PORE_FLOOR, each
   * pixel's excess clipped at PORE_CAP, summed per 1,000 skin pixels (L* units).
   */
  pore_depth: number;
  /** Comedones: fine dots far darker than the skin around, or fine pale domes (lesions.ts), soft count. */
  blackheads: number;
  /** % of skin pixels on a line-like dark valley (Hessian ridge measure, fine scales). */
  line_pct: number;
  /** Mean coarse-scale valley strength (folds), in L* units. */
  fold_strength: number;
  /**
   * Fine lines, read continuously (no threshold), on the zone's skin at least LINE_HAIR_MARGIN px
   * from hair left out (strands next to a fringe are not lines): mean fine valley strength
   * (Hessian at σ 2.05 ≈ 1.2 mm) and mean coarse valley strength (σ 3.3), each clipped at
   * LINE_CAP per pixel, in L* units.
   */
  fine_valley: number;
  line_fold: number;
  /** Mean coarse valley strength clipped at FOLD_CAP per pixel (firmness: folds, not edges). */
  fold_depth: number;
  /** Std of low-pass L* (detrended) and b* of the diffuse (non-shiny) skin: blotchiness. */
  tone_sd_L: number;
  tone_sd_b: number;
  /** Mean L* of the zone's skin above the nose tip (cheeks: the skin next to the under-eyes). */
  upper_L: number;
  /**
   * % of skin whose low-pass a* exceeds the diffuse baseline by DIFFUSE_RED_DA, each pixel counted
   * by a linear ramp over ± DIFFUSE_RED_SOFT around it: diffuse redness (decision 049).
   */
  diffuse_red_pct: number;
  /** Mean a* of the zone minus the face's baseline a* (its least-red quarter): relative erythema. */
  delta_a: number;
  /** Share of the zone polygon left out as hair (beard, stubble, fringe). */
  hair: number;
}

/** The zones lesions are read on (scoring.ts reads acne on the same): all but the under-eyes. */
export const LESION_ZONES: readonly RegionKey[] = [
  'forehead',
  'left_cheek',
  'right_cheek',
  'nose',
  'chin',
];

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
 * The diffuse-redness baseline: the mean of low-pass a* at these quantiles over all measured
 * skin, steadier than the single BASELINE_A_Q (which redness keeps) (decision 049).
 */
export const DIFFUSE_BASE_QS: readonly number[] = [0.15, 0.2, 0.25, 0.3, 0.35];
/** Quantile of low-pass a* taken as the face's baseline. */
export const BASELINE_A_Q = 0.25;

/** Blob thresholds (DoG response, CIELAB units); see blobs.ts for the response/contrast relation. */
export const SPOT_MIN_RESPONSE = 2;
/**
 * A dark spot's centre (G₁.₂₈ of L*) lies this far below its zone's diffuse skin (40th percentile);
 * soft over SOFT_FROM…SOFT_TO × it, like the response (decision 043; a hard 1.5 before).
 */
export const SPOT_MIN_DEPTH = 1.5;
/** A dark spot counts by the share of its disc of radius SPOT_DISC × σ on measured skin (043). */
export const SPOT_DISC = Math.SQRT2;
export const PORE_MIN_RESPONSE = 1.2;
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
 * better); ½ makes ρ ≈ 0 (0.01) and the gap 0.4 (decision 045).
 */
export const PORE_TONE_GAMMA = 0.5;
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
 * Fine lines are not read within this many working px (≈ 2 mm) of hair left out: the strands at
 * the edge of a fringe are dark valleys too (decision 038; a reasoned margin, not a fitted one).
 */
export const LINE_HAIR_MARGIN = 3;
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
 * pooled and +0.13 within the studio series (0.5: −0.15 / +0.03; decision 038).
 */
export const FOLD_TONE_GAMMA = 1;

/**
 * Darker skin reads higher in a* at equal redness (melanin absorbs green as well as blue; Del Bino
 * & Bernerd 2013 show a* rising from very light to brown skin). Without an allowance every darker
 * face would score "red". 0.1 a* per ITA° below 41 (the light/intermediate boundary), at most 4.
 */
export function rednessAllowance(ita: number): number {
  return Math.max(0, Math.min(4, (41 - ita) * 0.1));
}

export const L_SIGMAS = [0.8, 1.28, 2.05, 3.3, 5.2] as const;
export const A_SIGMAS = [1.28, 2.05, 3.3, 5.2] as const;

export interface FaceMeasurements {
  regions: Record<RegionKey, RegionMeasurements>;
  /** ITA° of the zones' median colour (Chardon et al. 1991). */
  ita: number;
  /** a* allowance for darker skin (see rednessAllowance), already applied to the red thresholds. */
  rednessAllowance: number;
  /** Share (0–1) of the measured skin with a clipped channel in the photo (decision 054). */
  clippedShare: number;
  blobs: {
    dark_spots: SoftBlob[];
    blemishes: SoftBlob[];
    pores: SoftBlob[];
    blackheads: SoftBlob[];
  };
  /** Working-frame masks: pixels on fine lines, and per zone the skin left out as hair. */
  masks: {
    lines: Uint8Array;
    excluded: Record<RegionKey, { hair: Uint8Array; reason: ExclusionReason }>;
  };
  /** Intermediate values for calibration work (engine `debug` option). */
  debug?: Record<string, unknown>;
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
): void {
  const ramp = (v: number) => (v <= 0 ? 0 : v >= 1 ? 1 : v);
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const desaturated = ramp((refChroma - (chroma[i] as number)) / (0.5 * refChroma));
    if (desaturated === 0) continue;
    const excess = (L[i] as number) - refL;
    const bright = ramp((excess - SHINE_DL) / 10);
    const glint = 0.3 * ramp(((highPass[i] as number) - 3) / 4) * ramp((excess - 2) / 4);
    out[i] = desaturated * Math.max(bright, glint);
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

/**
 * Dark-valley strength from the Hessian of G_σ(L*): with eigenvalues λ1 ≥ λ2, a dark line has a
 * large positive λ1 across it and λ2 ≈ 0 along it; σ²·(λ1 − |λ2|) is high on lines and ≈ 0 on
 * round spots (Frangi et al. 1998 use the same eigenvalue contrast for vessels).
 */
export function valleyStrength(smoothed: Plane, sigma: number, pool?: Scratch): Float32Array {
  const { data, width, height } = smoothed;
  const out = f32(pool, data.length);
  const s2 = sigma * sigma;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const c = data[i] as number;
      const a = (data[i - 1] as number) + (data[i + 1] as number) - 2 * c;
      const d = (data[i - width] as number) + (data[i + width] as number) - 2 * c;
      const b =
        ((data[i + width + 1] as number) -
          (data[i + width - 1] as number) -
          (data[i - width + 1] as number) +
          (data[i - width - 1] as number)) /
        4;
      const half = (a + d) / 2;
      const root = Math.sqrt(((a - d) / 2) ** 2 + b * b);
      const l1 = half + root;
      const l2 = half - root;
      const v = s2 * (l1 - Math.abs(l2));
      out[i] = v > 0 ? v : 0;
    }
  }
  return out;
}

/**
 * Soft counting: a blob is detected from SOFT_FROM × its threshold and counts with a weight that
 * ramps to 1 at SOFT_TO × the threshold, so a re-compression or resize that nudges a borderline
 * spot's contrast moves the count by a fraction, not by one whole spot (a hard cut-off made
 * JPEG re-saves move pores by 15 points).
 */
export const SOFT_FROM = 0.7;
export const SOFT_TO = 1.3;

export interface SoftBlob extends Blob {
  weight: number;
}

export function softWeight(response: number, threshold: number): number {
  const w = (response - SOFT_FROM * threshold) / ((SOFT_TO - SOFT_FROM) * threshold);
  return w <= 0 ? 0 : w >= 1 ? 1 : w;
}

function withWeights(blobs: Blob[], threshold: number): SoftBlob[] {
  return blobs.map((b) => ({ ...b, weight: softWeight(b.response, threshold) }));
}

/**
 * Share of the disc of radius r around (x, y) that lies in the mask: how much of a blob is on
 * measured skin. A blob astride a zone's edge counts by it (decision 043).
 */
export function discShare(
  mask: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
  r: number,
): number {
  const rr = Math.ceil(r);
  let n = 0;
  let k = 0;
  for (let dy = -rr; dy <= rr; dy++)
    for (let dx = -rr; dx <= rr; dx++) {
      if (dx * dx + dy * dy > r * r) continue;
      n++;
      const xx = x + dx;
      const yy = y + dy;
      if (xx >= 0 && yy >= 0 && xx < width && yy < height && mask[yy * width + xx]) k++;
    }
  return n ? k / n : 0;
}

/** Soft count of the blobs centred in the mask, each weighted by the skin weight around it. */
function countIn(
  blobs: SoftBlob[],
  mask: Uint8Array,
  width: number,
  skinWeight: (x: number, y: number) => number,
): number {
  let n = 0;
  for (const b of blobs) if (mask[b.y * width + b.x]) n += b.weight * skinWeight(b.x, b.y);
  return n;
}

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

/** The blobs that count as found (weight ≥ ½, i.e. contrast at about the threshold). */
export function counted<T extends SoftBlob>(blobs: T[]): T[] {
  return blobs.filter((b) => b.weight >= 0.5);
}

/**
 * Contrast normalisation for skin tone: lightness differences are measured in L* scaled by
 * (L*ref / CONTRAST_REF_L)^CONTRAST_GAMMA around the skin's own lightness. In L*, the same
 * surface detail reads stronger on darker skin (glints and shadows of a given size add a fixed
 * amount of light to a darker background); γ = 1 was fitted on the calibration half so that no
 * texture measure correlates with ITA° (docs/skin-engine.md, "Tone fairness").
 */
export const CONTRAST_REF_L = 60;
/**
 * Common effective blur of the working frame (σ in working px): that of a face about 220 px
 * high (the smallest the quality gate accepts) enlarged to WORK_FACE_HEIGHT.
 */
export const EFFECTIVE_BLUR = 0.75;
export const CONTRAST_GAMMA = 1;
/** Common effective blur of a* (working px): fine colour detail that a JPEG re-save removes. */
export const EFFECTIVE_CHROMA_BLUR = 1.5;

export function contrastScale(referenceL: number): number {
  return Math.max(0.4, Math.min(1.4, (referenceL / CONTRAST_REF_L) ** CONTRAST_GAMMA));
}

/**
 * Gaussian scale spaces. Fine L* levels are computed at full working resolution by cascading
 * (blurring G(σᵢ) by √(σᵢ₊₁² − σᵢ²)); the coarse L* levels and a* (which JPEG stores at half
 * resolution anyway, 4:2:0) at half resolution, then upsampled.
 */
function scaleSpaces(frame: FaceFrame, lightness: Plane, chromaExtra: number, pool: Scratch) {
  const { lab, width, height } = frame;
  const step = (from: number, to: number) => Math.sqrt(to * to - from * from);
  const L0 = gaussianBlur(lightness, L_SIGMAS[0], pool);
  const L1 = gaussianBlur(L0, step(L_SIGMAS[0], L_SIGMAS[1]), pool);
  const L2 = gaussianBlur(L1, step(L_SIGMAS[1], L_SIGMAS[2]), pool);
  // 2×2 averaging adds ≈ 0.29 half-pixels of blur (box of width 1 at half scale: 1/√12).
  const boxSigma = 1 / Math.sqrt(12);
  const half2 = downsample2(L2, pool);
  const s2 = Math.hypot(L_SIGMAS[2] / 2, boxSigma);
  const L3h = gaussianBlur(half2, step(s2, L_SIGMAS[3] / 2), pool);
  const L4h = gaussianBlur(L3h, step(L_SIGMAS[3] / 2, L_SIGMAS[4] / 2), pool);
  const Ls = [L0, L1, L2, upsample2(L3h, width, height, pool), upsample2(L4h, width, height, pool)];

  const aHalf = downsample2(lab.a, pool);
  const A0 = gaussianBlur(
    aHalf,
    Math.sqrt((A_SIGMAS[0] / 2) ** 2 - boxSigma ** 2 + (chromaExtra / 2) ** 2),
    pool,
  );
  const A1 = gaussianBlur(A0, step(A_SIGMAS[0] / 2, A_SIGMAS[1] / 2), pool);
  const A2 = gaussianBlur(A1, step(A_SIGMAS[1] / 2, A_SIGMAS[2] / 2), pool);
  const A3 = gaussianBlur(A2, step(A_SIGMAS[2] / 2, A_SIGMAS[3] / 2), pool);
  const aStackHalf = [A0, A1, A2, A3];

  return {
    Ls,
    aStackHalf,
    lowA: upsample2(A3, width, height, pool).data,
  };
}
/** Low-pass scale for tone evenness (≈ 2.5 mm): blotches, not pores. */
export const TONE_SIGMA = 4;
/** Smoothing of the hair weight around a counted mark (working px, ≈ 2 mm). */
export const BLOB_HAIR_SIGMA = 3;
/** Pixels with a specular weight above this are left out of the tone planes (surface, not pigment). */
export const TONE_MAX_SHINE = 0.05;

/**
 * Every measurement of one working frame. Its temporaries come from `pool` and go back to it when
 * the call returns (decision 044): an engine passes its own Scratch, so the next photo reuses the
 * memory; without one, a fresh Scratch behaves as plain allocation.
 */
export function measureFace(
  frame: FaceFrame,
  pool: Scratch = new Scratch(),
  /** Also return `debug` (intermediate values for calibration work; the engine's debug option). */
  debug = false,
): FaceMeasurements {
  return pool.lend((p) => measure(frame, p, debug));
}

function measure(frame: FaceFrame, pool: Scratch, debug: boolean): FaceMeasurements {
  const { width, height, lab, reference } = frame;
  const ita = individualTypologyAngle(reference.L, reference.b);
  const allowance = rednessAllowance(ita);
  // Lightness for the texture measures (contrast scaled to the skin's own lightness); the raw L*
  // (Lraw) is kept for colour, shine and the zones' mean lightness.
  const Lraw = lab.L.data;
  const cs = contrastScale(reference.L);
  const lightness = plane(pool, width, height, false);
  for (let i = 0; i < Lraw.length; i++)
    lightness.data[i] = reference.L + ((Lraw[i] as number) - reference.L) * cs;
  // Every photo is brought to the same effective resolution before the fine scales: a face
  // enlarged to the working frame is already blurred by ≈ ½ source pixel; sharper sources get
  // the difference, so a re-save or a resize does not change what the finest filters see.
  const sourceBlur = 0.5 * Math.max(1, frame.scale);
  const extra = Math.sqrt(Math.max(0, EFFECTIVE_BLUR ** 2 - sourceBlur ** 2));
  const equalised = extra > 0.05 ? gaussianBlur(lightness, extra, pool) : lightness;
  // Chroma likewise: JPEG keeps colour at half resolution (4:2:0) or less, and a re-save or a
  // resize changes how much fine colour detail survives, so a* gets a common effective blur.
  const chromaExtra = Math.sqrt(Math.max(0, EFFECTIVE_CHROMA_BLUR ** 2 - sourceBlur ** 2));
  const { Ls, aStackHalf, lowA } = scaleSpaces(frame, equalised, chromaExtra, pool);
  const L = equalised.data;
  const A = lab.a.data;
  const B = lab.b.data;
  const G2 = Ls[2] as Plane;
  const highPass = f32(pool, L.length, false);
  for (let i = 0; i < L.length; i++) highPass[i] = (L[i] as number) - (G2.data[i] as number);

  const skinAll = u8(pool, L.length);
  for (const r of REGIONS) {
    const { mask: m, bounds } = frame.regions[r];
    for (let i = bounds.y0 * width; i < bounds.y1 * width; i++) if (m[i]) skinAll[i] = 1;
  }
  // Hair over skin (beard, stubble, fringe): found relative to the bare upper cheeks, left out.
  const lowerFaceY = Math.round(frame.noseTipY);
  const cheekRef = u8(pool, L.length);
  for (const r of ['left_cheek', 'right_cheek'] as const) {
    const { mask: m, bounds } = frame.regions[r];
    const end = Math.min(m.length, lowerFaceY * width, bounds.y1 * width);
    for (let i = bounds.y0 * width; i < end; i++) if (m[i]) cheekRef[i] = 1;
  }
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
    },
    pool,
  );
  const zones = {} as Record<RegionKey, FrameRegion & { hair: number; reason: ExclusionReason }>;
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
    let pixels = 0;
    let hairPx = 0;
    const { bounds } = src;
    for (let i = bounds.y0 * width; i < bounds.y1 * width; i++) {
      if (!src.mask[i]) continue;
      // Hair is looked for on the forehead (fringe) and the lower face (beard, moustache).
      const y = (i / width) | 0;
      const eligible = r === 'forehead' || y >= lowerFaceY - 4;
      const h = eligible ? (hair.weight[i] as number) : 0;
      hairPx += h;
      if (h >= 1) continue;
      const w = 1 - h;
      skinW[i] = w;
      mask[i] = 1;
      measured[i] = 1;
      if (w >= 0.5) core[i] = 1;
      pixels += w;
    }
    const polyPx = src.pixels / Math.max(1e-6, src.coverage);
    zones[r] = {
      ...src,
      mask,
      pixels,
      coverage: polyPx > 0 ? pixels / polyPx : 0,
      hair: polyPx > 0 ? hairPx / polyPx : 0,
      reason: r === 'forehead' ? 'hair' : 'beard',
    };
  }

  // (core lies within the zones' rows: only those are scanned.)
  const { zoneRows } = frame;
  const baseA = maskedQuantile(lowA, core, BASELINE_A_Q, zoneRows);
  let nClipped = 0;
  let nCore = 0;
  for (let i = zoneRows.start; i < zoneRows.end; i++) {
    if (!core[i]) continue;
    nCore++;
    if (frame.clipped?.[i]) nClipped++;
  }
  // Diffuse redness reads against a steadier baseline: the mean of a band of percentiles, which a
  // re-compression's chroma quantisation moves less than one percentile (decision 049).
  const diffuseQs = maskedQuantiles(lowA, core, DIFFUSE_BASE_QS, zoneRows);
  const diffuseBase = diffuseQs.reduce((a, v) => a + v, 0) / diffuseQs.length;
  // A counted mark (spot, pore, blemish, blackhead) weighs by the skin around it, not only at its
  // centre: 1 − the hair weight smoothed over ≈ 2 mm (σ BLOB_HAIR_SIGMA), or at the centre if
  // higher. A dark dot at the edge of a beard is more likely a follicle than a spot, and the
  // smoothed weight moves little when a re-save nudges the beard's edge by a pixel.
  let anyHair = false;
  for (let i = 0; i < L.length; i++)
    if (skinAll[i] && (skinW[i] as number) < 1) {
      anyHair = true;
      break;
    }
  // Smoothed at half resolution and read (bilinearly) only at the marks' centres.
  let nearHair: Plane | null = null;
  // The hair weight over the skin (0 elsewhere), and where it is > 0; fine lines widen it below.
  let hairHere: Plane | null = null;
  let hairSupport: Uint8Array | null = null;
  if (anyHair) {
    hairHere = plane(pool, width, height);
    hairSupport = u8(pool, L.length);
    for (let i = 0; i < L.length; i++) {
      if (!skinAll[i]) continue;
      const h = 1 - (skinW[i] as number);
      if (h > 0) {
        hairHere.data[i] = h;
        hairSupport[i] = 1;
      }
    }
    nearHair = gaussianBlur(downsample2(hairHere, pool), BLOB_HAIR_SIGMA / 2, pool);
  }
  const blobSkinW = (x: number, y: number): number => {
    const w = skinW[y * width + x] as number;
    if (!nearHair) return w;
    const h = Math.max(1 - w, sampleUp2(nearHair, x, y));
    return h >= 1 ? 0 : 1 - h;
  };

  // Inflammatory lesions (decision 057): blobs redder and darker than the skin around them,
  // read against that skin on the relative (L* + 16) scale; each counts by its soft weight, by
  // the share of its disc on measured skin (decision 043) and, in countIn, by the hair around it.
  const measuredHalf = downsampleMask2(core, width, height, pool);
  const coarseL = (Ls[4] as Plane).data;
  const halfSigmas = A_SIGMAS.map((s) => s / 2);
  const chroma = f32(pool, L.length, false);
  for (let i = 0; i < L.length; i++) {
    const ai = A[i] as number;
    const bi = B[i] as number;
    chroma[i] = Math.sqrt(ai * ai + bi * bi);
  }
  const shine = f32(pool, L.length);
  shineWeights(Lraw, chroma, highPass, measured, reference.L, reference.chroma, shine);
  // The ring contrasts read colour at the common effective chroma blur and plain L* at the common
  // effective blur (as the stacks do): a re-save's chroma subsampling halves a small papule's raw
  // a* contrast, and must not decide whether it is found.
  const lesionInput: LesionInput = {
    width,
    height,
    L: (extra > 0.05 ? gaussianBlur(lab.L, extra, pool) : lab.L).data,
    A: (chromaExtra > 0.05 ? gaussianBlur(lab.a, chromaExtra, pool) : lab.a).data,
    B: (chromaExtra > 0.05 ? gaussianBlur(lab.b, chromaExtra, pool) : lab.b).data,
    aStackHalf,
    halfSigmas,
    lHalf0: lightnessHalf(lab.L, Math.hypot(halfSigmas[0] as number, chromaExtra / 2), pool),
    core,
    coreHalf: measuredHalf,
    shine,
    fineDark: detectBlobs(Ls, L_SIGMAS, {
      polarity: 'dark',
      fromLevel: 0,
      toLevel: 1,
      minResponse: 0.5,
      mask: core,
      separation: 1.5,
    }),
    fineBright: detectBlobs(Ls, L_SIGMAS, {
      polarity: 'bright',
      fromLevel: 0,
      toLevel: 1,
      minResponse: 0.5,
      mask: core,
      separation: 1.5,
    }),
  };
  // Lesions are read on the skin of the zones acne is scored on (the under-eyes' crease and the
  // eyelids are not part of it).
  const acneSkin = u8(pool, L.length);
  for (const r of LESION_ZONES) {
    const { mask: m, bounds } = frame.regions[r];
    for (let i = bounds.y0 * width; i < bounds.y1 * width; i++)
      if (m[i] && core[i]) acneSkin[i] = 1;
  }
  const inflammatory = detectInflammatory({ ...lesionInput, core: acneSkin }, pool);
  const blemishes: Lesion[] = inflammatory
    .map((bl) => ({
      ...bl,
      weight: bl.weight * discShare(core, width, height, bl.x, bl.y, SPOT_DISC * bl.sigma),
    }))
    .filter(
      (bl) =>
        bl.weight > 0 &&
        (L[bl.y * width + bl.x] as number) - (coarseL[bl.y * width + bl.x] as number) < 4,
    );
  /** The largest weight of a blemish within r + 2σ of (x, y): how much a dark blob there is one. */
  const blemishNear = (x: number, y: number, r: number) => {
    let w = 0;
    for (const b of blemishes)
      if (b.weight > w && (b.x - x) ** 2 + (b.y - y) ** 2 < (r + 2 * b.sigma) ** 2) w = b.weight;
    return w;
  };

  // Each zone's median lightness and chroma: "darker than this skin", "shinier than this skin".
  const zoneOf = pool.i8(L.length, false).fill(-1);
  const zoneL: number[] = [];
  const zoneC: number[] = [];
  const diffuse = u8(pool, L.length);
  const mask = u8(pool, L.length);
  REGIONS.forEach((r, k) => {
    const { mask: zoneMask, bounds } = zones[r];
    const range = { start: bounds.y0 * width, end: bounds.y1 * width };
    for (let i = range.start; i < range.end; i++) if (zoneMask[i]) zoneOf[i] = k;
    // The zone's pixels that are at least half skin (quantiles need a set).
    mask.fill(0, range.start, range.end);
    for (let i = range.start; i < range.end; i++) if (zoneMask[i] && core[i]) mask[i] = 1;
    // The zone's diffuse (non-shiny) skin: 40th percentile of L*, and the median chroma of the
    // pixels below the 60th percentile. Highlights or spots covering part of the zone barely move
    // these, so "brighter/darker than this skin" stays anchored.
    const q40 = maskedQuantile(L, mask, 0.4, range);
    const q60 = maskedQuantile(L, mask, 0.6, range);
    diffuse.fill(0, range.start, range.end);
    for (let i = range.start; i < range.end; i++)
      if (mask[i] && (L[i] as number) <= q60) diffuse[i] = 1;
    zoneL.push(q40);
    zoneC.push(maskedQuantile(chroma, diffuse, 0.5, range));
  });
  const zoneBaseL = (i: number) => zoneL[zoneOf[i] as number] ?? reference.L;

  // Dark spots: dark blobs on L*, 2–6 mm, darker than the zone's typical skin, not blemishes.
  // (Without the last two tests, the skin between bright highlights would read as "dark".)
  // Every test is soft like the response (decision 043): a spot counts by how far its centre is
  // below the zone's diffuse skin (softWeight of the depth against SPOT_MIN_DEPTH), by 1 − the
  // weight of the strongest blemish around it, and by the share of its disc (radius √2σ) that is
  // measured skin. The zones' edges follow the face mesh, which moves by a working pixel between
  // two exposures of one photo: a dark blob astride an edge (a nostril's rim, a brow's shadow)
  // was counted whole or not at all, and alone moved dark spots by 4 points.
  const spotRings = lesionRingBuffers();
  const noseMask = frame.regions.nose.mask;
  const darkSpots = withWeights(
    detectBlobs(Ls, L_SIGMAS, {
      polarity: 'dark',
      fromLevel: 1,
      toLevel: 3,
      minResponse: SOFT_FROM * SPOT_MIN_RESPONSE,
      mask: core,
    }),
    SPOT_MIN_RESPONSE,
  )
    .map((bl) => {
      const i = bl.y * width + bl.x;
      const depth = zoneBaseL(i) - ((Ls[1] as Plane).data[i] as number);
      const base =
        bl.weight *
        softWeight(depth, SPOT_MIN_DEPTH) *
        (1 - blemishNear(bl.x, bl.y, bl.sigma)) *
        discShare(core, width, height, bl.x, bl.y, SPOT_DISC * bl.sigma);
      // A spot is darker than the skin on every side; the edge of a shadow (along the nose, under
      // a brow) on one half only (decision 057).
      // Not on the nose: its relief shades its sides into spot-sized dark patches that no
      // test at this resolution tells from pigment.
      const weight =
        base > 0 && !noseMask[i]
          ? base * spotIsolation(lesionInput, bl.x, bl.y, bl.sigma, spotRings)
          : 0;
      return { ...bl, weight };
    })
    .filter((bl) => bl.weight > 0);

  // Pores: fine dark blobs (level 0, ≈ 1 mm).
  const poreBlobs = detectBlobs(Ls, L_SIGMAS, {
    polarity: 'dark',
    fromLevel: 0,
    toLevel: 0,
    minResponse: SOFT_FROM * PORE_MIN_RESPONSE,
    mask: core,
    separation: 1.5,
  });
  const pores = withWeights(poreBlobs, PORE_MIN_RESPONSE);
  // Comedones (decision 057): fine dots far darker than the skin around them and than a pore, or
  // fine pale domes that are not glints, read on the relative scale like inflammatory lesions.
  const blackheads = detectComedones(lesionInput).filter((bl) => bl.weight > 0);

  const fineValley1 = valleyStrength(Ls[1] as Plane, L_SIGMAS[1], pool);
  const fineValley2 = valleyStrength(G2, L_SIGMAS[2], pool);
  // Skin next to hair left out (the fringe's edge) is not read for fine lines: a pixel counts for
  // them by 1 − the largest hair weight within LINE_HAIR_MARGIN px (a grey dilation of the soft
  // hair weight; with a 0/1 weight it is decision 038's binary margin).
  const lineHair =
    hairHere && hairSupport
      ? maxFilter(hairHere.data, hairSupport, width, height, LINE_HAIR_MARGIN, pool)
      : null;
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
  for (let i = 0; i < L.length; i++) {
    if (!measured[i]) continue;
    const base = zoneBaseL(i);
    let f = 0;
    if ((A[i] as number) > baseA + RED_DA) f |= 1;
    const w1 =
      (L1[i] as number) < base - 1 ? softWeight(fineValley1[i] as number, LINE_MIN_STRENGTH) : 0;
    const w2 =
      (L2[i] as number) < base - 1 ? softWeight(fineValley2[i] as number, LINE_MIN_STRENGTH) : 0;
    const lw = Math.max(w1, w2);
    lineWeight[i] = lw;
    // Drawn as a line only away from hair (the strands at a fringe's edge are not lines).
    if (lw >= 0.5 && (!lineHair || (lineHair[i] as number) < 0.5)) f |= 2;
    const dr =
      ((lowA[i] as number) - diffuseBase - DIFFUSE_RED_DA + DIFFUSE_RED_SOFT) / DIFFUSE_RED_SOFT;
    diffuseW[i] = dr <= 0 ? 0 : dr >= 2 ? 1 : dr / 2;
    flags[i] = f;
    const band = ((L0[i] as number) - (L2[i] as number)) * textureToneScale;
    const h = Math.max(-ROUGHNESS_CLIP, Math.min(ROUGHNESS_CLIP, band));
    rough[i] = h * h;
  }
  // Tone (even tone, radiance): low-pass L* and b* of the diffuse skin only. Highlights are the
  // surface reflection (oiliness measures them): a glint adds a fixed amount of light, so it
  // reads far stronger in L* on darker skin and made darker skin look "uneven". Plain L*, not
  // the contrast-scaled lightness of the fine texture measures: a blotch of pigment changes the
  // body reflection, and CIELAB is built so an equal ΔL* is an equally visible difference.
  const body = f32(pool, L.length);
  for (let i = 0; i < L.length; i++)
    if (measured[i] && (shine[i] as number) <= TONE_MAX_SHINE) body[i] = skinW[i] as number;
  const [lowLPlane, lowBPlane] = maskedGaussianBlurHalf([lab.L, lab.b], body, TONE_SIGMA, pool) as [
    Plane,
    Plane,
  ];
  const lowL = lowLPlane.data;
  const lowB = lowBPlane.data;
  const regions = {} as Record<RegionKey, RegionMeasurements>;
  for (const r of REGIONS) {
    const { mask, pixels, coverage, bounds } = zones[r];
    let sL = 0;
    let sa = 0;
    let sb = 0;
    let sc = 0;
    let sFold = 0;
    let sFoldCap = 0;
    let sFine = 0;
    let sFineAll = 0;
    let sFoldLineAll = 0;
    let sLineFold = 0;
    let nLineSkin = 0;
    let sShine = 0;
    let sPore = 0;
    let sRough = 0;
    let nRed = 0;
    let nLine = 0;
    let nDiffuse = 0;
    let sUpper = 0;
    let nUpper = 0;
    const cheek = r === 'left_cheek' || r === 'right_cheek';
    const upperEnd = cheek ? Math.min(bounds.y1, Math.floor(frame.noseTipY)) : bounds.y1;
    for (let y = bounds.y0; y < bounds.y1; y++) {
      for (let i = y * width + bounds.x0, end = y * width + bounds.x1; i < end; i++) {
        if (!mask[i]) continue;
        const w = skinW[i] as number;
        if (y < upperEnd) {
          sUpper += w * (Lraw[i] as number);
          nUpper += w;
        }
        sL += w * (Lraw[i] as number);
        sa += w * (A[i] as number);
        sb += w * (B[i] as number);
        sc += w * (chroma[i] as number);
        const fold = coarseValley[i] as number;
        sFold += w * fold;
        sFoldCap += w * (fold < foldCap ? fold : foldCap);
        const fine = fineValley2[i] as number;
        const fineC = fine < LINE_CAP ? fine : LINE_CAP;
        const foldC = fold < LINE_CAP ? fold : LINE_CAP;
        sFineAll += w * fineC;
        sFoldLineAll += w * foldC;
        // Fine lines weigh each pixel by the skin around it (lineHair ≥ this pixel's own hair).
        const lw = lineHair ? 1 - (lineHair[i] as number) : w;
        if (lw > 0) {
          sFine += lw * fineC;
          sLineFold += lw * foldC;
          nLineSkin += lw;
        }
        sShine += w * (shine[i] as number);
        const dot = ((L2[i] as number) - (L1[i] as number)) * poreToneScale - PORE_FLOOR;
        if (dot > 0) sPore += w * (dot < PORE_CAP ? dot : PORE_CAP);
        sRough += w * (rough[i] as number);
        const f = flags[i] as number;
        nRed += w * (f & 1);
        nLine += w * (lineWeight[i] as number);
        nDiffuse += w * (diffuseW[i] as number);
      }
    }
    const n = Math.max(1, pixels);
    const spots = countIn(darkSpots, mask, width, blobSkinW);
    regions[r] = {
      pixels,
      coverage,
      L: sL / n,
      a: sa / n,
      b: sb / n,
      chroma: sc / n,
      red_area_pct: (100 * nRed) / n,
      shine_pct: (100 * sShine) / n,
      roughness: Math.sqrt(sRough / n),
      dark_spots: spots,
      dark_spot_density: (10000 * spots) / n,
      blemishes: countIn(blemishes, mask, width, blobSkinW),
      pore_density: (1000 * countIn(pores, mask, width, blobSkinW)) / n,
      pore_depth: (1000 * sPore) / n,
      blackheads: countIn(blackheads, mask, width, blobSkinW),
      line_pct: (100 * nLine) / n,
      fold_strength: sFold / n,
      // A zone nearly all beside hair is read whole rather than from a handful of pixels.
      fine_valley: nLineSkin >= 30 ? sFine / nLineSkin : sFineAll / n,
      line_fold: nLineSkin >= 30 ? sLineFold / nLineSkin : sFoldLineAll / n,
      fold_depth: (foldToneScale * sFoldCap) / n,
      tone_sd_L: detrendedStd(lowL, mask, width, bounds, body),
      tone_sd_b: detrendedStd(lowB, mask, width, bounds, body),
      upper_L: nUpper ? sUpper / nUpper : sL / n,
      diffuse_red_pct: (100 * nDiffuse) / n,
      delta_a: pixels ? sa / n - baseA : 0,
      hair: zones[r].hair,
    };
  }
  const lineMask = new Uint8Array(L.length);
  for (let i = 0; i < L.length; i++) if ((flags[i] as number) & 2) lineMask[i] = 1;
  const excluded = {} as Record<RegionKey, { hair: Uint8Array; reason: ExclusionReason }>;
  for (const r of REGIONS) {
    const src = frame.regions[r];
    const hairPx = new Uint8Array(L.length);
    const { bounds } = src;
    for (let i = bounds.y0 * width; i < bounds.y1 * width; i++)
      if (src.mask[i] && !core[i]) hairPx[i] = 1;
    excluded[r] = { hair: hairPx, reason: zones[r].reason };
  }
  return {
    regions,
    masks: { lines: lineMask, excluded },
    ita,
    rednessAllowance: allowance,
    clippedShare: nCore ? nClipped / nCore : 0,
    blobs: { dark_spots: darkSpots, blemishes, pores, blackheads },
    ...(debug
      ? {
          debug: {
            ...hairDebug(hair, frame.regions.chin.mask, baseA),
            lesions: [...blemishes, ...blackheads].map((b) => [
              b.kind,
              b.x,
              b.y,
              +b.sigma.toFixed(1),
              +b.weight.toFixed(2),
              ...b.contrast.map((v) => +v.toFixed(1)),
            ]),
            blemishes: blemishes.map((b) => [
              b.x,
              b.y,
              +b.sigma.toFixed(1),
              +b.response.toFixed(2),
              +b.weight.toFixed(2),
            ]),
          },
        }
      : {}),
  };
}

function hairDebug(hair: ReturnType<typeof detectHair>, chin: Uint8Array, baseA: number) {
  const q = (v: Float32Array, p: number) => maskedQuantile(v, chin, p);
  return {
    baseA,
    chinE: [q(hair.texture, 0.5), q(hair.texture, 0.75), q(hair.texture, 0.9)],
    chinD: [q(hair.darkening, 0.5), q(hair.darkening, 0.75), q(hair.darkening, 0.9)],
  };
}

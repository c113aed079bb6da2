import { connectedComponents, dilate } from '../image/mask';
import { maskedGaussianBlurHalf } from '../image/filters';
import type { Plane } from '../image/raster';
import { maskedQuantile } from './stats';

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
}

export interface HairMap {
  /** 1 where hair (or a frame) covers the skin. */
  mask: Uint8Array;
  /** Per-pixel texture and darkening ratios, for calibration work. */
  texture: Float32Array;
  darkening: Float32Array;
  refTexture: number;
  refL: number;
}

export function detectHair(input: HairInput): HairMap {
  const { width, height, highPass, L, measured, reference, fold } = input;
  const energy: Plane = { data: new Float32Array(L.length), width, height };
  for (let i = 0; i < L.length; i++) {
    const h = highPass[i] as number;
    energy.data[i] = h * h;
  }
  const [localE, localL] = maskedGaussianBlurHalf(
    [energy, { data: L, width, height }],
    measured,
    HAIR_SIGMA,
  ) as [Plane, Plane];
  const texture = new Float32Array(L.length);
  for (let i = 0; i < L.length; i++) texture[i] = Math.sqrt(Math.max(0, localE.data[i] as number));
  const refTexture = Math.max(0.05, maskedQuantile(texture, reference, 0.5));
  const refL = Math.max(5, maskedQuantile(localL.data, reference, 0.5));
  const darkening = new Float32Array(L.length);
  const raw = new Uint8Array(L.length);
  for (let i = 0; i < L.length; i++) {
    if (!measured[i]) continue;
    if (fold && (fold[i] as number) > HAIR_FOLD) continue;
    const e = (texture[i] as number) / refTexture;
    const d = (refL - (localL.data[i] as number)) / refL;
    texture[i] = e;
    darkening[i] = d;
    if ((e >= HAIR_TEXTURE && d >= HAIR_DARKENING) || (e >= 2 * HAIR_TEXTURE && d >= 0)) raw[i] = 1;
  }
  // Hair covers an area; a spot, a blemish or a painted mark is small: keep large patches only.
  dropSmallComponents(raw, width, height, HAIR_MIN_AREA);
  // Strands' edges are softer than the rule: widen by 2 px (≈ 1 mm), within the skin.
  const grown = dilate(raw, width, height, 2);
  const mask = new Uint8Array(L.length);
  for (let i = 0; i < L.length; i++) if (grown[i] && measured[i]) mask[i] = 1;
  return { mask, texture, darkening, refTexture, refL };
}

/** Clears 8-connected components of `mask` smaller than `minArea` pixels, in place. */
export function dropSmallComponents(
  mask: Uint8Array,
  width: number,
  height: number,
  minArea: number,
): void {
  for (const members of connectedComponents(mask, width, height))
    if (members.length < minArea) for (const i of members) mask[i] = 0;
}

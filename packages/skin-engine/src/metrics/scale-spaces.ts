import type { FaceFrame } from '../face/frame';
import { downsample2, gaussianBlur, upsample2 } from '../image/filters';
import type { Plane } from '../image/raster';
import { difference, scaleAbout } from '../image/pixel-loops';
import { f32, plane, type Scratch } from '../image/scratch';

/**
 * The working frame's preparation for the skin measures (split from skin.ts, no change): the
 * lightness brought to the common effective resolution and to the skin's own contrast, a* given a
 * common effective blur, and their Gaussian scale spaces. skin.ts builds the measures' context
 * (hair, skin weights, baselines, shine) on top of what `equalised` returns.
 */

export const L_SIGMAS = [0.8, 1.28, 2.05, 3.3, 5.2] as const;
export const A_SIGMAS = [1.28, 2.05, 3.3, 5.2] as const;

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

/**
 * Lightness brought to the common effective resolution and the skin's own contrast, its scale
 * spaces, and plain a*, b*.
 */
export function equalised(frame: FaceFrame, pool: Scratch) {
  const { width, height, lab, reference } = frame;
  // Lightness for the texture measures (contrast scaled to the skin's own lightness); the raw L*
  // (Lraw) is kept for colour, shine and the zones' mean lightness.
  const Lraw = lab.L.data;
  const cs = contrastScale(reference.L);
  const lightness = plane(pool, width, height, false);
  scaleAbout(Lraw, lightness.data, reference.L, cs);
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
  difference(L, G2.data, highPass);

  return { Lraw, cs, extra, chromaExtra, Ls, aStackHalf, lowA, L, A, B, highPass };
}

import type { ImageEncoding } from '../image/jpeg-encoding';

/**
 * Inflammatory lesions a JPEG's colour compression hid (decision 171).
 *
 * A papule is found by being redder than the skin around it, and a JPEG keeps the redness in its
 * chroma planes, stored at half resolution (4:2:0) and quantised per 8 × 8 block of chroma
 * samples. A small papule's part of a block's low frequencies falls as its area in chroma
 * samples, (area in working px) / (subsampling × scale²), so what the save removes grows with
 *
 *   chroma step at the face's scale = chromaStep × chromaSubsampling × scale²
 *
 * (scale: working px per pixel of the file). On the calibration part's painted papules (976 images
 * of 8 papules from 140 portraits: JPEG q30–95, 4:2:0 and 4:4:4, full size, 960 / 640 / 480 px long
 * side and face crops) the share found follows R0 / (1 + (step / CHROMA_STEP_HALF)^
 * CHROMA_STEP_POWER), R0 0.86 (binomial maximum likelihood). Found per bin of step: 0.83 at 12–15,
 * 0.68 at 26–31, 0.60 at 44–62, 0.38 at 80–114, 0.18 at 172–518; the curve reads 0.81, 0.71, 0.54,
 * 0.38, 0.19 there. The acne score counts the lesions found × the inverse of that loss,
 * 1 + (step / 85)^1.5: the number a photo whose colour the save left whole would show, at most
 * UNSEEN_MAX ×. The marks are the lesions found; only the count they give the score is scaled.
 */
export const CHROMA_STEP_HALF = 85;
export const CHROMA_STEP_POWER = 1.5;
/**
 * At most this many lesions are counted per one found: beyond it (a step of about 150, a q45
 * photo of a face 280 px high) the few found are too few to scale from, and each false mark would
 * count as many.
 */
export const UNSEEN_MAX = 3;

export interface Compression {
  /** The chroma quantisation step at the face's scale (0 for colour the file did not compress). */
  chromaStep: number;
  /** Inflammatory lesions counted per one found (1…UNSEEN_MAX). */
  lesionFactor: number;
}

/**
 * The compression of the face's colour and the lesion count factor it gives (null: unknown);
 * `scale` is the working frame's px per analysed px.
 */
export function faceCompression(
  encoding: ImageEncoding | undefined,
  scale: number,
): Compression | null {
  if (!encoding) return null;
  // Working px per pixel of the file (the JPEG's blocks are the file's).
  const s = scale * (encoding.scale ?? 1);
  const step = encoding.chromaStep * encoding.chromaSubsampling * s * s;
  return { chromaStep: step, lesionFactor: lesionFactor(step) };
}

/** Lesions counted per one found at this chroma step (1 for colour kept whole). */
export function lesionFactor(chromaStep: number): number {
  if (!(chromaStep > 0)) return 1;
  return Math.min(UNSEEN_MAX, 1 + (chromaStep / CHROMA_STEP_HALF) ** CHROMA_STEP_POWER);
}

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
 * side and face crops) the share *marked* follows R0 / (1 + (step / 85)^1.5), R0 0.86 (binomial
 * maximum likelihood; decision 171): 0.83 found at a step of 12–15, 0.60 at 44–62, 0.18 at
 * 172–518.
 *
 * The score does not count marks: it counts the lesions' soft weights (marks.ts), and a lesion the
 * save weakened keeps part of its weight. Decision 173 fitted the factor to what the score counts:
 * the soft count above a clear face's (LESION_BACKGROUND) on the first 40 calibration portraits,
 * 8 small papules and 5 / 10 / 20 / 40 mixed lesions (papules, pustules, nodules, clusters), at
 * JPEG q80 / q70 / q60 / q45 full size and q70 / q45 at 640 px, against the same images at q90
 * (least squares on the log ratio, each image set weighted alike). The count found × (1 + (step /
 * CHROMA_STEP_HALF)^CHROMA_STEP_POWER) is then what q90 reads: 0.97–1.10 of it for the mixed
 * lesions, 0.73–0.97 for the 8 small papules (the smallest lesions lose the most). The marks are
 * the lesions found; only the count they give the score is scaled.
 */
export const CHROMA_STEP_HALF = 145;
export const CHROMA_STEP_POWER = 1.5;
/**
 * At most this many lesions are counted per one found: beyond it (a step of about 230, a q45
 * photo of a face 225 px high) the few found are too few to scale from, and each false mark would
 * count as many.
 */
export const UNSEEN_MAX = 3;
/**
 * The soft count a clear face reads whatever the save (decision 173): the clear faces' mean, 0.67
 * at q90 on the first 40 calibration portraits, 0.47–0.91 at q80–q45 and 640 px, with no trend
 * with the step (a painted papule's weight falls by half from q90 to 640 px q45). What the face's
 * own texture and marks give is not hidden by the save, so it is not scaled: the first
 * LESION_BACKGROUND of a face's count counts once, the rest × the factor. Scaled whole, a clear
 * face's count doubled at 640 px q45 (16 of 40 faces read at least one lesion more than at q90;
 * with the allowance 6).
 */
export const LESION_BACKGROUND = 0.7;

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

/**
 * The inflammatory lesions the score counts for a face's soft count `found` (its lesion zones
 * together) at lesion factor k: the first LESION_BACKGROUND once, the rest × k.
 */
export function lesionsCountedFor(found: number, k: number): number {
  if (!(found > LESION_BACKGROUND) || !(k > 1)) return found;
  return LESION_BACKGROUND + k * (found - LESION_BACKGROUND);
}

/** The share of lesions hidden (1 − 1 / k) from which a lesion's colour counts as all taken. */
export const HIDDEN_FULL = 0.5;

/**
 * The share of a lesion's colour the save took, as the darkening may stand in for it (decision
 * 175): the share of lesions the save hid, 1 − 1 / k, in full from HIDDEN_FULL. 0 for colour the
 * file kept whole (k 1: no JPEG, or a fine one), 1 at phone quality (k ≥ 2).
 */
export function colourTaken(compression: Compression | null): number {
  const k = compression?.lesionFactor ?? 1;
  return Math.min(1, (1 - 1 / k) / HIDDEN_FULL);
}

/** Lesions counted per one found at this chroma step (1 for colour kept whole). */
export function lesionFactor(chromaStep: number): number {
  if (!(chromaStep > 0)) return 1;
  return Math.min(UNSEEN_MAX, 1 + (chromaStep / CHROMA_STEP_HALF) ** CHROMA_STEP_POWER);
}

import type { CaptureAngle } from '@lumiskin/contract/analysis';
import type { QualityCode } from '@lumiskin/contract/scan';
import { LIGHT_LIMITS } from '@lumiskin/contract/constants';
import type { DetectedFace } from './face/detector';
import { SILHOUETTE } from './face/landmarks';
import { downsample2, laplacianVariance } from './image/filters';
import type { PixelImage, Plane } from './image/raster';
import type { FaceFrame } from './face/frame';

/**
 * The quality gate: a photo is only scored when the skin can actually be seen. Each rejection has
 * a code the app can branch on (QUALITY_CODES, in the contract); skin-advice writes the sentence
 * a person can act on (`describeRefusal`). Thresholds are documented in docs/skin-engine.md
 * ("Quality gate").
 */
export type { QualityCode };

export interface QualityIssue {
  code: QualityCode;
}

function issue(code: QualityCode): QualityIssue {
  return { code };
}

export const QUALITY_LIMITS = {
  /** Faces at least this fraction of the largest face's width count as "another face". */
  secondFaceRatio: 0.5,
  /** Detector box must be ≥ 200 px and ≥ 1/3 of the shorter image side. */
  minFacePx: 200,
  minFaceFrameRatio: 1 / 3,
  /** Share of face-outline points allowed outside the image. */
  maxOutsidePoints: 0.02,
  /** Front captures: head rotation limits in degrees (from the mesh). */
  maxYaw: 25,
  maxPitch: 25,
  /**
   * Rec.601 luma (0-255) of the face centre: from the contract, the one source the camera
   * guidance on the scan screen uses too.
   */
  ...LIGHT_LIMITS,
  /** 100 × Laplacian variance / variance of L* on the half-scale working frame (face height 160 px). */
  minSharpness: 4.5,
  /**
   * Colour (0-255): the 90th percentile of max(R,G,B) − min(R,G,B) over the face samples. A black
   * and white photo reads 0; real portraits read ≥ 38, ≥ 15 under a strong blue cast (decision 177).
   */
  minFaceChroma: 6,
};

/** Checks that need only the detections. */
export function checkDetections(
  image: Pick<PixelImage, 'width' | 'height'>,
  faces: DetectedFace[],
  angle: CaptureAngle,
): QualityIssue | { face: DetectedFace } {
  if (faces.length === 0) return issue('no_face');
  const sorted = [...faces].sort((a, b) => b.box[2] - a.box[2]);
  const face = sorted[0] as DetectedFace;
  const others = sorted
    .slice(1)
    .filter((f) => f.box[2] >= QUALITY_LIMITS.secondFaceRatio * face.box[2]);
  if (others.length > 0) return issue('multiple_faces');

  let outside = 0;
  for (const i of SILHOUETTE) {
    const p = face.mesh[i];
    if (!p || p[0] < 0 || p[1] < 0 || p[0] >= image.width || p[1] >= image.height) outside++;
  }
  const [bx, by, bw, bh] = face.box;
  const overhang = Math.max(-bx, -by, bx + bw - image.width, by + bh - image.height);
  if (outside / SILHOUETTE.length > QUALITY_LIMITS.maxOutsidePoints || overhang > 0.1 * bw)
    return issue('face_cut_off');

  const size = Math.min(bw, bh);
  if (
    size < QUALITY_LIMITS.minFacePx ||
    size < QUALITY_LIMITS.minFaceFrameRatio * Math.min(image.width, image.height)
  )
    return issue('face_too_small');

  // Profile captures of multi-angle mode are meant to be turned; only front views are held level.
  if (
    angle === 'front' &&
    (Math.abs(face.yaw) > QUALITY_LIMITS.maxYaw || Math.abs(face.pitch) > QUALITY_LIMITS.maxPitch)
  )
    return issue('head_turned');
  return { face };
}

function luma(data: PixelImage['data'], p: number): number {
  return 0.299 * (data[p] ?? 0) + 0.587 * (data[p + 1] ?? 0) + 0.114 * (data[p + 2] ?? 0);
}

/**
 * A sample is blown out when at least two of its channels are at the top of the range: a white
 * highlight has lost its detail. One channel alone (the red of fair skin in bright studio light)
 * is a saturated colour, not a lost highlight; counting it refused 5 of 314 clear, well-lit
 * portraits (decision 053).
 */
const CLIP_LEVEL = 250;

function secondLargest(r: number, g: number, b: number): number {
  return Math.max(Math.min(r, g), Math.min(Math.max(r, g), b));
}

export interface ExposureStats {
  /** Median Rec.601 luma of the central face box. */
  faceLuma: number;
  /** 95th percentile of the scene's luma. */
  sceneP95: number;
  /** Share of the face samples with two channels clipped. */
  clippedShare: number;
  /** 90th percentile of the face samples' max(R,G,B) − min(R,G,B): 0 in a black and white photo. */
  faceChroma: number;
}

/** Exposure on a sample grid: the central face box for the face, the whole frame for the scene. */
export function exposureStats(image: PixelImage, face: DetectedFace): ExposureStats {
  const { data, width, height, channels } = image;
  const [bx, by, bw, bh] = face.box;
  const faceLuma: number[] = [];
  let clipped = 0;
  const grid = 48;
  const faceChroma = new Float64Array(grid * grid);
  for (let j = 0; j < grid; j++) {
    for (let i = 0; i < grid; i++) {
      const x = Math.min(
        width - 1,
        Math.max(0, Math.floor(bx + bw * (0.25 + (0.5 * (i + 0.5)) / grid))),
      );
      const y = Math.min(
        height - 1,
        Math.max(0, Math.floor(by + bh * (0.25 + (0.5 * (j + 0.5)) / grid))),
      );
      const p = (y * width + x) * channels;
      const r = data[p] ?? 0;
      const g = data[p + 1] ?? 0;
      const b = data[p + 2] ?? 0;
      faceChroma[faceLuma.length] = Math.max(r, g, b) - Math.min(r, g, b);
      faceLuma.push(luma(data, p));
      if (secondLargest(r, g, b) >= CLIP_LEVEL) clipped++;
    }
  }
  const scene: number[] = [];
  for (let j = 0; j < grid; j++) {
    for (let i = 0; i < grid; i++) {
      const x = Math.floor(((i + 0.5) / grid) * width);
      const y = Math.floor(((j + 0.5) / grid) * height);
      scene.push(luma(data, (y * width + x) * channels));
    }
  }
  // Typed copies sort numerically without a comparator (called n log n times, and unoptimised in
  // a fresh worker): the same elements (decisions 133, 138).
  const faceSorted = Float64Array.from(faceLuma).sort();
  const sceneSorted = Float64Array.from(scene).sort();
  return {
    faceLuma: faceSorted[faceSorted.length >> 1] ?? 0,
    sceneP95: sceneSorted[Math.floor(sceneSorted.length * 0.95)] ?? 0,
    clippedShare: clipped / faceLuma.length,
    faceChroma: faceChroma.sort()[Math.floor(faceChroma.length * 0.9)] ?? 0,
  };
}

/** The light limits a set of exposure stats is held to (the live gate passes stricter ones). */
export type LightLimits = Record<
  'minFaceLuma' | 'darkFaceLuma' | 'darkSceneP95' | 'maxFaceLuma' | 'maxClippedShare',
  number
>;

export function exposureIssue(
  stats: ExposureStats,
  L: LightLimits = QUALITY_LIMITS,
): QualityIssue | null {
  const median = stats.faceLuma;
  // Darker skin in good light has a low face luma but a normally lit scene: both must be dark.
  if (median < L.minFaceLuma || (median < L.darkFaceLuma && stats.sceneP95 < L.darkSceneP95))
    return issue('too_dark');
  if (median > L.maxFaceLuma || stats.clippedShare > L.maxClippedShare) return issue('overexposed');
  return null;
}

/**
 * A black and white photo (or one with its colour all but taken out) is refused: the colour
 * measures (redness, spots, radiance, shine, the white balance itself) would read the absence of
 * colour as perfect skin. A tinted monochrome (sepia) keeps one hue and is not caught here.
 */
function colourIssue(stats: ExposureStats): QualityIssue | null {
  return stats.faceChroma < QUALITY_LIMITS.minFaceChroma ? issue('no_colour') : null;
}

/**
 * The server gate's verdict on the sampled face: the light first, then the colour. The live
 * gate's server verdict calls this too, so the two cannot come apart.
 */
export function samplesIssue(stats: ExposureStats): QualityIssue | null {
  return exposureIssue(stats) ?? colourIssue(stats);
}

export function checkExposure(image: PixelImage, face: DetectedFace): QualityIssue | null {
  return samplesIssue(exposureStats(image, face));
}

/**
 * Focus: variance of the Laplacian (Pech-Pacheco et al. 2000) of L* over the inner face at half
 * the working scale, so every accepted photo is measured at the same face size (160 px high).
 */
export function sharpness(frame: FaceFrame): number {
  return focusOfHalf(downsample2(frame.lab.L));
}

/** The focus measure on L* at half the working scale (face height WORK_FACE_HEIGHT / 2). */
export function focusOfHalf(half: Plane): number {
  const { data, width, height } = half;
  const mask = new Uint8Array(data.length);
  // Inner face box: the eyes, nose and mouth carry the edges a focused photo shows.
  const x0 = Math.floor(width * 0.15);
  const x1 = Math.ceil(width * 0.85);
  const y0 = Math.floor(height * 0.2);
  const y1 = Math.ceil(height * 0.9);
  for (let y = y0; y < y1; y++) if (x0 < x1) mask.fill(1, y * width + x0, y * width + x1);
  // Relative to the face's own contrast (variance of L*), so darker skin, whose L* differences
  // are compressed, is not mistaken for blur. The box's pixels, row by row: the masked pixels in
  // the same order as one loop over the mask (decision 156).
  boxSums.fill(0);
  for (let y = y0; y < y1; y++) boxSumsRow(data, y * width + x0, y * width + x1, boxSums);
  const sum = boxSums[0] as number;
  const sumSq = boxSums[1] as number;
  const n = boxSums[2] as number;
  const variance = n ? sumSq / n - (sum / n) ** 2 : 0;
  return variance > 1e-6 ? (100 * laplacianVariance(half, mask)) / variance : 0;
}

/** focusOfHalf's running sum, sum of squares and count (exact in a Float64Array). */
const boxSums = new Float64Array(3);

/**
 * focusOfHalf's sums over pixels [start, end) of one row of its box: a function of its own called
 * per row (decision 156), where the whole-mask loop, entered once per call, was compiled on the
 * stack before the box's first row and thrown away at its first read of the plane.
 */
function boxSumsRow(data: Float32Array, start: number, end: number, acc: Float64Array): void {
  let sum = acc[0] as number;
  let sumSq = acc[1] as number;
  let n = acc[2] as number;
  for (let i = start; i < end; i++) {
    const v = data[i] as number;
    sum += v;
    sumSq += v * v;
    n++;
  }
  acc[0] = sum;
  acc[1] = sumSq;
  acc[2] = n;
}

export function checkSharpness(focus: number): QualityIssue | null {
  return focus < QUALITY_LIMITS.minSharpness ? issue('blurry') : null;
}

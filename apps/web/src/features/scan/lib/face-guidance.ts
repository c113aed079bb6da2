import { CAMERA_LIGHT_LIMITS, FACE_FILL_MAX, FACE_FILL_MIN } from '@lumiskin/contract/scan';

/**
 * Live camera guidance without a second face model: a small frame (about 96 px wide) is read a
 * few times a second, skin-coloured pixels are found with the YCbCr rule of Chai & Ngan (1999,
 * "Face segmentation using skin-color map", Cb 77-127 and Cr 133-173), and the extent of the
 * largest skin band gives the face's share of the frame height. Light is the median luma of those
 * pixels against the engine's own limits (CAMERA_LIGHT_LIMITS). It is a hint for framing; the
 * engine's quality gate has the last word.
 */

export type DistanceHint = 'no_face' | 'closer' | 'good' | 'back';
export type LightHint = 'dark' | 'dim' | 'good' | 'bright';

export interface Guidance {
  distance: DistanceHint;
  light: LightHint;
  /** Share of the frame height the face spans, 0-1. */
  fill: number;
  /** Median luma of the face pixels, 0-255. */
  luma: number;
}

function isSkin(r: number, g: number, b: number): boolean {
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173;
}

/** Reads RGBA pixels (e.g. from a canvas) and says how the framing and light look. */
export function assessFrame(data: Uint8ClampedArray, width: number, height: number): Guidance {
  const rowCounts = new Array<number>(height).fill(0);
  const colCounts = new Array<number>(width).fill(0);
  const lumas: number[] = [];
  const scene: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const r = data[p] ?? 0;
      const g = data[p + 1] ?? 0;
      const b = data[p + 2] ?? 0;
      scene.push(0.299 * r + 0.587 * g + 0.114 * b);
      if (!isSkin(r, g, b)) continue;
      rowCounts[y] = (rowCounts[y] ?? 0) + 1;
      colCounts[x] = (colCounts[x] ?? 0) + 1;
      lumas.push(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  // A row belongs to the face when a fair stretch of it is skin (hands, necks and walls are
  // thinner or scattered); the face is the longest run of such rows.
  const minRow = Math.max(2, Math.round(width * 0.12));
  let best = 0;
  let run = 0;
  for (const count of rowCounts) {
    run = count >= minRow ? run + 1 : 0;
    best = Math.max(best, run);
  }
  const fill = best / height;
  lumas.sort((a, b) => a - b);
  const luma = lumas[lumas.length >> 1] ?? 0;

  let distance: DistanceHint;
  if (lumas.length < width * height * 0.02 || fill < 0.15) distance = 'no_face';
  else if (fill < FACE_FILL_MIN) distance = 'closer';
  else if (fill > FACE_FILL_MAX) distance = 'back';
  else distance = 'good';

  let light: LightHint;
  const sceneLuma = lumas.length > 0 ? luma : averageLuma(data);
  if (sceneLuma < CAMERA_LIGHT_LIMITS.tooDark) light = 'dark';
  // The engine's rule: a dim face counts only in a dark scene (deep skin in a lit room is fine).
  else if (
    sceneLuma < CAMERA_LIGHT_LIMITS.dim &&
    percentile(scene, 0.95) < CAMERA_LIGHT_LIMITS.darkScene
  )
    light = 'dim';
  else if (sceneLuma > CAMERA_LIGHT_LIMITS.tooBright) light = 'bright';
  else light = 'good';

  return { distance, light, fill, luma: sceneLuma };
}

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * q)] ?? 0;
}

function averageLuma(data: Uint8ClampedArray): number {
  let sum = 0;
  let n = 0;
  for (let p = 0; p < data.length; p += 16) {
    sum += 0.299 * (data[p] ?? 0) + 0.587 * (data[p + 1] ?? 0) + 0.114 * (data[p + 2] ?? 0);
    n++;
  }
  return n ? sum / n : 0;
}

/**
 * One line each on a phone, as the live gate's (LiveGuidanceText): a hint that wraps makes the
 * guidance taller and moves Capture (decision 213). How much of the frame the face should fill is
 * on the capture card and in the scan guide.
 */
export const DISTANCE_TEXT: Record<DistanceHint, string> = {
  no_face: 'Centre your face in the oval',
  closer: 'Move a little closer',
  good: 'Good distance',
  back: 'Move back a little',
};

export const LIGHT_TEXT: Record<LightHint, string> = {
  dark: 'Too dark: face a window or a soft light',
  dim: 'A little dim: more light will help',
  good: 'Lighting looks good',
  bright: 'Too bright: step out of direct light',
};

import { gaussianBlur } from '../src/image/filters';
import type { Plane } from '../src/image/raster';
import { detectBlobs } from '../src/metrics/blobs';
import type { LesionInput } from '../src/metrics/lesions';
import { L_SIGMAS } from '../src/metrics/skin';

/**
 * A synthetic working frame (≈ 0.6 mm per px) read as the lesion detectors read a face: plain L*
 * and a* planes (a* flat at 12 unless given), b* flat at 16, every pixel measured skin, no shine,
 * and the fine dark and bright blobs of L* (levels 0–1) that comedones and pustules start from.
 */
export function workingFrameInput(
  L: Float32Array,
  width: number,
  height: number,
  A?: Float32Array,
): LesionInput {
  const plane: Plane = { data: L, width, height };
  const Ls = L_SIGMAS.map((s) => gaussianBlur(plane, s));
  const core = new Uint8Array(width * height).fill(1);
  const fine = (polarity: 'dark' | 'bright') =>
    detectBlobs(Ls, L_SIGMAS, {
      polarity,
      fromLevel: 0,
      toLevel: 1,
      minResponse: 0.5,
      mask: core,
      separation: 1.5,
    });
  const flat = (v: number) => new Float32Array(width * height).fill(v);
  return {
    width,
    height,
    L,
    A: A ?? flat(12),
    B: flat(16),
    aStackHalf: [],
    halfSigmas: [],
    lHalf0: plane,
    core,
    coreHalf: core,
    shine: flat(0),
    fineDark: fine('dark'),
    fineBright: fine('bright'),
    readings: null,
    colourTaken: 0,
  };
}

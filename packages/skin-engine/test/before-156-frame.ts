/**
 * The resample, masked-blur, white-balance, skin-count and overlay functions decision 156 rewrote
 * (resampleRgb's rows, the half products' row order, polygonPixels' rows, skinContext's count of
 * the core, the overlays' line and block counts), as they were before it, verbatim but for names,
 * exports, imports and LIN's copy: first-run-156.test.ts checks that the rewritten ones give exactly
 * what these give. Test code only.
 */
import type { RegionKey } from '@lumiskin/contract/analysis';
import type { DetectedFace } from '../src/face/detector';
import type { FaceFrame } from '../src/face/frame';
import type { Sample } from '../src/face/white-balance';
import { gaussianBlur } from '../src/image/filters';
import { axisWeights, type PixelImage, type Plane, type Rect } from '../src/image/raster';
import { f32, plane as newPlane, type Scratch } from '../src/image/scratch';
import type { FaceMeasurements } from '../src/metrics/measure';
import { METRIC_REGIONS } from '../src/scoring';
import { fillPolygonBefore, upsample2Before } from './before-156';

const LIN = (() => {
  const lut = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const c = v / 255;
    lut[v] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return lut;
})();

/**
 * One source row filtered horizontally into `tmp` at output pixel `at`. resampleRgbBefore's loops over
 * a row are functions of their own, so V8 optimises them as a whole after a few rows rather than
 * entering and leaving an optimised inner loop on every row (decision 138); the same arithmetic.
 */
function filterRowBefore(
  data: Uint8Array | Uint8ClampedArray,
  rowOffset: number,
  channels: number,
  wx: ReturnType<typeof axisWeights>,
  tmp: Float32Array,
  at: number,
): void {
  const outWidth = wx.count.length;
  for (let i = 0; i < outWidth; i++) {
    const n = wx.count[i] as number;
    const base = i * wx.taps;
    let cr = 0;
    let cg = 0;
    let cb = 0;
    for (let k = 0; k < n; k++) {
      const w = wx.weights[base + k] as number;
      const p = rowOffset + (wx.index[base + k] as number) * channels;
      cr += w * (data[p] as number);
      cg += w * (data[p + 1] as number);
      cb += w * (data[p + 2] as number);
    }
    const o = (at + i) * 3;
    tmp[o] = cr;
    tmp[o + 1] = cg;
    tmp[o + 2] = cb;
  }
}

/** out[o0 + c] += w · tmp[t0 + c] for c < n (see filterRowBefore). */
function addScaledRowBefore(
  out: Float32Array,
  o0: number,
  tmp: Float32Array,
  t0: number,
  w: number,
  n: number,
): void {
  for (let c = 0; c < n; c++) out[o0 + c] = (out[o0 + c] as number) + w * (tmp[t0 + c] as number);
}

/**
 * Resamples the `rect` of a photo to `outWidth` x `outHeight`, returning interleaved RGB floats
 * in 0..255. Separable, so the cost is linear in the number of output pixels.
 */
export function resampleRgbBefore(
  image: PixelImage,
  rect: Rect,
  outWidth: number,
  outHeight: number,
  pool?: Scratch,
): Float32Array {
  const { data, width, height, channels } = image;
  const wx = axisWeights(width, rect.x, rect.width, outWidth);
  const wy = axisWeights(height, rect.y, rect.height, outHeight);
  // Source rows the vertical pass needs, each filtered horizontally once.
  const rowSlot = new Int32Array(height).fill(-1);
  const rows: number[] = [];
  for (let k = 0; k < wy.index.length; k++) {
    const r = wy.index[k] as number;
    if ((wy.weights[k] as number) !== 0 && rowSlot[r] === -1) {
      rowSlot[r] = rows.length;
      rows.push(r);
    }
  }
  const tmp = f32(pool, rows.length * outWidth * 3, false);
  for (let slot = 0; slot < rows.length; slot++)
    filterRowBefore(
      data,
      (rows[slot] as number) * width * channels,
      channels,
      wx,
      tmp,
      slot * outWidth,
    );
  const out = f32(pool, outWidth * outHeight * 3);
  for (let j = 0; j < outHeight; j++) {
    const n = wy.count[j] as number;
    const base = j * wy.taps;
    const o0 = j * outWidth * 3;
    for (let k = 0; k < n; k++) {
      const w = wy.weights[base + k] as number;
      if (w === 0) continue;
      const t0 = (rowSlot[wy.index[base + k] as number] as number) * outWidth * 3;
      addScaledRowBefore(out, o0, tmp, t0, w, outWidth * 3);
    }
  }
  return out;
}

/**
 * Normalised convolution (Knutsson & Westin 1993: blur(v·m) / blur(m), so pixels outside the
 * mask do not leak into the smoothed skin values) of a wide kernel, computed at half resolution
 * and upsampled: the 2×2 block averages of v·m and m are blurred by σ/2 (less the box's own ≈ 0.29 half-pixel blur), divided,
 * then brought back bilinearly. A quarter of the work for smoothing scales well above a pixel.
 */
export function maskedGaussianBlurHalfBefore(
  planes: readonly Plane[],
  mask: Uint8Array | Float32Array,
  sigma: number,
  pool?: Scratch,
): Plane[] {
  const first = planes[0];
  if (!first) return [];
  const { width, height } = first;
  const halfSigma = Math.sqrt(Math.max(0, (sigma / 2) ** 2 - 1 / 12));
  const den = gaussianBlur(halfOfProductBefore(null, mask, width, height, pool), halfSigma, pool);
  return planes.map((plane) => {
    const num = gaussianBlur(
      halfOfProductBefore(plane.data, mask, width, height, pool),
      halfSigma,
      pool,
    );
    for (let y = 0; y < num.height; y++)
      normaliseRowBefore(num, den.data, plane.data, width, height, y);
    return upsample2Before(num, width, height, pool);
  });
}

function halfOfProductBefore(
  values: Float32Array | null,
  mask: Uint8Array | Float32Array,
  width: number,
  height: number,
  pool?: Scratch,
): Plane {
  const out = newPlane(pool, Math.ceil(width / 2), Math.ceil(height / 2), false);
  if (mask instanceof Uint8Array) {
    if (values) halfProductU8Before(values, mask, width, height, out);
    else halfMaskU8Before(mask, width, height, out);
  } else if (values) halfProductF32Before(values, mask, width, height, out);
  else halfMaskF32Before(mask, width, height, out);
  return out;
}

function halfProductU8Before(
  values: Float32Array,
  mask: Uint8Array,
  width: number,
  height: number,
  out: Plane,
): void {
  for (let y = 0; y < out.height; y++)
    halfProductU8RowBefore(values, mask, width, height, out.data, out.width, y);
}

function halfProductU8RowBefore(
  values: Float32Array,
  mask: Uint8Array,
  width: number,
  height: number,
  data: Float32Array,
  w: number,
  y: number,
): void {
  const r0 = 2 * y * width;
  const r1 = Math.min(height - 1, 2 * y + 1) * width;
  for (let x = 0; x < w; x++) {
    const x0 = 2 * x;
    const x1 = Math.min(width - 1, x0 + 1);
    const a = r0 + x0;
    const b = r0 + x1;
    const c = r1 + x0;
    const d = r1 + x1;
    data[y * w + x] =
      (Math.fround((mask[a] as number) * (values[a] as number)) +
        Math.fround((mask[b] as number) * (values[b] as number)) +
        Math.fround((mask[c] as number) * (values[c] as number)) +
        Math.fround((mask[d] as number) * (values[d] as number))) /
      4;
  }
}

function halfProductF32Before(
  values: Float32Array,
  mask: Float32Array,
  width: number,
  height: number,
  out: Plane,
): void {
  for (let y = 0; y < out.height; y++)
    halfProductF32RowBefore(values, mask, width, height, out.data, out.width, y);
}

function halfProductF32RowBefore(
  values: Float32Array,
  mask: Float32Array,
  width: number,
  height: number,
  data: Float32Array,
  w: number,
  y: number,
): void {
  const r0 = 2 * y * width;
  const r1 = Math.min(height - 1, 2 * y + 1) * width;
  for (let x = 0; x < w; x++) {
    const x0 = 2 * x;
    const x1 = Math.min(width - 1, x0 + 1);
    const a = r0 + x0;
    const b = r0 + x1;
    const c = r1 + x0;
    const d = r1 + x1;
    data[y * w + x] =
      (Math.fround((mask[a] as number) * (values[a] as number)) +
        Math.fround((mask[b] as number) * (values[b] as number)) +
        Math.fround((mask[c] as number) * (values[c] as number)) +
        Math.fround((mask[d] as number) * (values[d] as number))) /
      4;
  }
}

function halfMaskU8Before(mask: Uint8Array, width: number, height: number, out: Plane): void {
  for (let y = 0; y < out.height; y++)
    halfMaskU8RowBefore(mask, width, height, out.data, out.width, y);
}

function halfMaskU8RowBefore(
  mask: Uint8Array,
  width: number,
  height: number,
  data: Float32Array,
  w: number,
  y: number,
): void {
  const r0 = 2 * y * width;
  const r1 = Math.min(height - 1, 2 * y + 1) * width;
  for (let x = 0; x < w; x++) {
    const x0 = 2 * x;
    const x1 = Math.min(width - 1, x0 + 1);
    data[y * w + x] =
      (Math.fround(mask[r0 + x0] as number) +
        Math.fround(mask[r0 + x1] as number) +
        Math.fround(mask[r1 + x0] as number) +
        Math.fround(mask[r1 + x1] as number)) /
      4;
  }
}

function halfMaskF32Before(mask: Float32Array, width: number, height: number, out: Plane): void {
  for (let y = 0; y < out.height; y++)
    halfMaskF32RowBefore(mask, width, height, out.data, out.width, y);
}

function halfMaskF32RowBefore(
  mask: Float32Array,
  width: number,
  height: number,
  data: Float32Array,
  w: number,
  y: number,
): void {
  const r0 = 2 * y * width;
  const r1 = Math.min(height - 1, 2 * y + 1) * width;
  for (let x = 0; x < w; x++) {
    const x0 = 2 * x;
    const x1 = Math.min(width - 1, x0 + 1);
    data[y * w + x] =
      (Math.fround(mask[r0 + x0] as number) +
        Math.fround(mask[r0 + x1] as number) +
        Math.fround(mask[r1 + x0] as number) +
        Math.fround(mask[r1 + x1] as number)) /
      4;
  }
}

/**
 * One half row of maskedGaussianBlurHalfBefore's division: num / den where the mask weighs enough, else
 * the plain 2×2 average of the plane. A module function called per row, not a loop in a closure
 * made per call (decision 151). Same arithmetic, same order.
 */
function normaliseRowBefore(
  num: Plane,
  den: Float32Array,
  src: Float32Array,
  width: number,
  height: number,
  y: number,
): void {
  const w = num.width;
  const out = num.data;
  const y0 = 2 * y * width;
  const y1 = Math.min(height - 1, 2 * y + 1) * width;
  for (let x = 0, i = y * w; x < w; x++, i++) {
    const d = den[i] as number;
    if (d > 1e-3) {
      out[i] = (out[i] as number) / d;
      continue;
    }
    // Almost no weight here: the plain 2×2 average (downsample2's value) instead.
    const x0 = 2 * x;
    const x1 = Math.min(width - 1, x0 + 1);
    out[i] =
      ((src[y0 + x0] as number) +
        (src[y0 + x1] as number) +
        (src[y1 + x0] as number) +
        (src[y1 + x1] as number)) /
      4;
  }
}

/** Pixels of a mesh polygon (image coordinates), as linear RGB and luminance. */
export function polygonPixelsBefore(
  image: PixelImage,
  mesh: DetectedFace['mesh'],
  ring: readonly number[],
): Sample {
  const pts = ring.map((i) => mesh[i] ?? ([0, 0] as [number, number]));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const x1 = Math.min(image.width, Math.ceil(Math.max(...xs)) + 1);
  const y1 = Math.min(image.height, Math.ceil(Math.max(...ys)) + 1);
  const w = x1 - x0;
  const h = y1 - y0;
  const out: Sample = { r: [], g: [], b: [], y: [] };
  if (w <= 1 || h <= 1) return out;
  const mask = new Uint8Array(w * h);
  fillPolygonBefore(
    mask,
    w,
    h,
    pts.map((p) => [p[0] - x0, p[1] - y0] as const),
  );
  const { data, channels, width } = image;
  for (let y = 0; y < h; y++) sampleRowBefore(data, channels, width, mask, w, y, x0, y0, out);
  return out;
}

/**
 * One row of polygonPixelsBefore' box: a function of its own called per row (decision 151), so V8
 * optimises it at entry after a few rows, where the box's loop, entered once per polygon, was
 * compiled on the stack and again at entry (with fillPolygon's row inlined) on a first analysis.
 * The image's fields come as arguments (decision 152: images of two shapes reach it, "wrong map").
 */
function sampleRowBefore(
  data: PixelImage['data'],
  channels: number,
  width: number,
  mask: Uint8Array,
  w: number,
  y: number,
  x0: number,
  y0: number,
  out: Sample,
): void {
  for (let x = 0; x < w; x++) {
    if (!mask[y * w + x]) continue;
    const p = ((y + y0) * width + x + x0) * channels;
    const R = data[p] as number;
    const G = data[p + 1] as number;
    const B = data[p + 2] as number;
    if (R >= 250 || G >= 250 || B >= 250) continue; // clipped: its colour is lost
    const r = LIN[R] as number;
    const g = LIN[G] as number;
    const b = LIN[B] as number;
    out.r.push(r);
    out.g.push(g);
    out.b.push(b);
    out.y.push(0.2126 * r + 0.7152 * g + 0.0722 * b);
  }
}

/** skinContext's counts: core pixels, and those of them clipped. */
export const coreCountsBefore = new Int32Array(2);

/**
 * The core pixels in i0…i1 and those clipped, added to coreCountsBefore (1024 pixels per call, decision
 * 152: skinContext's loop was compiled on the stack and thrown away after it).
 */
export function countCoreBefore(
  core: Uint8Array,
  clipped: Uint8Array | null,
  i0: number,
  i1: number,
): void {
  let nCore = coreCountsBefore[0] as number;
  let nClipped = coreCountsBefore[1] as number;
  for (let i = i0; i < i1; i++) {
    if (!core[i]) continue;
    nCore++;
    if (clipped !== null && clipped[i]) nClipped++;
  }
  coreCountsBefore[0] = nCore;
  coreCountsBefore[1] = nClipped;
}

const BLOCK = 4;
const r1 = (v: number) => Math.round(v * 10) / 10;

function toImageBefore(frame: FaceFrame, x: number, y: number): [number, number] {
  return [r1(x / frame.scale + frame.offsetX), r1(y / frame.scale + frame.offsetY)];
}

/**
 * Set pixels of the mask in block (bx, by): a function of its own so V8 optimises it once for
 * every block (decision 138), not an inner loop entered and left per block.
 */
function blockCountBefore(mask: Uint8Array, width: number, height: number, bx: number, by: number) {
  let count = 0;
  for (let y = by * BLOCK; y < Math.min(height, (by + 1) * BLOCK); y++)
    for (let x = bx * BLOCK; x < Math.min(width, (bx + 1) * BLOCK); x++)
      if (mask[y * width + x]) count++;
  return count;
}

/** A mask as rectangles of BLOCK×BLOCK working pixels, runs merged along rows. */
export function maskPolygonsBefore(
  frame: FaceFrame,
  mask: Uint8Array,
): Array<Array<[number, number]>> {
  const { width, height } = frame;
  const bw = Math.ceil(width / BLOCK);
  const bh = Math.ceil(height / BLOCK);
  const polys: Array<Array<[number, number]>> = [];
  for (let by = 0; by < bh; by++) {
    let runStart = -1;
    for (let bx = 0; bx <= bw; bx++) {
      let on = false;
      if (bx < bw) {
        on = blockCountBefore(mask, width, height, bx, by) >= (BLOCK * BLOCK) / 2;
      }
      if (on && runStart < 0) runStart = bx;
      if (!on && runStart >= 0) {
        const x0 = runStart * BLOCK;
        const x1 = bx * BLOCK;
        const y0 = by * BLOCK;
        const y1 = (by + 1) * BLOCK;
        polys.push([
          toImageBefore(frame, x0, y0),
          toImageBefore(frame, x1, y0),
          toImageBefore(frame, x1, y1),
          toImageBefore(frame, x0, y1),
        ]);
        runStart = -1;
      }
    }
  }
  return polys;
}

/** The line pixels that count toward fine lines: those on the measured skin of its zones. */
export function linesCountedBefore(frame: FaceFrame, measured: FaceMeasurements): Uint8Array {
  const out = new Uint8Array(measured.masks.lines.length);
  for (const r of Object.keys(METRIC_REGIONS.fine_lines) as RegionKey[]) {
    const { mask: zone, bounds } = frame.regions[r];
    const hair = measured.masks.excluded[r].hair;
    for (let i = bounds.y0 * frame.width; i < bounds.y1 * frame.width; i++)
      if (measured.masks.lines[i] && zone[i] && !hair[i]) out[i] = 1;
  }
  return out;
}

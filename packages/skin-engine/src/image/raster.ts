/** Pixel containers and the resampling that brings every face to the same working scale. */
import { f32, type Plane, type Scratch } from './scratch';

// Plane lives with the memory that lends it (scratch.ts), so the two files import one way only.
export type { Plane };

/** A decoded photo as the engine receives it: 8-bit RGB or RGBA, row-major, no padding. */
export interface PixelImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** An axis-aligned rectangle in source pixel coordinates (may be fractional). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function createPlane(width: number, height: number): Plane {
  return { data: new Float32Array(width * height), width, height };
}

/** Throws a TypeError when the buffer does not match its declared size. */
export function assertPixelImage(image: PixelImage): void {
  const { width, height, channels, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new TypeError(`image size must be positive integers, got ${width}x${height}`);
  }
  if (channels !== 3 && channels !== 4)
    throw new TypeError(`channels must be 3 or 4, got ${channels}`);
  if (data.length !== width * height * channels) {
    throw new TypeError(
      `image data has ${data.length} bytes, expected ${width * height * channels}`,
    );
  }
}

export interface AxisWeights {
  count: Int32Array;
  taps: number;
  /** Source index (already clamped to the image) and weight of every tap. */
  index: Int32Array;
  weights: Float32Array;
}

/**
 * Triangle-filter weights for one axis, widened by the scale factor when shrinking so that
 * downscaling averages (no aliasing) and upscaling interpolates linearly (as Pillow's BILINEAR).
 */
export function axisWeights(
  srcLength: number,
  from: number,
  span: number,
  outLength: number,
): AxisWeights {
  const scale = span / outLength;
  const support = Math.max(1, scale);
  const taps = Math.ceil(support) * 2 + 1;
  const count = new Int32Array(outLength);
  const index = new Int32Array(outLength * taps);
  const weights = new Float32Array(outLength * taps);
  for (let i = 0; i < outLength; i++) {
    const center = from + (i + 0.5) * scale - 0.5;
    let lo = Math.ceil(center - support);
    let hi = Math.floor(center + support);
    if (hi - lo + 1 > taps) hi = lo + taps - 1;
    let total = 0;
    const base = i * taps;
    for (let s = lo; s <= hi; s++) {
      const w = Math.max(0, 1 - Math.abs(s - center) / support);
      weights[base + s - lo] = w;
      total += w;
    }
    if (total <= 0) {
      lo = Math.round(center);
      hi = lo;
      weights[base] = 1;
      total = 1;
    }
    for (let k = 0; k <= hi - lo; k++) {
      weights[base + k] = (weights[base + k] ?? 0) / total;
      index[base + k] = clampIndex(lo + k, srcLength - 1);
    }
    count[i] = hi - lo + 1;
  }
  return { count, taps, index, weights };
}

function clampIndex(v: number, max: number): number {
  return v < 0 ? 0 : v > max ? max : v;
}

/**
 * One source row filtered horizontally into `tmp` at output pixel `at`. resampleRgb's loops over
 * a row are functions of their own, so V8 optimises them as a whole after a few rows rather than
 * entering and leaving an optimised inner loop on every row (decision 138); the same arithmetic.
 * The weights' arrays come as arguments (decision 156): the optimised row relied on the weights
 * object's map, and the next analysis's first resample threw it away ("code dependencies").
 */
function filterRow(
  data: Uint8Array | Uint8ClampedArray,
  rowOffset: number,
  channels: number,
  count: Int32Array,
  taps: number,
  index: Int32Array,
  weights: Float32Array,
  tmp: Float32Array,
  at: number,
): void {
  const outWidth = count.length;
  for (let i = 0; i < outWidth; i++) {
    const n = count[i] as number;
    const base = i * taps;
    let cr = 0;
    let cg = 0;
    let cb = 0;
    for (let k = 0; k < n; k++) {
      const w = weights[base + k] as number;
      const p = rowOffset + (index[base + k] as number) * channels;
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

/** out[o0 + c] += w · tmp[t0 + c] for c < n (see filterRow). */
function addScaledRow(
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
export function resampleRgb(
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
  for (let slot = 0; slot < rows.length; slot++) {
    const rowOffset = (rows[slot] as number) * width * channels;
    filterRow(
      data,
      rowOffset,
      channels,
      wx.count,
      wx.taps,
      wx.index,
      wx.weights,
      tmp,
      slot * outWidth,
    );
  }
  const out = f32(pool, outWidth * outHeight * 3);
  for (let j = 0; j < outHeight; j++) {
    const n = wy.count[j] as number;
    const base = j * wy.taps;
    const o0 = j * outWidth * 3;
    for (let k = 0; k < n; k++) {
      const w = wy.weights[base + k] as number;
      if (w === 0) continue;
      const t0 = (rowSlot[wy.index[base + k] as number] as number) * outWidth * 3;
      addScaledRow(out, o0, tmp, t0, w, outWidth * 3);
    }
  }
  return out;
}

/**
 * The face detector's input in one pass over the photo: k×k block averages (rounded to whole code
 * values, as 8-bit RGB would hold them; k = 1 copies), written as floats into a square frame of
 * side max(w, h) padded with grey (128) on the right/bottom. Floats because the detector converts
 * integer input to float32 anyway (the values are the same; the copy and the cast are saved).
 * `buffer` gives the array to fill (the detector reuses one; tfjs copies it into the WASM heap
 * when the tensor is made).
 */
/*
 * detectorInput's rows, functions of their own (decision 138): optimised once for every row, not
 * an inner loop entered and left on every row of the first photo. k = 1: a plain copy.
 */
function copyRow(
  data: Uint8Array | Uint8ClampedArray,
  start: number,
  channels: number,
  out: Float32Array,
  at: number,
  w: number,
): void {
  let p = start;
  let o = at;
  for (let x = 0; x < w; x++, p += channels, o += 3) {
    out[o] = data[p] as number;
    out[o + 1] = data[p + 1] as number;
    out[o + 2] = data[p + 2] as number;
  }
}

/**
 * k = 2, the common case (a 1280 px photo): each 2×2 block in one step. For a sum s of four
 * whole values, Math.round(s / 4) = (s + 2) >> 2.
 */
function halveRow(
  data: Uint8Array | Uint8ClampedArray,
  p0: number,
  rowStride: number,
  channels: number,
  out: Float32Array,
  at: number,
  w: number,
): void {
  const p1 = p0 + rowStride;
  for (let x = 0, a = p0, b = p1, o = at; x < w; x++, o += 3) {
    const a2 = a + channels;
    const b2 = b + channels;
    const r =
      (data[a] as number) + (data[a2] as number) + (data[b] as number) + (data[b2] as number);
    const g =
      (data[a + 1] as number) +
      (data[a2 + 1] as number) +
      (data[b + 1] as number) +
      (data[b2 + 1] as number);
    const bl =
      (data[a + 2] as number) +
      (data[a2 + 2] as number) +
      (data[b + 2] as number) +
      (data[b2 + 2] as number);
    out[o] = (r + 2) >> 2;
    out[o + 1] = (g + 2) >> 2;
    out[o + 2] = (bl + 2) >> 2;
    a += 2 * channels;
    b += 2 * channels;
  }
}

/** k ≥ 3: a row of block sums, rounded means. */
function roundRow(acc: Uint32Array, area: number, out: Float32Array, at: number): void {
  for (let i = 0; i < acc.length; i++) out[at + i] = Math.round((acc[i] as number) / area);
}

/**
 * One source row's share of a row of k × k block sums: its k pixels per block added to `acc`
 * (RGB per block). A function of its own, so V8 optimises it as a whole after a few rows rather
 * than entering and leaving an optimised inner loop on every row (decision 138).
 */
function addBlockRow(
  data: Uint8Array | Uint8ClampedArray,
  start: number,
  channels: number,
  k: number,
  acc: Uint32Array,
  w: number,
): void {
  let p = start;
  for (let x = 0, a = 0; x < w; x++, a += 3) {
    let r = 0;
    let g = 0;
    let b = 0;
    for (let dx = 0; dx < k; dx++, p += channels) {
      r += data[p] as number;
      g += data[p + 1] as number;
      b += data[p + 2] as number;
    }
    acc[a] = (acc[a] as number) + r;
    acc[a + 1] = (acc[a + 1] as number) + g;
    acc[a + 2] = (acc[a + 2] as number) + b;
  }
}

export function detectorInput(
  image: PixelImage,
  k: number,
  buffer: (length: number) => Float32Array = (length) => new Float32Array(length),
): { data: Float32Array; width: number; height: number; side: number } {
  const { data, width, channels } = image;
  const w = Math.floor(width / k);
  const h = Math.floor(image.height / k);
  const side = Math.max(w, h);
  // Every element is written below (the padding with 128), so a reused buffer needs no clearing.
  const out = buffer(side * side * 3);
  if (w !== h) out.fill(128);
  const area = k * k;
  if (k === 1) {
    for (let y = 0; y < h; y++) copyRow(data, y * width * channels, channels, out, y * side * 3, w);
    return { data: out, width: w, height: h, side };
  }
  const rowStride = width * channels;
  if (k === 2) {
    // The common case (a 1280 px photo): each 2×2 block in one step. For a sum s of four whole
    // values, Math.round(s / 4) = (s + 2) >> 2.
    for (let y = 0; y < h; y++)
      halveRow(data, 2 * y * rowStride, rowStride, channels, out, y * side * 3, w);
    return { data: out, width: w, height: h, side };
  }
  const acc = new Uint32Array(w * 3);
  for (let y = 0; y < h; y++) {
    acc.fill(0);
    for (let dy = 0; dy < k; dy++) addBlockRow(data, (y * k + dy) * rowStride, channels, k, acc, w);
    roundRow(acc, area, out, y * side * 3);
  }
  return { data: out, width: w, height: h, side };
}

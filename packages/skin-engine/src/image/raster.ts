/** Pixel containers and the resampling that brings every face to the same working scale. */

/** A decoded photo as the engine receives it: 8-bit RGB or RGBA, row-major, no padding. */
export interface PixelImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** One float channel (e.g. CIELAB L*), row-major. */
export interface Plane {
  data: Float32Array;
  width: number;
  height: number;
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
  if (channels !== 3 && channels !== 4) throw new TypeError(`channels must be 3 or 4, got ${channels}`);
  if (data.length !== width * height * channels) {
    throw new TypeError(`image data has ${data.length} bytes, expected ${width * height * channels}`);
  }
}

interface AxisWeights {
  start: Int32Array;
  count: Int32Array;
  taps: number;
  weights: Float32Array;
}

/**
 * Triangle-filter weights for one axis, widened by the scale factor when shrinking so that
 * downscaling averages (no aliasing) and upscaling interpolates linearly (as Pillow's BILINEAR).
 */
function axisWeights(from: number, span: number, outLength: number): AxisWeights {
  const scale = span / outLength;
  const support = Math.max(1, scale);
  const taps = Math.ceil(support) * 2 + 1;
  const start = new Int32Array(outLength);
  const count = new Int32Array(outLength);
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
    for (let k = 0; k <= hi - lo; k++) weights[base + k] = (weights[base + k] ?? 0) / total;
    start[i] = lo;
    count[i] = hi - lo + 1;
  }
  return { start, count, taps, weights };
}

function clampIndex(v: number, max: number): number {
  return v < 0 ? 0 : v > max ? max : v;
}

/**
 * Resamples the `rect` of a photo to `outWidth` x `outHeight`, returning interleaved RGB floats
 * in 0..255. Separable, so the cost is linear in the number of output pixels.
 */
export function resampleRgb(image: PixelImage, rect: Rect, outWidth: number, outHeight: number): Float32Array {
  const { data, width, height, channels } = image;
  const wx = axisWeights(rect.x, rect.width, outWidth);
  const wy = axisWeights(rect.y, rect.height, outHeight);
  let rowMin = Infinity;
  let rowMax = -Infinity;
  for (let j = 0; j < outHeight; j++) {
    rowMin = Math.min(rowMin, wy.start[j] ?? 0);
    rowMax = Math.max(rowMax, (wy.start[j] ?? 0) + (wy.count[j] ?? 1) - 1);
  }
  const rows = rowMax - rowMin + 1;
  const tmp = new Float32Array(rows * outWidth * 3);
  for (let r = 0; r < rows; r++) {
    const sy = clampIndex(rowMin + r, height - 1);
    const rowOffset = sy * width * channels;
    for (let i = 0; i < outWidth; i++) {
      const s0 = wx.start[i] ?? 0;
      const n = wx.count[i] ?? 0;
      const base = i * wx.taps;
      let cr = 0;
      let cg = 0;
      let cb = 0;
      for (let k = 0; k < n; k++) {
        const w = wx.weights[base + k] ?? 0;
        const p = rowOffset + clampIndex(s0 + k, width - 1) * channels;
        cr += w * (data[p] ?? 0);
        cg += w * (data[p + 1] ?? 0);
        cb += w * (data[p + 2] ?? 0);
      }
      const o = (r * outWidth + i) * 3;
      tmp[o] = cr;
      tmp[o + 1] = cg;
      tmp[o + 2] = cb;
    }
  }
  const out = new Float32Array(outWidth * outHeight * 3);
  for (let j = 0; j < outHeight; j++) {
    const s0 = wy.start[j] ?? 0;
    const n = wy.count[j] ?? 0;
    const base = j * wy.taps;
    for (let i = 0; i < outWidth; i++) {
      let cr = 0;
      let cg = 0;
      let cb = 0;
      for (let k = 0; k < n; k++) {
        const w = wy.weights[base + k] ?? 0;
        const r = clampIndex(s0 + k, height - 1) - rowMin;
        const p = (r * outWidth + i) * 3;
        cr += w * (tmp[p] ?? 0);
        cg += w * (tmp[p + 1] ?? 0);
        cb += w * (tmp[p + 2] ?? 0);
      }
      const o = (j * outWidth + i) * 3;
      out[o] = cr;
      out[o + 1] = cg;
      out[o + 2] = cb;
    }
  }
  return out;
}

/** Whole-image resample to 8-bit RGB (used to shrink large photos before face detection). */
export function resizeToRgb8(image: PixelImage, outWidth: number, outHeight: number): Uint8Array {
  const f = resampleRgb(image, { x: 0, y: 0, width: image.width, height: image.height }, outWidth, outHeight);
  const out = new Uint8Array(f.length);
  for (let i = 0; i < f.length; i++) out[i] = Math.round(f[i] ?? 0);
  return out;
}

/** Drops the alpha channel when there is one (no copy for RGB input). */
export function toRgb8(image: PixelImage): Uint8Array {
  if (image.channels === 3) {
    return image.data instanceof Uint8Array ? image.data : new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length);
  }
  const n = image.width * image.height;
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    out[i * 3] = image.data[i * 4] ?? 0;
    out[i * 3 + 1] = image.data[i * 4 + 1] ?? 0;
    out[i * 3 + 2] = image.data[i * 4 + 2] ?? 0;
  }
  return out;
}

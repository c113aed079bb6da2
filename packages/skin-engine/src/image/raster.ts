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
  if (channels !== 3 && channels !== 4)
    throw new TypeError(`channels must be 3 or 4, got ${channels}`);
  if (data.length !== width * height * channels) {
    throw new TypeError(
      `image data has ${data.length} bytes, expected ${width * height * channels}`,
    );
  }
}

interface AxisWeights {
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
function axisWeights(
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
 * Resamples the `rect` of a photo to `outWidth` x `outHeight`, returning interleaved RGB floats
 * in 0..255. Separable, so the cost is linear in the number of output pixels.
 */
export function resampleRgb(
  image: PixelImage,
  rect: Rect,
  outWidth: number,
  outHeight: number,
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
  const tmp = new Float32Array(rows.length * outWidth * 3);
  for (let slot = 0; slot < rows.length; slot++) {
    const rowOffset = (rows[slot] as number) * width * channels;
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
      const o = (slot * outWidth + i) * 3;
      tmp[o] = cr;
      tmp[o + 1] = cg;
      tmp[o + 2] = cb;
    }
  }
  const out = new Float32Array(outWidth * outHeight * 3);
  for (let j = 0; j < outHeight; j++) {
    const n = wy.count[j] as number;
    const base = j * wy.taps;
    const o0 = j * outWidth * 3;
    for (let k = 0; k < n; k++) {
      const w = wy.weights[base + k] as number;
      if (w === 0) continue;
      const t0 = (rowSlot[wy.index[base + k] as number] as number) * outWidth * 3;
      for (let c = 0; c < outWidth * 3; c++)
        out[o0 + c] = (out[o0 + c] as number) + w * (tmp[t0 + c] as number);
    }
  }
  return out;
}

/**
 * Integer k×k block average to 8-bit RGB: one pass over the photo, used to shrink large photos
 * before face detection (the detector resizes to 256 px anyway; block averaging avoids aliasing).
 */
export function blockDownsample(
  image: PixelImage,
  k: number,
): { data: Uint8Array; width: number; height: number } {
  const { data, width, height, channels } = image;
  const w = Math.floor(width / k);
  const h = Math.floor(height / k);
  const out = new Uint8Array(w * h * 3);
  const acc = new Uint32Array(w * 3);
  const area = k * k;
  for (let y = 0; y < h; y++) {
    acc.fill(0);
    for (let dy = 0; dy < k; dy++) {
      let p = (y * k + dy) * width * channels;
      for (let x = 0; x < w; x++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (let dx = 0; dx < k; dx++, p += channels) {
          r += data[p] as number;
          g += data[p + 1] as number;
          b += data[p + 2] as number;
        }
        acc[x * 3] = (acc[x * 3] as number) + r;
        acc[x * 3 + 1] = (acc[x * 3 + 1] as number) + g;
        acc[x * 3 + 2] = (acc[x * 3 + 2] as number) + b;
      }
    }
    const o = y * w * 3;
    for (let i = 0; i < w * 3; i++) out[o + i] = Math.round((acc[i] as number) / area);
  }
  return { data: out, width: w, height: h };
}

/** Drops the alpha channel when there is one (no copy for RGB input). */
export function toRgb8(image: PixelImage): Uint8Array {
  if (image.channels === 3) {
    return image.data instanceof Uint8Array
      ? image.data
      : new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length);
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

/**
 * The passes decision 151 rewrote (loops moved into row functions, branches without type feedback
 * evaluated always), as they were before it, verbatim but for names, exports and imports:
 * first-run-151.test.ts checks that the rewritten ones give exactly what these give. Test code only.
 */
import type { Polygon } from '../src/image/mask';
import type { Plane } from '../src/image/raster';
import type { Bounds } from '../src/image/stats';

export function fillPolygonBefore(
  mask: Uint8Array,
  width: number,
  height: number,
  polygon: Polygon,
  value = 1,
): void {
  if (polygon.length < 3) return;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [, y] of polygon) {
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const y0 = Math.max(0, Math.ceil(minY - 0.5));
  const y1 = Math.min(height - 1, Math.floor(maxY - 0.5));
  const xs: number[] = [];
  for (let y = y0; y <= y1; y++) {
    const cy = y + 0.5;
    xs.length = 0;
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const [xi, yi] = polygon[i] as readonly [number, number];
      const [xj, yj] = polygon[j] as readonly [number, number];
      if (yi > cy !== yj > cy) xs.push(xi + ((cy - yi) * (xj - xi)) / (yj - yi));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const xa = Math.max(0, Math.ceil((xs[k] as number) - 0.5));
      const xb = Math.min(width - 1, Math.floor((xs[k + 1] as number) - 0.5));
      for (let x = xa; x <= xb; x++) mask[y * width + x] = value;
    }
  }
}

export function boxTestBefore(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
  test: 'any' | 'all' | 'all-in-image',
): Uint8Array {
  const full = 2 * radius + 1;
  // count: set pixels in the window; size: the window's pixels inside the image.
  const tmp = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) boxRowBefore(mask, tmp, y * width, width, radius, test);
  const out = new Uint8Array(mask.length);
  const count = new Int32Array(width);
  for (let y = 0; y < Math.min(height, radius); y++) addRowBefore(count, tmp, y * width, 1);
  for (let y = 0; y < height; y++) {
    if (y + radius < height) addRowBefore(count, tmp, (y + radius) * width, 1);
    if (y - radius - 1 >= 0) addRowBefore(count, tmp, (y - radius - 1) * width, -1);
    const size = Math.min(height - 1, y + radius) - Math.max(0, y - radius) + 1;
    passRowBefore(count, out, y * width, size, full, test);
  }
  return out;
}

function boxRowBefore(
  mask: Uint8Array,
  tmp: Uint8Array,
  row: number,
  width: number,
  radius: number,
  test: 'any' | 'all' | 'all-in-image',
): void {
  const full = 2 * radius + 1;
  let count = 0;
  for (let x = 0; x < Math.min(width, radius); x++) count += mask[row + x] ? 1 : 0;
  for (let x = 0; x < width; x++) {
    if (x + radius < width) count += mask[row + x + radius] ? 1 : 0;
    if (x - radius - 1 >= 0) count -= mask[row + x - radius - 1] ? 1 : 0;
    const size = Math.min(width - 1, x + radius) - Math.max(0, x - radius) + 1;
    tmp[row + x] = boxPassesBefore(test, count, size, full) ? 1 : 0;
  }
}

function addRowBefore(count: Int32Array, tmp: Uint8Array, row: number, sign: 1 | -1): void {
  for (let x = 0; x < count.length; x++)
    count[x] = (count[x] as number) + sign * (tmp[row + x] as number);
}

function passRowBefore(
  count: Int32Array,
  out: Uint8Array,
  row: number,
  size: number,
  full: number,
  test: 'any' | 'all' | 'all-in-image',
): void {
  for (let x = 0; x < count.length; x++)
    out[row + x] = boxPassesBefore(test, count[x] as number, size, full) ? 1 : 0;
}

function boxPassesBefore(
  test: 'any' | 'all' | 'all-in-image',
  count: number,
  size: number,
  full: number,
): boolean {
  return test === 'any' ? count > 0 : count === (test === 'all' ? size : full);
}

export function maskedQuantilesBefore(
  values: Float32Array,
  mask: Uint8Array,
  qs: readonly number[],
  range?: { start: number; end: number },
): number[] {
  const start = range?.start ?? 0;
  const end = range?.end ?? mask.length;
  let lo = Infinity;
  let hi = -Infinity;
  let n = 0;
  for (let i = start; i < end; i++) {
    if (!mask[i]) continue;
    const v = values[i] as number;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
    n++;
  }
  if (n === 0) return qs.map(() => 0);
  if (hi - lo < 1e-9) return qs.map(() => lo);
  const bins = 4096;
  // One histogram for every call (cleared here): a 16 KB array made per call, dozens of times an
  // analysis, was garbage for the collector (decision 138).
  const hist = new Uint32Array(bins);
  const scale = (bins - 1e-6) / (hi - lo);
  for (let i = start; i < end; i++) {
    if (!mask[i]) continue;
    const b = Math.floor(((values[i] as number) - lo) * scale);
    hist[b] = (hist[b] as number) + 1;
  }
  const out: number[] = [];
  let cum = 0;
  let b = 0;
  for (const q of qs) {
    const target = Math.min(n - 1, Math.max(0, q * (n - 1))) + 0.5;
    while (b < bins && cum + (hist[b] as number) < target) cum += hist[b++] as number;
    out.push(b < bins ? lo + (b + (target - cum) / Math.max(1, hist[b] as number)) / scale : hi);
  }
  return out;
}

function pixelWeightBefore(
  mask: Uint8Array,
  weight: Uint8Array | Float32Array | undefined,
  i: number,
): number {
  return mask[i] ? (weight ? (weight[i] as number) : 1) : 0;
}

export function detrendedStdBefore(
  values: Float32Array,
  mask: Uint8Array,
  width: number,
  bounds?: Bounds,
  weight?: Uint8Array | Float32Array,
): number {
  const b = bounds ?? { x0: 0, y0: 0, x1: width, y1: Math.ceil(mask.length / width) };
  // Normal equations for the plane fit; coordinates centred for conditioning.
  let n = 0;
  let count = 0;
  let sx = 0;
  let sy = 0;
  for (let y = b.y0; y < b.y1; y++) {
    for (let x = b.x0; x < b.x1; x++) {
      const wi = pixelWeightBefore(mask, weight, y * width + x);
      if (wi <= 0) continue;
      n += wi;
      count++;
      sx += wi * x;
      sy += wi * y;
    }
  }
  if (count < 10 || n <= 0) return 0;
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  let sv = 0;
  let sxv = 0;
  let syv = 0;
  for (let y = b.y0; y < b.y1; y++) {
    for (let x = b.x0; x < b.x1; x++) {
      const i = y * width + x;
      const wi = pixelWeightBefore(mask, weight, i);
      if (wi <= 0) continue;
      const dx = x - mx;
      const dy = y - my;
      const v = values[i] as number;
      sxx += wi * dx * dx;
      syy += wi * dy * dy;
      sxy += wi * dx * dy;
      sv += wi * v;
      sxv += wi * dx * v;
      syv += wi * dy * v;
    }
  }
  const det = sxx * syy - sxy * sxy;
  const bx = det !== 0 ? (sxv * syy - syv * sxy) / det : 0;
  const by = det !== 0 ? (syv * sxx - sxv * sxy) / det : 0;
  const a = sv / n;
  let ss = 0;
  for (let y = b.y0; y < b.y1; y++) {
    for (let x = b.x0; x < b.x1; x++) {
      const i = y * width + x;
      const wi = pixelWeightBefore(mask, weight, i);
      if (wi <= 0) continue;
      const r = (values[i] as number) - (a + bx * (x - mx) + by * (y - my));
      ss += wi * r * r;
    }
  }
  return Math.sqrt(ss / n);
}

const LUT_STEPS = 16;
/** sRGB companding inverse sampled every 1/16 of a code value (floats from resampling are interpolated). */
const LINEAR = (() => {
  const lut = new Float32Array(255 * LUT_STEPS + 2);
  for (let i = 0; i < lut.length; i++) {
    const c = Math.min(1, i / LUT_STEPS / 255);
    lut[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
  return lut;
})();

function toLinear(v: number): number {
  const x = (v < 0 ? 0 : v > 255 ? 255 : v) * LUT_STEPS;
  const i = Math.floor(x);
  const t = x - i;
  const a = LINEAR[i] ?? 0;
  const b = LINEAR[i + 1] ?? a;
  return a + (b - a) * t;
}

const XN = 0.95047;
const YN = 1;
const ZN = 1.08883;
const EPS = 216 / 24389;
const KAPPA = 24389 / 27;

function f(t: number): number {
  return t > EPS ? Math.cbrt(t) : (KAPPA * t + 16) / 116;
}

export function rgbToLabPlanesBefore(
  rgb: Float32Array,
  width: number,
  height: number,
  gains: readonly [number, number, number] = [1, 1, 1],
): { L: Plane; a: Plane; b: Plane } {
  const [gr, gg, gb] = gains;
  const L = { data: new Float32Array(width * height), width, height };
  const A = { data: new Float32Array(width * height), width, height };
  const B = { data: new Float32Array(width * height), width, height };
  const n = width * height;
  for (let i = 0; i < n; i++) {
    const rl = gr * toLinear(rgb[i * 3] as number);
    const gl = gg * toLinear(rgb[i * 3 + 1] as number);
    const bl = gb * toLinear(rgb[i * 3 + 2] as number);
    const fx = f((0.4124564 * rl + 0.3575761 * gl + 0.1804375 * bl) / XN);
    const fy = f((0.2126729 * rl + 0.7151522 * gl + 0.072175 * bl) / YN);
    const fz = f((0.0193339 * rl + 0.119192 * gl + 0.9503041 * bl) / ZN);
    L.data[i] = 116 * fy - 16;
    A.data[i] = 500 * (fx - fy);
    B.data[i] = 200 * (fy - fz);
  }
  return { L, a: A, b: B };
}

export function downsample2Before(plane: Plane): Plane {
  const { data, width, height } = plane;
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  const out: Plane = { data: new Float32Array(w * h), width: w, height: h };
  for (let y = 0; y < h; y++) {
    const y0 = 2 * y;
    const y1 = Math.min(height - 1, y0 + 1);
    for (let x = 0; x < w; x++) {
      const x0 = 2 * x;
      const x1 = Math.min(width - 1, x0 + 1);
      out.data[y * w + x] =
        ((data[y0 * width + x0] as number) +
          (data[y0 * width + x1] as number) +
          (data[y1 * width + x0] as number) +
          (data[y1 * width + x1] as number)) /
        4;
    }
  }
  return out;
}

export function upsample2Before(plane: Plane, width: number, height: number): Plane {
  const out: Plane = { data: new Float32Array(width * height), width, height };
  const { data, width: w, height: h } = plane;
  // Column taps are the same for every row: compute them once.
  const x0s = new Int32Array(width);
  const x1s = new Int32Array(width);
  const txs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(w - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
    const x0 = Math.floor(fx);
    x0s[x] = x0;
    x1s[x] = Math.min(w - 1, x0 + 1);
    txs[x] = fx - x0;
  }
  for (let y = 0; y < height; y++) {
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
    const y0 = Math.floor(fy);
    const ty = fy - y0;
    const r0 = y0 * w;
    const r1 = Math.min(h - 1, y0 + 1) * w;
    const o = y * width;
    for (let x = 0; x < width; x++) {
      const a = x0s[x] as number;
      const b = x1s[x] as number;
      const tx = txs[x] as number;
      const top =
        (data[r0 + a] as number) + ((data[r0 + b] as number) - (data[r0 + a] as number)) * tx;
      const bottom =
        (data[r1 + a] as number) + ((data[r1 + b] as number) - (data[r1 + a] as number)) * tx;
      out.data[o + x] = top + (bottom - top) * ty;
    }
  }
  return out;
}

export function downsampleMask2Before(mask: Uint8Array, width: number, height: number): Uint8Array {
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y1 = Math.min(height - 1, 2 * y + 1);
    for (let x = 0; x < w; x++) {
      const x1 = Math.min(width - 1, 2 * x + 1);
      out[y * w + x] = mask[2 * y * width + 2 * x] && mask[y1 * width + x1] ? 1 : 0;
    }
  }
  return out;
}

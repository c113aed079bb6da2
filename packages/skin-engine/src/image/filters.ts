import { type Plane } from './raster';
import { f32, plane as newPlane, u8, type Scratch } from './scratch';

/** Sampled, normalised 1-D Gaussian with radius ceil(3σ). */
export function gaussianKernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const k = new Float32Array(radius * 2 + 1);
  let total = 0;
  for (let i = -radius; i <= radius; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    k[i + radius] = v;
    total += v;
  }
  for (let i = 0; i < k.length; i++) k[i] = (k[i] ?? 0) / total;
  return k;
}

/*
 * The kernels are symmetric: each tap pair k[r−i] = k[r+i] is applied to the sum of its two
 * samples, which halves the multiplications of both passes. The loop over a row is a function of
 * its own in both passes: V8 then optimises it as a whole after a few rows and keeps it for every
 * later blur, where an inner loop of one long function was entered and left (and its optimised
 * code thrown away) on every row of the first analysis (decision 138). Same arithmetic, same order.
 */
function convolveRows(
  src: Float32Array,
  dst: Float32Array,
  width: number,
  height: number,
  k: Float32Array,
): void {
  for (let y = 0; y < height; y++) convolveRow(src, dst, y * width, width, k);
}

function convolveRow(
  src: Float32Array,
  dst: Float32Array,
  row: number,
  width: number,
  k: Float32Array,
): void {
  const r = (k.length - 1) >> 1;
  const centre = k[r] as number;
  for (let x = 0; x < width; x++) {
    const c = row + x;
    let acc = centre * (src[c] as number);
    if (x >= r && x < width - r) {
      for (let i = 1; i <= r; i++)
        acc += (k[r + i] as number) * ((src[c - i] as number) + (src[c + i] as number));
    } else {
      for (let i = 1; i <= r; i++) {
        const xl = x - i < 0 ? 0 : x - i;
        const xr = x + i >= width ? width - 1 : x + i;
        acc += (k[r + i] as number) * ((src[row + xl] as number) + (src[row + xr] as number));
      }
    }
    dst[c] = acc;
  }
}

function convolveCols(
  src: Float32Array,
  dst: Float32Array,
  width: number,
  height: number,
  k: Float32Array,
): void {
  const r = (k.length - 1) >> 1;
  const centre = k[r] as number;
  const acc = new Float64Array(width);
  // Row-by-row accumulation keeps memory access sequential; a float64 row buffer avoids
  // float32 round-trips on every tap.
  // Two taps per pass over the row: each pixel gets the same additions in the same order
  // ((acc + tap i) + tap i+1), with half the loads and stores of the row buffer.
  const rowUp = (y: number, i: number) => (y - i < 0 ? 0 : y - i) * width;
  const rowDown = (y: number, i: number) => (y + i >= height ? height - 1 : y + i) * width;
  for (let y = 0; y < height; y++) {
    const own = y * width;
    centreRow(acc, src, own, centre, width);
    let i = 1;
    for (; i < r; i += 2) {
      const w1 = k[r + i] as number;
      const w2 = k[r + i + 1] as number;
      addTapPair(acc, src, rowUp(y, i), rowDown(y, i), rowUp(y, i + 1), rowDown(y, i + 1), w1, w2);
    }
    if (i === r) addTap(acc, src, rowUp(y, r), rowDown(y, r), k[2 * r] as number);
    dst.set(acc, own);
  }
}

function centreRow(
  acc: Float64Array,
  src: Float32Array,
  own: number,
  centre: number,
  width: number,
): void {
  for (let x = 0; x < width; x++) acc[x] = centre * (src[own + x] as number);
}

function addTapPair(
  acc: Float64Array,
  src: Float32Array,
  up1: number,
  down1: number,
  up2: number,
  down2: number,
  w1: number,
  w2: number,
): void {
  for (let x = 0; x < acc.length; x++)
    acc[x] =
      (acc[x] as number) +
      w1 * ((src[up1 + x] as number) + (src[down1 + x] as number)) +
      w2 * ((src[up2 + x] as number) + (src[down2 + x] as number));
}

function addTap(acc: Float64Array, src: Float32Array, up: number, down: number, w: number): void {
  for (let x = 0; x < acc.length; x++)
    acc[x] = (acc[x] as number) + w * ((src[up + x] as number) + (src[down + x] as number));
}

/**
 * Separable Gaussian blur with edge clamping. With a Scratch, the result and the intermediate
 * come from it (decision 044): the result is then a temporary of the caller's step.
 */
export function gaussianBlur(plane: Plane, sigma: number, pool?: Scratch): Plane {
  const out = newPlane(pool, plane.width, plane.height, false);
  if (sigma <= 0) {
    out.data.set(plane.data);
    return out;
  }
  const k = gaussianKernel(sigma);
  const tmp = f32(pool, plane.data.length, false);
  convolveRows(plane.data, tmp, plane.width, plane.height, k);
  convolveCols(tmp, out.data, plane.width, plane.height, k);
  return out;
}

/** 4-neighbour Laplacian variance (Pech-Pacheco et al. 2000), the classic focus measure. */
export function laplacianVariance(plane: Plane, mask?: Uint8Array): number {
  const { data, width, height } = plane;
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (mask && !mask[i]) continue;
      const v =
        (data[i - 1] as number) +
        (data[i + 1] as number) +
        (data[i - width] as number) +
        (data[i + width] as number) -
        4 * (data[i] as number);
      sum += v;
      sumSq += v * v;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/*
 * downsample2, upsample2 and downsampleMask2 call a row function once per output row (decision
 * 151): V8 optimises each at entry after a few rows and keeps it for every later call, where the
 * whole-plane loops, entered once per call, were compiled on the stack and again at entry on a
 * first analysis. Same arithmetic, same order.
 */

/** 2×2 block average (half resolution); odd last row/column are averaged with their edge copy. */
export function downsample2(plane: Plane, pool?: Scratch): Plane {
  const { data, width, height } = plane;
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  const out = newPlane(pool, w, h, false);
  for (let y = 0; y < h; y++) downsample2Row(data, out.data, width, height, w, y);
  return out;
}

function downsample2Row(
  data: Float32Array,
  out: Float32Array,
  width: number,
  height: number,
  w: number,
  y: number,
): void {
  const y0 = 2 * y;
  const y1 = Math.min(height - 1, y0 + 1);
  for (let x = 0; x < w; x++) {
    const x0 = 2 * x;
    const x1 = Math.min(width - 1, x0 + 1);
    out[y * w + x] =
      ((data[y0 * width + x0] as number) +
        (data[y0 * width + x1] as number) +
        (data[y1 * width + x0] as number) +
        (data[y1 * width + x1] as number)) /
      4;
  }
}

/** upsample2's column taps, the same for every row. */
interface ColumnTaps {
  x0s: Int32Array;
  x1s: Int32Array;
  txs: Float32Array;
}

/** Bilinear upsampling of a half-resolution plane back to width × height (pixel centres aligned). */
export function upsample2(plane: Plane, width: number, height: number, pool?: Scratch): Plane {
  const out = newPlane(pool, width, height, false);
  const { data, width: w, height: h } = plane;
  // Column taps are the same for every row: compute them once.
  const taps: ColumnTaps = {
    x0s: new Int32Array(width),
    x1s: new Int32Array(width),
    txs: new Float32Array(width),
  };
  for (let x = 0; x < width; x++) {
    const fx = Math.min(w - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
    const x0 = Math.floor(fx);
    taps.x0s[x] = x0;
    taps.x1s[x] = Math.min(w - 1, x0 + 1);
    taps.txs[x] = fx - x0;
  }
  for (let y = 0; y < height; y++) upsample2Row(data, out.data, taps, width, w, h, y);
  return out;
}

function upsample2Row(
  data: Float32Array,
  out: Float32Array,
  taps: ColumnTaps,
  width: number,
  w: number,
  h: number,
  y: number,
): void {
  const { x0s, x1s, txs } = taps;
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
    out[o + x] = top + (bottom - top) * ty;
  }
}

/** Mask at half resolution: a half pixel is in when both diagonal full pixels of its block are. */
export function downsampleMask2(
  mask: Uint8Array,
  width: number,
  height: number,
  pool?: Scratch,
): Uint8Array {
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  const out = u8(pool, w * h, false);
  for (let y = 0; y < h; y++) downsampleMask2Row(mask, out, width, height, w, y);
  return out;
}

function downsampleMask2Row(
  mask: Uint8Array,
  out: Uint8Array,
  width: number,
  height: number,
  w: number,
  y: number,
): void {
  const y1 = Math.min(height - 1, 2 * y + 1);
  for (let x = 0; x < w; x++) {
    const x1 = Math.min(width - 1, 2 * x + 1);
    out[y * w + x] = mask[2 * y * width + 2 * x] && mask[y1 * width + x1] ? 1 : 0;
  }
}

/**
 * Grey dilation: each pixel takes the largest value within a (2r+1)² square. Only the rows and
 * columns around the support (pixels with a value) are visited.
 */
export function maxFilter(
  src: Float32Array,
  support: Uint8Array,
  width: number,
  height: number,
  r: number,
  pool?: Scratch,
): Float32Array {
  const out = f32(pool, src.length);
  let x0 = width;
  let x1 = -1;
  let y0 = height;
  let y1 = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0, i = y * width; x < width; x++, i++)
      if (support[i]) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  if (x1 < 0) return out;
  x0 = Math.max(0, x0 - r);
  x1 = Math.min(width - 1, x1 + r);
  y0 = Math.max(0, y0 - r);
  y1 = Math.min(height - 1, y1 + r);
  const tmp = f32(pool, src.length);
  for (let y = Math.max(0, y0 - r); y <= Math.min(height - 1, y1 + r); y++)
    rowMax(src, tmp, y * width, x0, x1, width, r);
  for (let y = y0; y <= y1; y++) colMax(tmp, out, y, x0, x1, width, height, r);
  return out;
}

/**
 * maxFilter's two passes over one row, functions of their own so V8 optimises them once for
 * every row (decision 138). Row pass: the largest value within r columns.
 */
function rowMax(
  src: Float32Array,
  tmp: Float32Array,
  row: number,
  x0: number,
  x1: number,
  width: number,
  r: number,
): void {
  for (let x = x0; x <= x1; x++) {
    let m = 0;
    for (let k = Math.max(0, x - r), e = Math.min(width - 1, x + r); k <= e; k++) {
      const v = src[row + k] as number;
      if (v > m) m = v;
    }
    tmp[row + x] = m;
  }
}

/** Column pass of row y: the largest value within r rows. */
function colMax(
  tmp: Float32Array,
  out: Float32Array,
  y: number,
  x0: number,
  x1: number,
  width: number,
  height: number,
  r: number,
): void {
  for (let x = x0; x <= x1; x++) {
    let m = 0;
    for (let k = Math.max(0, y - r), e = Math.min(height - 1, y + r); k <= e; k++) {
      const v = tmp[k * width + x] as number;
      if (v > m) m = v;
    }
    out[y * width + x] = m;
  }
}

/**
 * Dark-valley strength from the Hessian of G_σ(L*): with eigenvalues λ1 ≥ λ2, a dark line has a
 * large positive λ1 across it and λ2 ≈ 0 along it; σ²·(λ1 − |λ2|) is high on lines and ≈ 0 on
 * round spots (Frangi et al. 1998 use the same eigenvalue contrast for vessels).
 */
export function valleyStrength(smoothed: Plane, sigma: number, pool?: Scratch): Float32Array {
  const { data, width, height } = smoothed;
  const out = f32(pool, data.length);
  const s2 = sigma * sigma;
  for (let y = 1; y < height - 1; y++) valleyRow(data, out, y * width, width, s2);
  return out;
}

/** valleyStrength of one row: a function of its own (decision 138). */
function valleyRow(
  data: Float32Array,
  out: Float32Array,
  row: number,
  width: number,
  s2: number,
): void {
  for (let x = 1; x < width - 1; x++) {
    const i = row + x;
    const c = data[i] as number;
    const a = (data[i - 1] as number) + (data[i + 1] as number) - 2 * c;
    const d = (data[i - width] as number) + (data[i + width] as number) - 2 * c;
    const b =
      ((data[i + width + 1] as number) -
        (data[i + width - 1] as number) -
        (data[i - width + 1] as number) +
        (data[i - width - 1] as number)) /
      4;
    const half = (a + d) / 2;
    const root = Math.sqrt(((a - d) / 2) ** 2 + b * b);
    const l1 = half + root;
    const l2 = half - root;
    const v = s2 * (l1 - Math.abs(l2));
    out[i] = v > 0 ? v : 0;
  }
}

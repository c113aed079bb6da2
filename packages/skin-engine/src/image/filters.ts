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
  for (let y = 0; y < height; y++) {
    const own = y * width;
    centreRow(acc, src, own, centre, width);
    let i = 1;
    for (; i < r; i += 2) {
      const w1 = k[r + i] as number;
      const w2 = k[r + i + 1] as number;
      addTapPair(
        acc,
        src,
        rowUp(y, i, width),
        rowDown(y, i, width, height),
        rowUp(y, i + 1, width),
        rowDown(y, i + 1, width, height),
        w1,
        w2,
      );
    }
    if (i === r)
      addTap(acc, src, rowUp(y, r, width), rowDown(y, r, width, height), k[2 * r] as number);
    dst.set(acc, own);
  }
}

/*
 * The offsets of the rows i above and below y, clamped to the plane: module functions, not
 * closures made per call, and both sides of the clamp computed for every row (decision 159: in
 * Chromium's worker, convolveCols' code was thrown away at `height − 1`, first reached at the
 * plane's last rows). The same offsets.
 */
function rowUp(y: number, i: number, width: number): number {
  const up = y - i;
  return (up < 0 ? 0 : up) * width;
}

function rowDown(y: number, i: number, width: number, height: number): number {
  const down = y + i;
  const last = height - 1;
  return (down >= height ? last : down) * width;
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
  moments.fill(0);
  for (let y = 1; y < height - 1; y++) laplacianRow(data, mask ?? null, width, y, moments);
  const sum = moments[0] as number;
  const sumSq = moments[1] as number;
  const n = moments[2] as number;
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSq / n - mean * mean;
}

/**
 * Running sums carried from one row to the next (sum, sum of squares, count): a Float64Array holds
 * every double exactly, so the same values are added in the same order as by one loop.
 */
const moments = new Float64Array(3);

/**
 * laplacianVariance's row y, added to `acc`: a function of its own called per row (decision 156),
 * optimised at entry after a few rows, where the one loop, entered once per call, was compiled on
 * the stack and its code after the loop (no feedback yet) threw it away. The same arithmetic.
 */
function laplacianRow(
  data: Float32Array,
  mask: Uint8Array | null,
  width: number,
  y: number,
  acc: Float64Array,
): void {
  let sum = acc[0] as number;
  let sumSq = acc[1] as number;
  let n = acc[2] as number;
  // Every pixel's value computed, and 0 added off the mask (the sums start at +0, so they are
  // never −0 and x + 0 is x): no add is first reached by a later row (decision 156).
  for (let x = 1; x < width - 1; x++) {
    const i = y * width + x;
    const on = mask === null || !!mask[i];
    const v =
      (data[i - 1] as number) +
      (data[i + 1] as number) +
      (data[i - width] as number) +
      (data[i + width] as number) -
      4 * (data[i] as number);
    const vv = v * v;
    sum += on ? v : 0;
    sumSq += on ? vv : 0;
    n += on ? 1 : 0;
  }
  acc[0] = sum;
  acc[1] = sumSq;
  acc[2] = n;
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

/** Bilinear upsampling of a half-resolution plane back to width × height (pixel centres aligned). */
export function upsample2(plane: Plane, width: number, height: number, pool?: Scratch): Plane {
  const out = newPlane(pool, width, height, false);
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
  for (let y = 0; y < height; y++) upsample2Row(data, out.data, x0s, x1s, txs, width, w, h, y);
  return out;
}

/**
 * upsample2's row y. The column taps come as arguments (decision 156), not in an object made per
 * call, whose map's field types the optimised code relied on ("code dependencies" on a first
 * analysis).
 */
function upsample2Row(
  data: Float32Array,
  out: Float32Array,
  x0s: Int32Array,
  x1s: Int32Array,
  txs: Float32Array,
  width: number,
  w: number,
  h: number,
  y: number,
): void {
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
    // Both read for every pixel (decision 156: the second was reached only where the first is set).
    const a = mask[2 * y * width + 2 * x];
    const b = mask[y1 * width + x1];
    out[y * w + x] = a && b ? 1 : 0;
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
  supportBox[0] = width;
  supportBox[1] = -1;
  supportBox[2] = height;
  supportBox[3] = -1;
  for (let y = 0; y < height; y++) supportRow(support, width, y, supportBox);
  let x0 = supportBox[0] as number;
  let x1 = supportBox[1] as number;
  let y0 = supportBox[2] as number;
  let y1 = supportBox[3] as number;
  if (x1 < 0) return out;
  x0 = Math.max(0, x0 - r);
  x1 = Math.min(width - 1, x1 + r);
  y0 = Math.max(0, y0 - r);
  y1 = Math.min(height - 1, y1 + r);
  const tmp = f32(pool, src.length);
  rowMaxes(src, tmp, Math.max(0, y0 - r), Math.min(height - 1, y1 + r), x0, x1, width, r);
  colMaxes(tmp, out, y0, y1, x0, x1, width, height, r);
  return out;
}

/** maxFilter's support box (x0, x1, y0, y1), carried from one row to the next. */
const supportBox = new Int32Array(4);

/**
 * The support's pixels of row y widen the box: every pixel takes part (a column outside the
 * support leaves the box as it was), so no comparison is first reached by a later row or call
 * (decision 156: the one loop was compiled on the stack, and the code after it thrown away).
 */
function supportRow(support: Uint8Array, width: number, y: number, box: Int32Array): void {
  let x0 = box[0] as number;
  let x1 = box[1] as number;
  let any = 0;
  for (let x = 0, i = y * width; x < width; x++, i++) {
    const on = support[i] ? 1 : 0;
    x0 = Math.min(x0, on ? x : width);
    x1 = Math.max(x1, on ? x : -1);
    any = Math.max(any, on);
  }
  box[0] = x0;
  box[1] = x1;
  box[2] = Math.min(box[2] as number, any ? y : 0x7fffffff);
  box[3] = Math.max(box[3] as number, any ? y : -1);
}

/** maxFilter's row passes, rows ya…yb: nothing follows the loop (decision 156). */
function rowMaxes(
  src: Float32Array,
  tmp: Float32Array,
  ya: number,
  yb: number,
  x0: number,
  x1: number,
  width: number,
  r: number,
): void {
  for (let y = ya; y <= yb; y++) rowMax(src, tmp, y * width, x0, x1, width, r);
}

/** maxFilter's column passes, rows y0…y1 (as rowMaxes). */
function colMaxes(
  tmp: Float32Array,
  out: Float32Array,
  y0: number,
  y1: number,
  x0: number,
  x1: number,
  width: number,
  height: number,
  r: number,
): void {
  for (let y = y0; y <= y1; y++) colMax(tmp, out, y, x0, x1, width, height, r);
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

/** hessianAt's output: ∂²/∂x², ∂²/∂y², ∂²/∂x∂y. */
const hessian = new Float64Array(3);

/**
 * The Hessian of a plane at pixel i (central differences; i not on the border) into `out`:
 * ∂²/∂x², ∂²/∂y² and ∂²/∂x∂y.
 */
export function hessianAt(data: Float32Array, i: number, width: number, out: Float64Array): void {
  const c = data[i] as number;
  out[0] = (data[i - 1] as number) + (data[i + 1] as number) - 2 * c;
  out[1] = (data[i - width] as number) + (data[i + width] as number) - 2 * c;
  out[2] =
    ((data[i + width + 1] as number) -
      (data[i + width - 1] as number) -
      (data[i - width + 1] as number) +
      (data[i - width - 1] as number)) /
    4;
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
    hessianAt(data, i, width, hessian);
    const a = hessian[0] as number;
    const d = hessian[1] as number;
    const b = hessian[2] as number;
    const half = (a + d) / 2;
    const root = Math.sqrt(((a - d) / 2) ** 2 + b * b);
    const l1 = half + root;
    const l2 = half - root;
    const v = s2 * (l1 - Math.abs(l2));
    out[i] = v > 0 ? v : 0;
  }
}

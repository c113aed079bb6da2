/**
 * The mask, filter, quality-gate and soft-count functions decision 156 rewrote (fillPolygon's
 * vertices, intersect, the and/count passes, connectedComponents, laplacianVariance, upsample2's
 * taps, maxFilter's passes, focusOfHalf, softWeight, downsampleMask2), as they were before it, verbatim but for
 * names, exports and imports: first-run-156.test.ts checks that the rewritten ones give exactly
 * what these give. Test code only. (The resample, masked blur and white balance: before-156-image.ts;
 * the surface, zone and overlay passes: before-156-measures.ts.)
 */
import type { Polygon } from '../src/image/mask';
import type { Plane } from '../src/image/raster';
import { f32, plane as newPlane, u8, type Scratch } from '../src/image/scratch';
import { SOFT_FROM, SOFT_TO } from '../src/metrics/marks';

/** upsample2's column taps, the same for every row. */
interface ColumnTaps {
  x0s: Int32Array;
  x1s: Int32Array;
  txs: Float32Array;
}

/** Fills a polygon (even-odd rule, sampled at pixel centres) into `mask` with `value`. */
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
  for (let i = 0; i < polygon.length; i++) {
    const y = (polygon[i] as readonly [number, number])[1];
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const y0 = Math.max(0, Math.ceil(minY - 0.5));
  const y1 = Math.min(height - 1, Math.floor(maxY - 0.5));
  const xs: number[] = [];
  for (let y = y0; y <= y1; y++) fillPolygonRowBefore(mask, width, polygon, value, y, xs);
}

/**
 * One row of fillPolygonBefore: its crossings at the row's centre, sorted, and the spans between them.
 * A function of its own called once per row, with indexed reads of the vertices rather than
 * array destructuring (the iterator protocol): V8 optimises it after a few rows and its code is
 * a tenth of the size, where the whole fill was compiled twice (on-stack and at entry) on every
 * first analysis (decision 151). Same crossings, same order, same sort.
 */
function fillPolygonRowBefore(
  mask: Uint8Array,
  width: number,
  polygon: Polygon,
  value: number,
  y: number,
  xs: number[],
): void {
  const cy = y + 0.5;
  xs.length = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const pi = polygon[i] as readonly [number, number];
    const pj = polygon[j] as readonly [number, number];
    const xi = pi[0];
    const yi = pi[1];
    const xj = pj[0];
    const yj = pj[1];
    if (yi > cy !== yj > cy) xs.push(xi + ((cy - yi) * (xj - xi)) / (yj - yi));
  }
  xs.sort(ascendingBefore);
  for (let k = 0; k + 1 < xs.length; k += 2) {
    const xa = Math.max(0, Math.ceil((xs[k] as number) - 0.5));
    const xb = Math.min(width - 1, Math.floor((xs[k + 1] as number) - 0.5));
    for (let x = xa; x <= xb; x++) mask[y * width + x] = value;
  }
}

function ascendingBefore(a: number, b: number): number {
  return a - b;
}

export function intersectBefore(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] && b[i] ? 1 : 0;
  return out;
}

/** dst[i] = 1 wherever a[i] and b[i] are set, for i in [start, end) (see orInto). */
export function andIntoBefore(
  a: Uint8Array,
  b: Uint8Array,
  dst: Uint8Array,
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) if (a[i] && b[i]) dst[i] = 1;
}

/** dst[i] = 1 wherever a[i] is set and b[i] is not, for i in [start, end) (see orInto). */
export function andNotIntoBefore(
  a: Uint8Array,
  b: Uint8Array,
  dst: Uint8Array,
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) if (a[i] && !b[i]) dst[i] = 1;
}

/** Unsets mask[i] wherever keep[i] is unset, for i in [start, end) (see orInto). */
export function clearOutsideBefore(
  mask: Uint8Array,
  keep: Uint8Array,
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) if (mask[i] && !keep[i]) mask[i] = 0;
}

/** Set pixels of the mask in [start, end). */
export function countWithinBefore(mask: Uint8Array, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) if (mask[i]) n++;
  return n;
}

export function countMaskBefore(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) n++;
  return n;
}

/** The 8-connected components of a mask, each as the list of its pixel indices. */
export function connectedComponentsBefore(
  mask: Uint8Array,
  width: number,
  height: number,
): number[][] {
  const seen = new Uint8Array(mask.length);
  const out: number[][] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    out.push(floodBefore(mask, seen, stack, start, width, height));
  }
  return out;
}

/**
 * The component of `start` (connectedComponentsBefore): a function of its own, so V8 optimises it once
 * for every component (decision 138) rather than an inner loop entered and left per component.
 */
function floodBefore(
  mask: Uint8Array,
  seen: Uint8Array,
  stack: number[],
  start: number,
  width: number,
  height: number,
): number[] {
  const members: number[] = [];
  stack.push(start);
  seen[start] = 1;
  while (stack.length) {
    const i = stack.pop() as number;
    members.push(i);
    const x = i % width;
    const y = (i - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const j = ny * width + nx;
        if (mask[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
  }
  return members;
}

/** 4-neighbour Laplacian variance (Pech-Pacheco et al. 2000), the classic focus measure. */
export function laplacianVarianceBefore(plane: Plane, mask?: Uint8Array): number {
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

/** Bilinear upsampling of a half-resolution plane back to width × height (pixel centres aligned). */
export function upsample2Before(
  plane: Plane,
  width: number,
  height: number,
  pool?: Scratch,
): Plane {
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
  for (let y = 0; y < height; y++) upsample2RowBefore(data, out.data, taps, width, w, h, y);
  return out;
}

function upsample2RowBefore(
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

/**
 * Grey dilation: each pixel takes the largest value within a (2r+1)² square. Only the rows and
 * columns around the support (pixels with a value) are visited.
 */
export function maxFilterBefore(
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
    rowMaxBefore(src, tmp, y * width, x0, x1, width, r);
  for (let y = y0; y <= y1; y++) colMaxBefore(tmp, out, y, x0, x1, width, height, r);
  return out;
}

/**
 * maxFilterBefore's two passes over one row, functions of their own so V8 optimises them once for
 * every row (decision 138). Row pass: the largest value within r columns.
 */
function rowMaxBefore(
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
function colMaxBefore(
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

/** The focus measure on L* at half the working scale (face height WORK_FACE_HEIGHT / 2). */
export function focusOfHalfBefore(half: Plane): number {
  const mask = new Uint8Array(half.data.length);
  // Inner face box: the eyes, nose and mouth carry the edges a focused photo shows.
  const x0 = Math.floor(half.width * 0.15);
  const x1 = Math.ceil(half.width * 0.85);
  const y0 = Math.floor(half.height * 0.2);
  const y1 = Math.ceil(half.height * 0.9);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) mask[y * half.width + x] = 1;
  // Relative to the face's own contrast (variance of L*), so darker skin, whose L* differences
  // are compressed, is not mistaken for blur.
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const v = half.data[i] as number;
    sum += v;
    sumSq += v * v;
    n++;
  }
  const variance = n ? sumSq / n - (sum / n) ** 2 : 0;
  return variance > 1e-6 ? (100 * laplacianVarianceBefore(half, mask)) / variance : 0;
}

export function softWeightBefore(response: number, threshold: number): number {
  const w = (response - SOFT_FROM * threshold) / ((SOFT_TO - SOFT_FROM) * threshold);
  return w <= 0 ? 0 : w >= 1 ? 1 : w;
}

/** Mask at half resolution: a half pixel is in when both diagonal full pixels of its block are. */
export function downsampleMask2Before(
  mask: Uint8Array,
  width: number,
  height: number,
  pool?: Scratch,
): Uint8Array {
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  const out = u8(pool, w * h, false);
  for (let y = 0; y < h; y++) downsampleMask2RowBefore(mask, out, width, height, w, y);
  return out;
}

function downsampleMask2RowBefore(
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

/**
 * The passes decision 138 rewrote (loops moved into functions of their own, no closures made per
 * call), as they were before it, verbatim but for names and imports: first-run.test.ts checks
 * that the rewritten ones give exactly what these give. Test code only.
 */
import type { Blob, BlobOptions } from '../src/metrics/blobs';
import type { Plane } from '../src/image/raster';

/*
 * The kernels are symmetric: each tap pair k[r−i] = k[r+i] is applied to the sum of its two
 * samples, which halves the multiplications of both passes.
 */
function convolveRows(
  src: Float32Array,
  dst: Float32Array,
  width: number,
  height: number,
  k: Float32Array,
): void {
  const r = (k.length - 1) >> 1;
  const centre = k[r] as number;
  for (let y = 0; y < height; y++) {
    const row = y * width;
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
    for (let x = 0; x < width; x++) acc[x] = centre * (src[own + x] as number);
    let i = 1;
    for (; i < r; i += 2) {
      const up1 = rowUp(y, i);
      const down1 = rowDown(y, i);
      const up2 = rowUp(y, i + 1);
      const down2 = rowDown(y, i + 1);
      const w1 = k[r + i] as number;
      const w2 = k[r + i + 1] as number;
      for (let x = 0; x < width; x++)
        acc[x] =
          (acc[x] as number) +
          w1 * ((src[up1 + x] as number) + (src[down1 + x] as number)) +
          w2 * ((src[up2 + x] as number) + (src[down2 + x] as number));
    }
    if (i === r) {
      const up = rowUp(y, r);
      const down = rowDown(y, r);
      const w = k[2 * r] as number;
      for (let x = 0; x < width; x++)
        acc[x] = (acc[x] as number) + w * ((src[up + x] as number) + (src[down + x] as number));
    }
    dst.set(acc, own);
  }
}

/**
/** gaussianBlur before decision 138 (without a pool). */
export function gaussianBlurBefore(plane: Plane, sigma: number): Plane {
  const out: Plane = {
    data: new Float32Array(plane.data.length),
    width: plane.width,
    height: plane.height,
  };
  if (sigma <= 0) {
    out.data.set(plane.data);
    return out;
  }
  const k = gaussianKernelBefore(sigma);
  const tmp = new Float32Array(plane.data.length);
  convolveRows(plane.data, tmp, plane.width, plane.height, k);
  convolveCols(tmp, out.data, plane.width, plane.height, k);
  return out;
}
function gaussianKernelBefore(sigma: number): Float32Array {
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
export function maxFilterBefore(
  src: Float32Array,
  support: Uint8Array,
  width: number,
  height: number,
  r: number,
): Float32Array {
  const out = new Float32Array(src.length);
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
  const tmp = new Float32Array(src.length);
  for (let y = Math.max(0, y0 - r); y <= Math.min(height - 1, y1 + r); y++) {
    const row = y * width;
    for (let x = x0; x <= x1; x++) {
      let m = 0;
      for (let k = Math.max(0, x - r), e = Math.min(width - 1, x + r); k <= e; k++) {
        const v = src[row + k] as number;
        if (v > m) m = v;
      }
      tmp[row + x] = m;
    }
  }
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      let m = 0;
      for (let k = Math.max(0, y - r), e = Math.min(height - 1, y + r); k <= e; k++) {
        const v = tmp[k * width + x] as number;
        if (v > m) m = v;
      }
      out[y * width + x] = m;
    }
  return out;
}
export function valleyStrengthBefore(smoothed: Plane, sigma: number): Float32Array {
  const { data, width, height } = smoothed;
  const out = new Float32Array(data.length);
  const s2 = sigma * sigma;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
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
  return out;
}
export function detectBlobsBefore(
  stack: readonly Plane[],
  sigmas: readonly number[],
  opts: BlobOptions,
): Blob[] {
  const first = stack[0];
  if (!first) return [];
  const { width, height } = first;
  const sign = opts.polarity === 'dark' ? 1 : -1;
  const r = opts.maxCurvatureRatio ?? 6;
  const edgeLimit = ((r + 1) * (r + 1)) / r;
  const candidates: Array<Blob & { index: number }> = [];
  for (let level = opts.fromLevel; level <= opts.toLevel; level++) {
    const fine = stack[level];
    const coarse = stack[level + 1];
    if (!fine || !coarse) break;
    const f = fine.data;
    const c = coarse.data;
    const d = (i: number) => sign * ((c[i] as number) - (f[i] as number));
    for (let y = 1; y < height - 1; y++) {
      for (let x = 1; x < width - 1; x++) {
        const i = y * width + x;
        if (!opts.mask[i]) continue;
        const v = d(i);
        if (v < opts.minResponse) continue;
        // Ties: strictly greater than earlier neighbours, >= later ones (one winner per plateau).
        // The Hessian's edge measure only for the local maxima.
        if (
          v > d(i - width - 1) &&
          v > d(i - width) &&
          v > d(i - width + 1) &&
          v > d(i - 1) &&
          v >= d(i + 1) &&
          v >= d(i + width - 1) &&
          v >= d(i + width) &&
          v >= d(i + width + 1)
        ) {
          const edge = edgeMeasure(d, i, width, v);
          if (edge >= edgeLimit) continue;
          candidates.push({
            x,
            y,
            sigma: sigmas[level] as number,
            response: v,
            curvature: ratioOfEdgeMeasure(edge),
            index: level * width * height + i,
          });
        }
      }
    }
  }
  candidates.sort((a, b) => b.response - a.response || a.index - b.index);
  const sep = opts.separation ?? 2;
  const kept: Blob[] = [];
  for (const cand of candidates) {
    let overlaps = false;
    for (const k of kept) {
      const r = sep * Math.max(k.sigma, cand.sigma);
      const dx = k.x - cand.x;
      const dy = k.y - cand.y;
      if (dx * dx + dy * dy < r * r) {
        overlaps = true;
        break;
      }
    }
    if (!overlaps)
      kept.push({
        x: cand.x,
        y: cand.y,
        sigma: cand.sigma,
        response: cand.response,
        curvature: cand.curvature,
      });
  }
  return kept;
}

function edgeMeasure(d: (i: number) => number, i: number, width: number, v: number): number {
  const dxx = d(i + 1) + d(i - 1) - 2 * v;
  const dyy = d(i + width) + d(i - width) - 2 * v;
  const dxy = (d(i + width + 1) - d(i + width - 1) - d(i - width + 1) + d(i - width - 1)) / 4;
  const tr = dxx + dyy;
  const det = dxx * dyy - dxy * dxy;
  return det > 0 ? (tr * tr) / det : Infinity;
}
function ratioOfEdgeMeasure(k: number): number {
  if (k === Infinity) return Infinity;
  const m = Math.max(4, k);
  return (m - 2 + Math.sqrt((m - 2) * (m - 2) - 4)) / 2;
}
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
    out.push(members);
  }
  return out;
}

import type { Plane } from '../image/raster';

/**
 * Difference-of-Gaussians blob detection (Lindeberg 1998, "Feature detection with automatic scale
 * selection"; Lowe 2004 uses the same DoG ≈ (k−1)σ²∇²G approximation). With a Gaussian stack
 * G0 < G1 < … of one channel, level i responds to blobs of radius ≈ √2·σᵢ:
 *   dark blobs:   Dᵢ = G(i+1) − G(i)  (the finer blur is darker at a dark spot's centre)
 *   bright blobs: Dᵢ = G(i) − G(i+1)
 * A blob is a 3×3 local maximum of Dᵢ above `minResponse`; overlapping detections across levels
 * are merged by non-maximum suppression (strongest first).
 */

export interface Blob {
  x: number;
  y: number;
  sigma: number;
  /** DoG response in the channel's units (e.g. L* points); about 0.3–0.5× the blob's contrast. */
  response: number;
  /**
   * Principal-curvature ratio r ≥ 1 of the DoG at the peak (the edge rejection's quantity): 1 for
   * a round blob, large along an edge or a line. For soft roundness tests (decision 048).
   */
  curvature: number;
}

export interface BlobOptions {
  polarity: 'dark' | 'bright';
  /** Only levels i in [fromLevel, toLevel] (inclusive) are searched: the size limits. */
  fromLevel: number;
  toLevel: number;
  minResponse: number;
  /** Blob centres must lie inside this mask. */
  mask: Uint8Array;
  /** Two blobs closer than this many (larger) sigmas are the same blob. */
  separation?: number;
  /**
   * Edge rejection (Lowe 2004 §4.1): a DoG peak whose 2×2 Hessian has principal-curvature ratio
   * above this is an edge or a line (e.g. the shading along the side of the nose), not a blob.
   */
  maxCurvatureRatio?: number;
}

export function detectBlobs(
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
  found = 0;
  for (let level = opts.fromLevel; level <= opts.toLevel; level++) {
    const fine = stack[level];
    const coarse = stack[level + 1];
    if (!fine || !coarse) break;
    scanLevel(
      fine.data,
      coarse.data,
      sign,
      opts.mask,
      opts.minResponse,
      width,
      height,
      edgeLimit,
      sigmas[level] as number,
      level * width * height,
    );
  }
  // Strongest first, ties by position (a total order: any sort gives this one).
  const order = new Uint32Array(found);
  for (let k = 0; k < found; k++) order[k] = k;
  order.sort(strongerFirst);
  const sep = opts.separation ?? 2;
  const kept: Blob[] = [];
  for (let j = 0; j < order.length; j++) {
    const k = order[j] as number;
    const x = candX[k] as number;
    const y = candY[k] as number;
    const sigma = candSigma[k] as number;
    if (!overlapsKept(kept, x, y, sigma, sep))
      kept.push({
        x,
        y,
        sigma,
        response: candResponse[k] as number,
        curvature: candCurvature[k] as number,
      });
  }
  return kept;
}

/*
 * The candidates of one detectBlobs call, as columns (decision 152): x, y, sigma, DoG response,
 * curvature ratio and the index (level × frame + pixel) that breaks ties. scanRow pushed an object
 * per candidate onto the caller's array, and that push threw scanRow's optimised code away twice
 * on a first analysis ("wrong map"); numbers in typed arrays keep their values exactly.
 */
let candX = new Int32Array(256);
let candY = new Int32Array(256);
let candSigma = new Float64Array(256);
let candResponse = new Float64Array(256);
let candCurvature = new Float64Array(256);
let candIndex = new Float64Array(256);
/** How many candidates the current call has found. */
let found = 0;

/**
 * Writes a candidate at the next free slot and takes it (`keep` 1) or leaves the slot free for
 * the next one (0): every store reached for every offer (decision 159).
 */
function offerCandidate(
  keep: number,
  x: number,
  y: number,
  sigma: number,
  response: number,
  curvature: number,
  index: number,
): void {
  if (found === candX.length) growCandidates();
  candX[found] = x;
  candY[found] = y;
  candSigma[found] = sigma;
  candResponse[found] = response;
  candCurvature[found] = curvature;
  candIndex[found] = index;
  found += keep;
}

function growCandidates(): void {
  const n = candX.length * 2;
  const x = new Int32Array(n);
  const y = new Int32Array(n);
  const sigma = new Float64Array(n);
  const response = new Float64Array(n);
  const curvature = new Float64Array(n);
  const index = new Float64Array(n);
  x.set(candX);
  y.set(candY);
  sigma.set(candSigma);
  response.set(candResponse);
  curvature.set(candCurvature);
  index.set(candIndex);
  candX = x;
  candY = y;
  candSigma = sigma;
  candResponse = response;
  candCurvature = curvature;
  candIndex = index;
}

/** Candidate a before b: the stronger response, then the lower index (was the objects' sort). */
function strongerFirst(a: number, b: number): number {
  return (
    (candResponse[b] as number) - (candResponse[a] as number) ||
    (candIndex[a] as number) - (candIndex[b] as number)
  );
}

/**
 * Whether a blob already kept lies within `sep` (larger) sigmas of the candidate: a function of
 * its own, called once per candidate, so V8 optimises it whole (decision 138).
 */
function overlapsKept(
  kept: readonly Blob[],
  x: number,
  y: number,
  sigma: number,
  sep: number,
): boolean {
  for (let j = 0; j < kept.length; j++) {
    const k = kept[j] as Blob;
    const r = sep * Math.max(k.sigma, sigma);
    const dx = k.x - x;
    const dy = k.y - y;
    if (dx * dx + dy * dy < r * r) return true;
  }
  return false;
}

/**
 * One level's local maxima of D = sign·(coarse − fine) above `minResponse` inside the mask, as
 * candidates. A function of its own, with the DoG read inline rather than through a closure made
 * per level: V8 then optimises it once for every level and call (decision 138), not the loop of
 * one long function again after each exit, and the values are the same.
 */
function scanLevel(
  f: Float32Array,
  c: Float32Array,
  sign: number,
  mask: Uint8Array,
  minResponse: number,
  width: number,
  height: number,
  edgeLimit: number,
  sigma: number,
  offset: number,
): void {
  for (let y = 1; y < height - 1; y++)
    scanRow(f, c, sign, mask, minResponse, width, y, edgeLimit, sigma, offset);
}

/**
 * scanLevel's row y (its own function for the same reason). The mask and the threshold come as
 * arguments, not in the caller's options object: the options' shapes differ between callers
 * (some carry `separation` or `maxCurvatureRatio`), and reading them here threw the row's
 * optimised code away on a first analysis ("wrong map", decision 151's trace).
 */
function scanRow(
  f: Float32Array,
  c: Float32Array,
  sign: number,
  mask: Uint8Array,
  minResponse: number,
  width: number,
  y: number,
  edgeLimit: number,
  sigma: number,
  offset: number,
): void {
  for (let x = 1; x < width - 1; x++) {
    const i = y * width + x;
    // The response and its test for every pixel, then the mask (decision 156: reached only on
    // the mask, they had no feedback when the first rows, off it, got the row compiled).
    const v = sign * ((c[i] as number) - (f[i] as number));
    const weak = v < minResponse;
    const index = offset + i;
    const inMask = mask[i] ? 1 : 0;
    if (weak) continue;
    // Every strong pixel, on the mask or off it, is tested as a local maximum, and every local
    // maximum's edge measure taken and offered as a candidate, which is kept only on the mask
    // and under the edge limit (decision 159: behind the mask, the tests were first reached at
    // the face, after the top rows had got the row compiled, and threw that code away; 5 % of
    // the pixels are strong, a tenth of a percent strong on the mask). The same candidates.
    // Ties: strictly greater than earlier neighbours, >= later ones (one winner per plateau).
    // Every neighbour read and compared, the answers combined (the same answer as one test after
    // another): a read or compare reached only after earlier ones passed threw the row's code
    // away (decision 156).
    const nw = v > sign * ((c[i - width - 1] as number) - (f[i - width - 1] as number)) ? 1 : 0;
    const n = v > sign * ((c[i - width] as number) - (f[i - width] as number)) ? 1 : 0;
    const ne = v > sign * ((c[i - width + 1] as number) - (f[i - width + 1] as number)) ? 1 : 0;
    const w = v > sign * ((c[i - 1] as number) - (f[i - 1] as number)) ? 1 : 0;
    const e = v >= sign * ((c[i + 1] as number) - (f[i + 1] as number)) ? 1 : 0;
    const sw = v >= sign * ((c[i + width - 1] as number) - (f[i + width - 1] as number)) ? 1 : 0;
    const s = v >= sign * ((c[i + width] as number) - (f[i + width] as number)) ? 1 : 0;
    const se = v >= sign * ((c[i + width + 1] as number) - (f[i + width + 1] as number)) ? 1 : 0;
    if (nw & n & ne & w & e & sw & s & se) {
      const edge = edgeMeasure(f, c, sign, i, width, v);
      const flat = edge >= edgeLimit ? 0 : 1;
      offerCandidate(inMask & flat, x, y, sigma, v, ratioOfEdgeMeasure(edge), index);
    }
  }
}

/**
 * tr²/det of the DoG's 2×2 Hessian at i (Lowe 2004 §4.1): (r + 1)²/r for principal-curvature
 * ratio r, so ≥ 4; Infinity where det ≤ 0 (a saddle or a flat point). D = sign·(c − f).
 */
function edgeMeasure(
  f: Float32Array,
  c: Float32Array,
  sign: number,
  i: number,
  width: number,
  v: number,
): number {
  const d = (j: number) => sign * ((c[j] as number) - (f[j] as number));
  const dxx = d(i + 1) + d(i - 1) - 2 * v;
  const dyy = d(i + width) + d(i - width) - 2 * v;
  const dxy = (d(i + width + 1) - d(i + width - 1) - d(i - width + 1) + d(i - width - 1)) / 4;
  const tr = dxx + dyy;
  const det = dxx * dyy - dxy * dxy;
  return det > 0 ? (tr * tr) / det : Infinity;
}

/** The ratio r ≥ 1 with (r + 1)²/r = k: r = ((k − 2) + √((k − 2)² − 4)) / 2. */
function ratioOfEdgeMeasure(k: number): number {
  if (k === Infinity) return Infinity;
  const m = Math.max(4, k);
  return (m - 2 + Math.sqrt((m - 2) * (m - 2) - 4)) / 2;
}

/**
 * The principal-curvature ratio r ≥ 1 of the DoG at (x, y) of `level` (the quantity the edge
 * rejection compares with `maxCurvatureRatio`): 1 for a round blob, large along an edge or a line,
 * Infinity at a saddle. For soft edge tests (a blob near the limit counts in part).
 */
export function curvatureRatio(
  stack: readonly Plane[],
  level: number,
  polarity: BlobOptions['polarity'],
  x: number,
  y: number,
): number {
  const fine = stack[level];
  const coarse = stack[level + 1];
  if (!fine || !coarse) return Infinity;
  const { width, height } = fine;
  if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) return Infinity;
  const sign = polarity === 'dark' ? 1 : -1;
  const i = y * width + x;
  const v = sign * ((coarse.data[i] as number) - (fine.data[i] as number));
  return ratioOfEdgeMeasure(edgeMeasure(fine.data, coarse.data, sign, i, width, v));
}

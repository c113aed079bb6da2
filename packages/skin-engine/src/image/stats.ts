/** Small statistics over masked pixels. */

export interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Quantile (0..1) of the masked values from a 4096-bin histogram over their range, interpolated
 * within the bin: O(n), deterministic, and within (range/4096) of the exact order statistic.
 */
export function maskedQuantile(
  values: Float32Array,
  mask: Uint8Array,
  q: number,
  range?: { start: number; end: number },
): number {
  return maskedQuantiles(values, mask, [q], range)[0] as number;
}

/** maskedQuantiles' range when none is given: the whole mask (its end set per call). */
const wholeMask = { start: 0, end: 0 };

const HIST_BINS = 4096;
const histogram = new Uint32Array(HIST_BINS);

/** Several quantiles (ascending) of the masked values from one histogram (see maskedQuantile). */
export function maskedQuantiles(
  values: Float32Array,
  mask: Uint8Array,
  qs: readonly number[],
  range?: { start: number; end: number },
): number[] {
  // The range's fields are read on every call (decision 156): `range ? range.start : 0` reached
  // the read on some calls only, and the optimised code that had not met it was thrown away.
  wholeMask.end = mask.length;
  const { start, end } = range ?? wholeMask;
  extentOut[0] = Infinity;
  extentOut[1] = -Infinity;
  extentOut[2] = 0;
  for (let s = start; s < end; s += CHUNK) extent(values, mask, s, Math.min(end, s + CHUNK));
  const lo = extentOut[0] as number;
  const hi = extentOut[1] as number;
  const n = extentOut[2] as number;
  if (n === 0) return qs.map(() => 0);
  if (hi - lo < 1e-9) return qs.map(() => lo);
  const bins = HIST_BINS;
  // One histogram for every call (cleared here): a 16 KB array made per call, dozens of times an
  // analysis, was garbage for the collector (decision 138).
  const hist = histogram.fill(0);
  const scale = (bins - 1e-6) / (hi - lo);
  for (let s = start; s < end; s += CHUNK)
    binInto(hist, values, mask, s, Math.min(end, s + CHUNK), lo, scale);
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

/** extent's running answer: the least and largest masked value so far and their number. */
const extentOut = new Float64Array(3);

/** Pixels per call of extent and binInto. */
const CHUNK = 1024;

/**
 * maskedQuantiles' two passes, functions of their own called once per chunk of 1024 pixels
 * (decision 151): small and optimised at entry after a few chunks, where the loops inline were
 * compiled on the stack (and that code, with no type feedback for what follows the loop, was
 * thrown away at the loop's end on every call) on a first analysis. Same comparisons and sums,
 * same order.
 */
function extent(values: Float32Array, mask: Uint8Array, start: number, end: number): void {
  let lo = extentOut[0] as number;
  let hi = extentOut[1] as number;
  let n = extentOut[2] as number;
  for (let i = start; i < end; i++) {
    if (!mask[i]) continue;
    const v = values[i] as number;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
    n++;
  }
  extentOut[0] = lo;
  extentOut[1] = hi;
  extentOut[2] = n;
}

function binInto(
  hist: Uint32Array,
  values: Float32Array,
  mask: Uint8Array,
  start: number,
  end: number,
  lo: number,
  scale: number,
): void {
  for (let i = start; i < end; i++) {
    if (!mask[i]) continue;
    const b = Math.floor(((values[i] as number) - lo) * scale);
    hist[b] = (hist[b] as number) + 1;
  }
}

/**
 * A pixel's weight in detrendedStd: 0 off the mask, else its `weight` (1 without one). A module
 * function rather than a closure made per call, so V8's optimised code for detrendedStd stays
 * valid from one zone to the next (decision 138).
 */
function pixelWeight(
  mask: Uint8Array,
  weight: Uint8Array | Float32Array | undefined,
  i: number,
): number {
  return mask[i] ? (weight ? (weight[i] as number) : 1) : 0;
}

/**
 * detrendedStd's running sums, carried from one row to the next: each row's pass reads them,
 * adds its pixels in the same order as one loop over the bounds would, and stores them back (a
 * Float64Array holds every double exactly). One per module: detrendedStd is synchronous.
 */
const acc = new Float64Array(6);

/**
 * Standard deviation of `values` over the mask after removing a least-squares plane a+bx+cy.
 * `weight`, when given, weights each pixel (a 0/1 mask restricts to it; a soft hair weight lets a
 * half-hair pixel count half): weighted least squares and a weighted σ.
 *
 * Each of the three passes is a row function called once per row of the bounds (decision 151):
 * small, so V8 optimises each at entry after a few rows, where the three loops in this function
 * were compiled twice (on-stack, then at entry) on every first analysis.
 */
export function detrendedStd(
  values: Float32Array,
  mask: Uint8Array,
  width: number,
  bounds?: Bounds,
  weight?: Uint8Array | Float32Array,
): number {
  const b = bounds ?? { x0: 0, y0: 0, x1: width, y1: Math.ceil(mask.length / width) };
  // Normal equations for the plane fit; coordinates centred for conditioning.
  acc.fill(0);
  for (let y = b.y0; y < b.y1; y++) centroidRow(mask, weight, width, y, b);
  const n = acc[0] as number;
  const count = acc[1] as number;
  if (count < 10 || n <= 0) return 0;
  const mx = (acc[2] as number) / n;
  const my = (acc[3] as number) / n;
  acc.fill(0);
  for (let y = b.y0; y < b.y1; y++) momentsRow(values, mask, weight, width, y, b, mx, my);
  const sxx = acc[0] as number;
  const syy = acc[1] as number;
  const sxy = acc[2] as number;
  const sv = acc[3] as number;
  const sxv = acc[4] as number;
  const syv = acc[5] as number;
  const det = sxx * syy - sxy * sxy;
  const bx = det !== 0 ? (sxv * syy - syv * sxy) / det : 0;
  const by = det !== 0 ? (syv * sxx - sxv * sxy) / det : 0;
  const a = sv / n;
  acc[0] = 0;
  const plane = { mx, my, a, bx, by };
  for (let y = b.y0; y < b.y1; y++) residualRow(values, mask, weight, width, y, b, plane);
  return Math.sqrt((acc[0] as number) / n);
}

/** First pass, one row: the weight, the count and the weighted x and y (acc[0..3]). */
function centroidRow(
  mask: Uint8Array,
  weight: Uint8Array | Float32Array | undefined,
  width: number,
  y: number,
  b: Bounds,
): void {
  let n = acc[0] as number;
  let count = acc[1] as number;
  let sx = acc[2] as number;
  let sy = acc[3] as number;
  for (let x = b.x0; x < b.x1; x++) {
    const wi = pixelWeight(mask, weight, y * width + x);
    if (wi <= 0) continue;
    n += wi;
    count++;
    sx += wi * x;
    sy += wi * y;
  }
  acc[0] = n;
  acc[1] = count;
  acc[2] = sx;
  acc[3] = sy;
}

/** Second pass, one row: the plane fit's moments about the centroid (acc[0..5]). */
function momentsRow(
  values: Float32Array,
  mask: Uint8Array,
  weight: Uint8Array | Float32Array | undefined,
  width: number,
  y: number,
  b: Bounds,
  mx: number,
  my: number,
): void {
  let sxx = acc[0] as number;
  let syy = acc[1] as number;
  let sxy = acc[2] as number;
  let sv = acc[3] as number;
  let sxv = acc[4] as number;
  let syv = acc[5] as number;
  for (let x = b.x0; x < b.x1; x++) {
    const i = y * width + x;
    const wi = pixelWeight(mask, weight, i);
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
  acc[0] = sxx;
  acc[1] = syy;
  acc[2] = sxy;
  acc[3] = sv;
  acc[4] = sxv;
  acc[5] = syv;
}

/** Third pass, one row: the weighted squared residuals from the plane (acc[0]). */
function residualRow(
  values: Float32Array,
  mask: Uint8Array,
  weight: Uint8Array | Float32Array | undefined,
  width: number,
  y: number,
  b: Bounds,
  p: { mx: number; my: number; a: number; bx: number; by: number },
): void {
  const { mx, my, a, bx, by } = p;
  let ss = acc[0] as number;
  for (let x = b.x0; x < b.x1; x++) {
    const i = y * width + x;
    const wi = pixelWeight(mask, weight, i);
    if (wi <= 0) continue;
    const r = (values[i] as number) - (a + bx * (x - mx) + by * (y - my));
    ss += wi * r * r;
  }
  acc[0] = ss;
}

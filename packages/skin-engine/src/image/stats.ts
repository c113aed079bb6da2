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

const HIST_BINS = 4096;
const histogram = new Uint32Array(HIST_BINS);

/** Several quantiles (ascending) of the masked values from one histogram (see maskedQuantile). */
export function maskedQuantiles(
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
  const bins = HIST_BINS;
  // One histogram for every call (cleared here): a 16 KB array made per call, dozens of times an
  // analysis, was garbage for the collector (decision 138).
  const hist = histogram.fill(0);
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
 * Standard deviation of `values` over the mask after removing a least-squares plane a+bx+cy.
 * `weight`, when given, weights each pixel (a 0/1 mask restricts to it; a soft hair weight lets a
 * half-hair pixel count half): weighted least squares and a weighted σ.
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
  let n = 0;
  let count = 0;
  let sx = 0;
  let sy = 0;
  for (let y = b.y0; y < b.y1; y++) {
    for (let x = b.x0; x < b.x1; x++) {
      const wi = pixelWeight(mask, weight, y * width + x);
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
  }
  const det = sxx * syy - sxy * sxy;
  const bx = det !== 0 ? (sxv * syy - syv * sxy) / det : 0;
  const by = det !== 0 ? (syv * sxx - sxv * sxy) / det : 0;
  const a = sv / n;
  let ss = 0;
  for (let y = b.y0; y < b.y1; y++) {
    for (let x = b.x0; x < b.x1; x++) {
      const i = y * width + x;
      const wi = pixelWeight(mask, weight, i);
      if (wi <= 0) continue;
      const r = (values[i] as number) - (a + bx * (x - mx) + by * (y - my));
      ss += wi * r * r;
    }
  }
  return Math.sqrt(ss / n);
}

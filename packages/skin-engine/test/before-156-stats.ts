/**
 * The box test, quantile and neutral-sample functions decision 156 rewrote for the web build
 * (boxPasses by arithmetic, maskedQuantiles' range always read, keepNeutral's stores on every
 * pixel), as they were before it, verbatim but for names, exports and imports:
 * first-run-156.test.ts checks that the rewritten ones give exactly what these give. Test code only.
 */
import type { Rgb3, Sample } from '../src/face/white-balance';

const MAX_SAT = 0.4;

/** Erosion by a (2r+1)² square, separable; a window reaching outside the image is not all set. */
export function erodeBefore(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  if (radius <= 0) return mask.slice();
  return boxTestBefore(mask, width, height, radius, 'all-in-image');
}

/** Dilation by a (2r+1)² square (pixels outside the image count as unset). */
export function dilateBefore(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  return radius <= 0
    ? mask.map((v) => (v ? 1 : 0))
    : boxTestBefore(mask, width, height, radius, 'any');
}

/**
 * Closing (dilateBefore then erodeBefore, the erosion treating pixels outside the image as set): fills holes
 * and notches smaller than the radius without shrinking the border.
 */
export function closeBefore(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  if (radius <= 0) return mask.map((v) => (v ? 1 : 0));
  return boxTestBefore(
    boxTestBefore(mask, width, height, radius, 'any'),
    width,
    height,
    radius,
    'all',
  );
}

/**
 * A (2r+1)² box test on a binary mask, separable: a pixel is set when any pixel of its window is
 * (`any`: dilation, pixels outside the image unset), when every pixel of the window clipped to the
 * image is (`all`: erosion that treats pixels outside as set, so the border does not shrink), or
 * when the whole window lies in the image and is set (`all-in-image`: plain erosion). Counted with
 * sliding windows, one row of counters for the columns.
 */
function boxTestBefore(
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

/** count[x] += sign · tmp[row + x] over the row. */
function addRowBefore(count: Int32Array, tmp: Uint8Array, row: number, sign: 1 | -1): void {
  for (let x = 0; x < count.length; x++)
    count[x] = (count[x] as number) + sign * (tmp[row + x] as number);
}

/** The vertical window test of one row from the column counts. */
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

/**
 * boxTestBefore's test of one window (count: its set pixels; size: its pixels inside the image). A
 * module function, not a closure made per call, so V8's optimised boxTestBefore stays valid from one
 * call to the next (decision 138). Both tests are evaluated for every window (same answers): a
 * test reached only on a later call had no type feedback, and its first window threw the rows'
 * optimised code away on a first analysis (decision 151).
 */
function boxPassesBefore(
  test: 'any' | 'all' | 'all-in-image',
  count: number,
  size: number,
  full: number,
): boolean {
  const any = count > 0;
  const all = count === (test === 'all' ? size : full);
  return test === 'any' ? any : all;
}

const HIST_BINSBefore = 4096;

const histogramBefore = new Uint32Array(HIST_BINSBefore);

/** Several quantiles (ascending) of the masked values from one histogramBefore (see maskedQuantile). */
export function maskedQuantilesBefore(
  values: Float32Array,
  mask: Uint8Array,
  qs: readonly number[],
  range?: { start: number; end: number },
): number[] {
  const start = range ? range.start : 0;
  const end = range ? range.end : mask.length;
  extentOutBefore[0] = Infinity;
  extentOutBefore[1] = -Infinity;
  extentOutBefore[2] = 0;
  for (let s = start; s < end; s += CHUNKBefore)
    extentBefore(values, mask, s, Math.min(end, s + CHUNKBefore));
  const lo = extentOutBefore[0] as number;
  const hi = extentOutBefore[1] as number;
  const n = extentOutBefore[2] as number;
  if (n === 0) return qs.map(() => 0);
  if (hi - lo < 1e-9) return qs.map(() => lo);
  const bins = HIST_BINSBefore;
  // One histogramBefore for every call (cleared here): a 16 KB array made per call, dozens of times an
  // analysis, was garbage for the collector (decision 138).
  const hist = histogramBefore.fill(0);
  const scale = (bins - 1e-6) / (hi - lo);
  for (let s = start; s < end; s += CHUNKBefore)
    binIntoBefore(hist, values, mask, s, Math.min(end, s + CHUNKBefore), lo, scale);
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

/** Pixels per call of extentBefore and binIntoBefore. */
const CHUNKBefore = 1024;

/** extentBefore's running answer: the least and largest masked value so far and their number. */
const extentOutBefore = new Float64Array(3);

/**
 * maskedQuantilesBefore' two passes, functions of their own called once per chunk of 1024 pixels
 * (decision 151): small and optimised at entry after a few chunks, where the loops inline were
 * compiled on the stack (and that code, with no type feedback for what follows the loop, was
 * thrown away at the loop's end on every call) on a first analysis. Same comparisons and sums,
 * same order.
 */
function extentBefore(values: Float32Array, mask: Uint8Array, start: number, end: number): void {
  let lo = extentOutBefore[0] as number;
  let hi = extentOutBefore[1] as number;
  let n = extentOutBefore[2] as number;
  for (let i = start; i < end; i++) {
    if (!mask[i]) continue;
    const v = values[i] as number;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
    n++;
  }
  extentOutBefore[0] = lo;
  extentOutBefore[1] = hi;
  extentOutBefore[2] = n;
}

function binIntoBefore(
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

/** The median (upper middle) of the first n values of v, sorted as a copy. */
function medianOfBefore(v: Float64Array, n: number): number {
  if (!n) return 0;
  // A typed copy sorts numerically without a comparator: the same element (decision 138).
  const s = v.slice(0, n).sort();
  return s[n >> 1] as number;
}

/**
 * The near-neutral part of a sample: its brightest pixels (above the `q` quantile of luminance)
 * that are not strongly coloured (a sclera's vessels, lips, gums and the iris drop out). Its
 * colour is the median of the pixels' own chromaticities, log R/G and log B/G, at their median
 * green (decision 056). Per-channel medians (before) took R, G and B from different pixels, so the
 * "colour" was no pixel's and jumped when a re-save changed which pixels ranked in the middle.
 * The sample is read as typed copies, 1024 pixels per call of `keepNeutralBefore` (decision 152: the
 * arrays' shapes differ between the eyes' sample and the mouth's, and the one loop's on-stack code
 * was thrown away after it).
 */
export function neutralMeanBefore(
  s: Sample,
  q: number,
  minPx: number,
): { rgb: Rgb3; n: number } | null {
  const len = s.y.length;
  if (len < minPx) return null;
  const ys = Float64Array.from(s.y);
  const cut = ys.slice().sort()[Math.floor(q * (len - 1))] as number;
  const rs = Float64Array.from(s.r);
  const gs = Float64Array.from(s.g);
  const bs = Float64Array.from(s.b);
  const r = new Float64Array(len);
  const g = new Float64Array(len);
  const b = new Float64Array(len);
  let n = 0;
  for (let i = 0; i < len; i += 1024)
    n = keepNeutralBefore(ys, rs, gs, bs, cut, i, Math.min(len, i + 1024), r, g, b, n);
  if (n < minPx / 3) return null;
  const green = medianOfBefore(g, n);
  const logRg = medianOfBefore(logRatiosBefore(r, g, n), n);
  const logBg = medianOfBefore(logRatiosBefore(b, g, n), n);
  return { rgb: [green * Math.exp(logRg), green, green * Math.exp(logBg)], n };
}

/** Pixels i0…i1 of neutralMeanBefore's sample: those kept are appended at n; returns the new n. */
function keepNeutralBefore(
  ys: Float64Array,
  rs: Float64Array,
  gs: Float64Array,
  bs: Float64Array,
  cut: number,
  i0: number,
  i1: number,
  r: Float64Array,
  g: Float64Array,
  b: Float64Array,
  n0: number,
): number {
  let n = n0;
  for (let i = i0; i < i1; i++) {
    if ((ys[i] as number) < cut) continue;
    const R = rs[i] as number;
    const G = gs[i] as number;
    const B = bs[i] as number;
    const mx = Math.max(R, G, B);
    const mn = Math.min(R, G, B);
    if (mx <= 0 || (mx - mn) / mx > MAX_SAT) continue;
    r[n] = R;
    g[n] = G;
    b[n] = B;
    n++;
  }
  return n;
}

/** log(c / g) of the first n pixels. */
function logRatiosBefore(c: Float64Array, g: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.log((c[i] as number) / (g[i] as number));
  return out;
}

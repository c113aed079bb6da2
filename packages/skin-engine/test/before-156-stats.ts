/**
 * The box test and quantile functions decision 156 rewrote for the web build (boxPasses by
 * arithmetic, maskedQuantiles' range always read), as they were before it, verbatim but for names,
 * exports and imports: first-run-156.test.ts checks that the rewritten ones give exactly what these
 * give. Test code only. (keepNeutral went with the hard-cut reading it served, decision 195.)
 */

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

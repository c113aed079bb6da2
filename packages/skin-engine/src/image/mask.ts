/** Binary masks (Uint8Array, 1 = inside) and the polygon fill that builds them. */

export type Polygon = ReadonlyArray<readonly [number, number]>;

/** Fills a polygon (even-odd rule, sampled at pixel centres) into `mask` with `value`. */
export function fillPolygon(
  mask: Uint8Array,
  width: number,
  height: number,
  polygon: Polygon,
  value = 1,
): void {
  if (polygon.length < 3) return;
  let minY = Infinity;
  let maxY = -Infinity;
  const n = polygon.length;
  if (vertices.length < 2 * n) vertices = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const p = polygon[i] as readonly [number, number];
    const y = p[1];
    vertices[2 * i] = p[0];
    vertices[2 * i + 1] = y;
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const y0 = Math.max(0, Math.ceil(minY - 0.5));
  const y1 = Math.min(height - 1, Math.floor(maxY - 0.5));
  for (let y = y0; y <= y1; y++) fillPolygonRow(mask, width, vertices, n, value, y, crossings);
}

/**
 * fillPolygon's vertices, x and y interleaved (grown as needed): polygons reach it as arrays of
 * pairs of two elements kinds (small integers, doubles), and the row's reads of the pairs threw its
 * optimised code away ("wrong map", decision 156). A Float64Array holds every vertex exactly.
 */
let vertices = new Float64Array(256);
/** A row's crossings (emptied per row; fillPolygon is not re-entered). */
const crossings: number[] = [];

/**
 * One row of fillPolygon: its crossings at the row's centre, sorted, and the spans between them.
 * A function of its own called once per row, with indexed reads of the vertices rather than
 * array destructuring (the iterator protocol): V8 optimises it after a few rows and its code is
 * a tenth of the size, where the whole fill was compiled twice (on-stack and at entry) on every
 * first analysis (decision 151). Same crossings, same order, same sort.
 */
function fillPolygonRow(
  mask: Uint8Array,
  width: number,
  v: Float64Array,
  n: number,
  value: number,
  y: number,
  xs: number[],
): void {
  const cy = y + 0.5;
  xs.length = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = v[2 * i] as number;
    const yi = v[2 * i + 1] as number;
    const xj = v[2 * j] as number;
    const yj = v[2 * j + 1] as number;
    if (yi > cy !== yj > cy) xs.push(xi + ((cy - yi) * (xj - xi)) / (yj - yi));
  }
  xs.sort(ascending);
  for (let k = 0; k + 1 < xs.length; k += 2) {
    const xa = Math.max(0, Math.ceil((xs[k] as number) - 0.5));
    const xb = Math.min(width - 1, Math.floor((xs[k + 1] as number) - 0.5));
    for (let x = xa; x <= xb; x++) mask[y * width + x] = value;
  }
}

function ascending(a: number, b: number): number {
  return a - b;
}

export function polygonMask(width: number, height: number, polygon: Polygon): Uint8Array {
  const mask = new Uint8Array(width * height);
  fillPolygon(mask, width, height, polygon);
  return mask;
}

/** Erosion by a (2r+1)² square, separable; a window reaching outside the image is not all set. */
export function erode(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius <= 0) return mask.slice();
  return boxTest(mask, width, height, radius, 'all-in-image');
}

/** Pixels per call of the chunked passes below (intersect, countMask). */
const CHUNK = 1024;

/**
 * a ∧ b as a new mask, 1024 pixels per call of andInto (decision 156: the one loop, entered once
 * per call, was compiled on the stack before any pixel of `a` was set, so its read of `b` had no
 * feedback and threw that code away). Every pixel where both are set becomes 1, the rest stay 0.
 */
export function intersect(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i += CHUNK) andInto(a, b, out, i, Math.min(a.length, i + CHUNK));
  return out;
}

/**
 * Sets dst[i] = 1 wherever src[i] is set, for i in [start, end). One small function for the many
 * per-zone unions: V8 optimises it after the first few zones and every later call runs optimised
 * (decision 138), where the same loop written inline ran unoptimised once per zone.
 */
export function orInto(src: Uint8Array, dst: Uint8Array, start: number, end: number): void {
  for (let i = start; i < end; i++) if (src[i]) dst[i] = 1;
}

/** dst[i] = 1 wherever a[i] and b[i] are set, for i in [start, end) (see orInto). */
export function andInto(
  a: Uint8Array,
  b: Uint8Array,
  dst: Uint8Array,
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) {
    // Both read and dst written for every pixel, unchanged where not both set (decision 156: no
    // load or store first reached by a later call).
    const u = a[i];
    const v = b[i];
    dst[i] = u && v ? 1 : (dst[i] as number);
  }
}

/** dst[i] = 1 wherever a[i] is set and b[i] is not, for i in [start, end) (see orInto). */
export function andNotInto(
  a: Uint8Array,
  b: Uint8Array,
  dst: Uint8Array,
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) {
    const u = a[i];
    const v = b[i];
    dst[i] = u && !v ? 1 : (dst[i] as number);
  }
}

/** dst[i] = label wherever src[i] is set, for i in [start, end) (see orInto). */
export function labelInto(
  src: Uint8Array,
  dst: Int8Array,
  label: number,
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) if (src[i]) dst[i] = label;
}

/** Unsets mask[i] wherever keep[i] is unset, for i in [start, end) (see orInto). */
export function clearOutside(mask: Uint8Array, keep: Uint8Array, start: number, end: number): void {
  for (let i = start; i < end; i++) {
    const u = mask[i] as number;
    const v = keep[i];
    mask[i] = u && !v ? 0 : u;
  }
}

/**
 * Set pixels of the mask in [start, end). The count is added for every pixel (0 or 1, the same
 * total): an increment reached only at the first set pixel had no feedback when the loop was
 * compiled before it (decision 156).
 */
export function countWithin(mask: Uint8Array, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) n += mask[i] ? 1 : 0;
  return n;
}

/** Set pixels of the mask, 1024 per call of countWithin (decision 156). */
export function countMask(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i += CHUNK)
    n += countWithin(mask, i, Math.min(mask.length, i + CHUNK));
  return n;
}

/**
 * A (2r+1)² box test on a binary mask, separable: a pixel is set when any pixel of its window is
 * (`any`: dilation, pixels outside the image unset), when every pixel of the window clipped to the
 * image is (`all`: erosion that treats pixels outside as set, so the border does not shrink), or
 * when the whole window lies in the image and is set (`all-in-image`: plain erosion). Counted with
 * sliding windows, one row of counters for the columns.
 */
function boxTest(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
  test: 'any' | 'all' | 'all-in-image',
): Uint8Array {
  const full = 2 * radius + 1;
  // count: set pixels in the window; size: the window's pixels inside the image.
  const tmp = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) boxRow(mask, tmp, y * width, width, radius, test);
  const out = new Uint8Array(mask.length);
  const count = new Int32Array(width);
  for (let y = 0; y < Math.min(height, radius); y++) addRow(count, tmp, y * width, 1);
  for (let y = 0; y < height; y++) {
    if (y + radius < height) addRow(count, tmp, (y + radius) * width, 1);
    if (y - radius - 1 >= 0) addRow(count, tmp, (y - radius - 1) * width, -1);
    const size = Math.min(height - 1, y + radius) - Math.max(0, y - radius) + 1;
    passRow(count, out, y * width, size, full, test);
  }
  return out;
}

/*
 * boxTest's loops over one row, functions of their own so V8 optimises each once for every row
 * and every call (decision 138). boxRow: the horizontal window test of one row.
 */
function boxRow(
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
    tmp[row + x] = boxPasses(test, count, size, full);
  }
}

/** count[x] += sign · tmp[row + x] over the row. */
function addRow(count: Int32Array, tmp: Uint8Array, row: number, sign: 1 | -1): void {
  // The sum and the difference, then the one the sign asks for: −1 × 0 is −0, which the browser's
  // optimised integer code cannot hold ("overflow", decision 156); the same integers.
  for (let x = 0; x < count.length; x++) {
    const c = count[x] as number;
    const t = tmp[row + x] as number;
    const plus = c + t;
    const minus = c - t;
    count[x] = sign > 0 ? plus : minus;
  }
}

/** The vertical window test of one row from the column counts. */
function passRow(
  count: Int32Array,
  out: Uint8Array,
  row: number,
  size: number,
  full: number,
  test: 'any' | 'all' | 'all-in-image',
): void {
  for (let x = 0; x < count.length; x++)
    out[row + x] = boxPasses(test, count[x] as number, size, full);
}

/**
 * boxTest's test of one window (count: its set pixels; size: its pixels inside the image). A
 * module function, not a closure made per call, so V8's optimised boxTest stays valid from one
 * call to the next (decision 138). Both tests are evaluated for every window (same answers): a
 * test reached only on a later call had no type feedback, and its first window threw the rows'
 * optimised code away on a first analysis (decision 151).
 */
function boxPasses(
  test: 'any' | 'all' | 'all-in-image',
  count: number,
  size: number,
  full: number,
): number {
  // 1 or 0 by arithmetic, not by a choice between the two tests: the web build's minifier turned
  // 151's two evaluated tests back into `test === 'any' ? count > 0 : …`, and the compare the
  // first calls had not reached threw the rows' code away again in the browser (decision 156).
  const any = count > 0 ? 1 : 0;
  const all = count === (test === 'all' ? size : full) ? 1 : 0;
  const isAny = test === 'any' ? 1 : 0;
  return isAny * any + (1 - isAny) * all;
}

/** Dilation by a (2r+1)² square (pixels outside the image count as unset). */
export function dilate(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  return radius <= 0 ? mask.map((v) => (v ? 1 : 0)) : boxTest(mask, width, height, radius, 'any');
}

/**
 * Closing (dilate then erode, the erosion treating pixels outside the image as set): fills holes
 * and notches smaller than the radius without shrinking the border.
 */
export function close(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius <= 0) return mask.map((v) => (v ? 1 : 0));
  return boxTest(boxTest(mask, width, height, radius, 'any'), width, height, radius, 'all');
}

/** The 8-connected components of a mask, each as the list of its pixel indices. */
export function connectedComponents(mask: Uint8Array, width: number, height: number): number[][] {
  const seen = new Uint8Array(mask.length);
  const n = mask.length;
  for (let i = 0; i < n;) {
    const end = Math.min(n, i + CHUNK);
    const start = nextStart(mask, seen, i, end);
    if (start < end) {
      found.push(flood(mask, seen, floodStack, start, width, height));
      i = start + 1;
    } else i = end;
  }
  const out = found.slice();
  found.length = 0;
  return out;
}

/**
 * connectedComponents' components found so far, and its flood's stack: one array each for every
 * call (emptied after it), so the optimised code always meets the same kinds of arrays, where a
 * fresh array per call threw it away ("wrong map", decision 156).
 */
const found: number[][] = [];
const floodStack: number[] = [];

/**
 * The first pixel in [start, end) that is set and not yet in a component (end: none). A function
 * of its own called per 1024 pixels (decision 156), optimised at entry after a few calls, where
 * the one loop, entered once per call, was compiled on the stack. The same starts, in order.
 */
function nextStart(mask: Uint8Array, seen: Uint8Array, start: number, end: number): number {
  for (let i = start; i < end; i++) {
    const m = mask[i];
    const s = seen[i];
    if (m && !s) return i;
  }
  return end;
}

/**
 * The component of `start` (connectedComponents): a function of its own, so V8 optimises it once
 * for every component (decision 138) rather than an inner loop entered and left per component.
 */
function flood(
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

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
  for (let i = 0; i < polygon.length; i++) {
    const y = (polygon[i] as readonly [number, number])[1];
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const y0 = Math.max(0, Math.ceil(minY - 0.5));
  const y1 = Math.min(height - 1, Math.floor(maxY - 0.5));
  const xs: number[] = [];
  for (let y = y0; y <= y1; y++) fillPolygonRow(mask, width, polygon, value, y, xs);
}

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

export function intersect(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] && b[i] ? 1 : 0;
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
  for (let i = start; i < end; i++) if (a[i] && b[i]) dst[i] = 1;
}

/** dst[i] = 1 wherever a[i] is set and b[i] is not, for i in [start, end) (see orInto). */
export function andNotInto(
  a: Uint8Array,
  b: Uint8Array,
  dst: Uint8Array,
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) if (a[i] && !b[i]) dst[i] = 1;
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
  for (let i = start; i < end; i++) if (mask[i] && !keep[i]) mask[i] = 0;
}

/** Set pixels of the mask in [start, end). */
export function countWithin(mask: Uint8Array, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) if (mask[i]) n++;
  return n;
}

export function countMask(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) n++;
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
    tmp[row + x] = boxPasses(test, count, size, full) ? 1 : 0;
  }
}

/** count[x] += sign · tmp[row + x] over the row. */
function addRow(count: Int32Array, tmp: Uint8Array, row: number, sign: 1 | -1): void {
  for (let x = 0; x < count.length; x++)
    count[x] = (count[x] as number) + sign * (tmp[row + x] as number);
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
    out[row + x] = boxPasses(test, count[x] as number, size, full) ? 1 : 0;
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
): boolean {
  const any = count > 0;
  const all = count === (test === 'all' ? size : full);
  return test === 'any' ? any : all;
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
  const out: number[][] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    out.push(flood(mask, seen, stack, start, width, height));
  }
  return out;
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

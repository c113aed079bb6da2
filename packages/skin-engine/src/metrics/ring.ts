/**
 * A blob's contrast with the skin around it (decision 057), read by lesions, comedones and spots:
 * moved out of lesions.ts by decision 152, which made it tier up once on a first analysis. The
 * box around the blob is read row by row (`ringRow`, its running sums carried between rows in
 * module-level typed arrays, added in the same order as by one loop), and the second smallest of
 * four sides is taken by `secondOfFour`, which orders four numbers exactly as
 * `Array.prototype.sort((p, q) => p - q)` does, without the per-call arrays and closures that
 * made ringContrast's optimised code large and thrown away on a first analysis.
 */

/** The lightness at which relative contrasts equal CIELAB differences (L* 60). */
export const REL_L16 = 76;

/**
 * The relative scale's factor at lightness L (decision 057): a CIELAB difference read beside skin
 * of lightness L, times this, is a Weber contrast on the scale of skin at L* 60 (the same lesion
 * reads the same on every tone). L + 16 is floored at 8 for the darkest pixels.
 */
export function relScale(L: number): number {
  return REL_L16 / Math.max(8, L + 16);
}

/**
 * ringContrast's buffers: the ring's L*, a*, b*, and each quarter's a* and L* (quarter q from
 * q × size, `quadN[q]` of them). Typed arrays only (decision 152: a field holding a JS array of
 * typed arrays had its type generalised on a first analysis, which threw the optimised code
 * that read it away).
 */
export interface RingBuffers {
  L: Float32Array;
  a: Float32Array;
  b: Float32Array;
  quads: Float32Array;
  quadsL: Float32Array;
  quadN: Uint32Array;
  size: number;
}

export function ringBuffers(maxR: number): RingBuffers {
  const n = Math.ceil(Math.PI * (maxR + 1) ** 2);
  return {
    L: new Float32Array(n),
    a: new Float32Array(n),
    b: new Float32Array(n),
    quads: new Float32Array(4 * n),
    quadsL: new Float32Array(4 * n),
    quadN: new Uint32Array(4),
    size: n,
  };
}

interface Ring {
  L: number;
  a: number;
  b: number;
  n: number;
}

/** What ringContrast reads of its input (callers pass objects of several shapes). */
export interface RingInput {
  width: number;
  height: number;
  L: Float32Array;
  A: Float32Array;
  B: Float32Array;
  core: Uint8Array;
}

export interface RingContrast {
  contrast: [number, number, number];
  ring: Ring;
  centre: Ring;
  aSides: number;
  /** The darkening against the second lightest quarter of the ring (relative scale). */
  darkSides: number;
  /** Share of the ring on measured skin. */
  ringShare: number;
  /**
   * With rDisc: the a* of the whole disc of radius rDisc against each quarter of the ring, the
   * second smallest, as `aSides` (the redness read at the scale a 4:2:0 JPEG keeps colour at,
   * and on every side as the centre's), and the disc's upper third's lightness minus its lower
   * third's (a dome lit from above), both on the relative scale; else 0.
   */
  aDisc: number;
  dome: number;
}

/**
 * Contrast of the disc of radius rc around (x, y) with the ring rIn…rOut (medians over skin, so a
 * neighbouring lesion or a pore in the ring does not move it), on the REL_L16 scale. The input's
 * fields are read here, once per call, so the box's code sees only typed arrays and numbers.
 */
export function ringContrast(
  input: RingInput,
  x: number,
  y: number,
  rc: number,
  rIn: number,
  rOut: number,
  buf: RingBuffers,
  rDisc = 0,
): RingContrast | null {
  return ringContrastOf(
    input.width,
    input.height,
    input.L,
    input.A,
    input.B,
    input.core,
    x,
    y,
    rc,
    rIn,
    rOut,
    buf,
    rDisc,
  );
}

/** ringRow's running counts: ring n, ring area, centre n, disc n, disc top n, disc bottom n. */
const counts = new Int32Array(6);
/** …and sums (doubles, exact): centre L, a, b; disc a, disc top L, disc bottom L. */
const sums = new Float64Array(6);

function ringContrastOf(
  width: number,
  height: number,
  L: Float32Array,
  A: Float32Array,
  B: Float32Array,
  core: Uint8Array,
  x: number,
  y: number,
  rc: number,
  rIn: number,
  rOut: number,
  buf: RingBuffers,
  rDisc: number,
): RingContrast | null {
  const R = Math.ceil(rOut);
  buf.quadN.fill(0);
  counts.fill(0);
  sums.fill(0);
  const third = rDisc / 3;
  const { L: bL, a: ba, b: bb, quads, quadsL, quadN, size } = buf;
  for (let dy = -R; dy <= R; dy++) {
    const yy = y + dy;
    if (yy < 0 || yy >= height) continue;
    ringRow(
      L,
      A,
      B,
      core,
      width,
      x,
      yy,
      dy,
      R,
      rc,
      rIn,
      rOut,
      rDisc,
      third,
      bL,
      ba,
      bb,
      quads,
      quadsL,
      quadN,
      size,
    );
  }
  const n = counts[0] as number;
  const cn = counts[2] as number;
  if (cn === 0 || n < 8) return null;
  const ring = { L: medianOf(bL, 0, n), a: medianOf(ba, 0, n), b: medianOf(bb, 0, n), n };
  const centre = {
    L: (sums[0] as number) / cn,
    a: (sums[1] as number) / cn,
    b: (sums[2] as number) / cn,
    n: cn,
  };
  const k = relScale(ring.L);
  // The a* contrast with each quarter of the ring; the second smallest of the four: a spot is
  // redder than the skin on every side (one side may hold a neighbouring lesion), the edge of a
  // broad red area only on one half. Likewise the darkening against each quarter (a dark spot is
  // darker on every side, a shadow's edge on one half).
  const sides = aSidesOf(buf, centre.a, ring.a);
  const darkSides = darkSidesOf(buf, centre.L, ring.L);
  const ringArea = counts[1] as number;
  const dn = counts[3] as number;
  const nTop = counts[4] as number;
  const nBottom = counts[5] as number;
  return {
    contrast: [k * (centre.L - ring.L), k * (centre.a - ring.a), k * (centre.b - ring.b)],
    ring,
    centre,
    aSides: k * sides,
    darkSides: k * darkSides,
    ringShare: ringArea ? n / ringArea : 0,
    aDisc: dn ? k * aSidesOf(buf, (sums[3] as number) / dn, ring.a) : 0,
    dome: nTop && nBottom ? k * ((sums[4] as number) / nTop - (sums[5] as number) / nBottom) : 0,
  };
}

/**
 * Row yy (offset dy from the centre) of ringContrast's box: the centre's, the disc's and the
 * ring's pixels, in the order the box's single loop took them (decision 152). Its arrays come
 * as arguments, not as the buffers' fields.
 */
function ringRow(
  L: Float32Array,
  A: Float32Array,
  B: Float32Array,
  core: Uint8Array,
  width: number,
  x: number,
  yy: number,
  dy: number,
  R: number,
  rc: number,
  rIn: number,
  rOut: number,
  rDisc: number,
  third: number,
  bL: Float32Array,
  ba: Float32Array,
  bb: Float32Array,
  quads: Float32Array,
  quadsL: Float32Array,
  quadN: Uint32Array,
  size: number,
): void {
  let n = counts[0] as number;
  let ringArea = counts[1] as number;
  let cn = counts[2] as number;
  let dn = counts[3] as number;
  let nTop = counts[4] as number;
  let nBottom = counts[5] as number;
  let cL = sums[0] as number;
  let ca = sums[1] as number;
  let cb = sums[2] as number;
  let da = sums[3] as number;
  let top = sums[4] as number;
  let bottom = sums[5] as number;
  for (let dx = -R; dx <= R; dx++) {
    const xx = x + dx;
    if (xx < 0 || xx >= width) continue;
    const d2 = dx * dx + dy * dy;
    const i = yy * width + xx;
    if (d2 >= rIn * rIn && d2 <= rOut * rOut) ringArea++;
    if (!core[i]) continue;
    if (d2 <= rDisc * rDisc) {
      da += A[i] as number;
      dn++;
      if (dy < -third) {
        top += L[i] as number;
        nTop++;
      } else if (dy > third) {
        bottom += L[i] as number;
        nBottom++;
      }
    }
    if (d2 <= rc * rc) {
      cL += L[i] as number;
      ca += A[i] as number;
      cb += B[i] as number;
      cn++;
    } else if (d2 >= rIn * rIn && d2 <= rOut * rOut && n < bL.length) {
      bL[n] = L[i] as number;
      ba[n] = A[i] as number;
      bb[n] = B[i] as number;
      n++;
      // The ring pixel's quarter, while it has room.
      const q = (dy < 0 ? 2 : 0) + (dx < 0 ? 1 : 0);
      const k = quadN[q] as number;
      if (k < size) {
        quads[q * size + k] = A[i] as number;
        quadsL[q * size + k] = L[i] as number;
        quadN[q] = k + 1;
      }
    }
  }
  counts[0] = n;
  counts[1] = ringArea;
  counts[2] = cn;
  counts[3] = dn;
  counts[4] = nTop;
  counts[5] = nBottom;
  sums[0] = cL;
  sums[1] = ca;
  sums[2] = cb;
  sums[3] = da;
  sums[4] = top;
  sums[5] = bottom;
}

/** Median of the n values from `start` (sorted in place). */
function medianOf(v: Float32Array, start: number, n: number): number {
  if (n === 0) return 0;
  const s = v.subarray(start, start + n).sort();
  return n % 2 ? (s[n >> 1] as number) : ((s[(n >> 1) - 1] as number) + (s[n >> 1] as number)) / 2;
}

/** The four sides, reused by every call (doubles, exact). */
const four = new Float64Array(4);

/**
 * `a` against each quarter's median a* (the ring's where a quarter has fewer than 2 pixels): the
 * second smallest of the four.
 */
function aSidesOf(buf: RingBuffers, a: number, ringA: number): number {
  const { quads, quadN, size } = buf;
  for (let q = 0; q < 4; q++) {
    const m = quadN[q] as number;
    four[q] = m >= 2 ? a - medianOf(quads, q * size, m) : a - ringA;
  }
  return secondOfFour(four);
}

/** Each quarter's median L* (the ring's, likewise) less the centre's: the second smallest. */
function darkSidesOf(buf: RingBuffers, centreL: number, ringL: number): number {
  const { quadsL, quadN, size } = buf;
  for (let q = 0; q < 4; q++) {
    const m = quadN[q] as number;
    four[q] = m >= 2 ? medianOf(quadsL, q * size, m) - centreL : ringL - centreL;
  }
  return secondOfFour(four);
}

/**
 * Sorts s (four values) in place exactly as `Array.prototype.sort((p, q) => p - q)` sorts an
 * array of the same four, and returns the second. V8's sort (TimSort, array-sort.tq) on four
 * elements is: the leading run (ascending, or strictly descending and then reversed), then a
 * binary insertion of the rest; a comparator's NaN counts as 0 (the spec's SortCompare), so
 * "a before b" is `a - b < 0` throughout. The same comparisons in the same order give the same
 * order for ties, ±0, infinities and NaN (first-run-152.test.ts checks every pattern).
 */
export function secondOfFour(s: Float64Array): number {
  const descending = (s[1] as number) - (s[0] as number) < 0;
  let run = 2;
  for (let i = 2; i < 4; i++) {
    const before = (s[i] as number) - (s[i - 1] as number) < 0;
    if (before !== descending) break;
    run++;
  }
  if (descending)
    for (let lo = 0, hi = run - 1; lo < hi; lo++, hi--) {
      const t = s[lo] as number;
      s[lo] = s[hi] as number;
      s[hi] = t;
    }
  for (let start = run; start < 4; start++) {
    const pivot = s[start] as number;
    let left = 0;
    let right = start;
    while (left < right) {
      const mid = left + ((right - left) >> 1);
      if (pivot - (s[mid] as number) < 0) right = mid;
      else left = mid + 1;
    }
    for (let p = start; p > left; p--) s[p] = s[p - 1] as number;
    s[left] = pivot;
  }
  return s[1] as number;
}

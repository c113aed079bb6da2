/**
 * The lesion and blob functions decision 152 rewrote (ringContrast's rows and its sorts of four,
 * detectInflammatory's channel and candidates, detectBlobs' candidates), as they were before it,
 * verbatim but for names, exports and imports: first-run-152.test.ts checks that the rewritten
 * ones give exactly what these give. Test code only. (The frame's: before-152-frame.ts.)
 */
import { gaussianBlur } from '../src/image/filters';
import type { Plane } from '../src/image/raster';
import { f32, type Scratch } from '../src/image/scratch';
import type { Blob, BlobOptions } from '../src/metrics/blobs';
import {
  DARK_RED_FROM,
  DARK_RED_TO,
  DARK_RING_SHARE,
  domeRound,
  INFLAM_DARK,
  inflamStrength,
  inflamThreshold,
  REL_L16,
  RED_RATIO_FROM,
  RED_RATIO_TO,
  ringOf,
  ROUND_FROM,
  ROUND_TO,
  softAt,
  SURROUND_FROM,
  SURROUND_STRONG,
  type Lesion,
  type LesionInput,
} from '../src/metrics/lesions';

export interface RingBuffers {
  L: Float32Array;
  a: Float32Array;
  b: Float32Array;
  quads: Float32Array[];
  quadsL: Float32Array[];
  quadN: Uint32Array;
}

export function ringBuffersBefore(maxR: number): RingBuffers {
  const n = Math.ceil(Math.PI * (maxR + 1) ** 2);
  return {
    L: new Float32Array(n),
    a: new Float32Array(n),
    b: new Float32Array(n),
    quads: [0, 1, 2, 3].map(() => new Float32Array(n)),
    quadsL: [0, 1, 2, 3].map(() => new Float32Array(n)),
    quadN: new Uint32Array(4),
  };
}

const ramp = (v: number) => (v <= 0 ? 0 : v >= 1 ? 1 : v);

/** Median of the first n values (in place). */
function medianOf(v: Float32Array, n: number): number {
  if (n === 0) return 0;
  const s = v.subarray(0, n).sort();
  return n % 2 ? (s[n >> 1] as number) : ((s[(n >> 1) - 1] as number) + (s[n >> 1] as number)) / 2;
}

interface Ring {
  L: number;
  a: number;
  b: number;
  n: number;
}

/**
 * Contrast of the disc of radius rc around (x, y) with the ring rIn…rOut (medians over skin, so a
 * neighbouring lesion or a pore in the ring does not move it), on the REL_L16 scale.
 */
export function ringContrastBefore(
  input: Pick<LesionInput, 'width' | 'height' | 'L' | 'A' | 'B' | 'core'>,
  x: number,
  y: number,
  rc: number,
  rIn: number,
  rOut: number,
  buf: RingBuffers,
  rDisc = 0,
): {
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
} | null {
  const { width, height, L, A, B, core } = input;
  const R = Math.ceil(rOut);
  buf.quadN.fill(0);
  let n = 0;
  let ringArea = 0;
  let cL = 0;
  let ca = 0;
  let cb = 0;
  let cn = 0;
  const disc = { a: 0, n: 0, top: 0, nTop: 0, bottom: 0, nBottom: 0 };
  const third = rDisc / 3;
  for (let dy = -R; dy <= R; dy++) {
    const yy = y + dy;
    if (yy < 0 || yy >= height) continue;
    for (let dx = -R; dx <= R; dx++) {
      const xx = x + dx;
      if (xx < 0 || xx >= width) continue;
      const d2 = dx * dx + dy * dy;
      const i = yy * width + xx;
      if (d2 >= rIn * rIn && d2 <= rOut * rOut) ringArea++;
      if (!core[i]) continue;
      if (d2 <= rDisc * rDisc) {
        disc.a += A[i] as number;
        disc.n++;
        if (dy < -third) {
          disc.top += L[i] as number;
          disc.nTop++;
        } else if (dy > third) {
          disc.bottom += L[i] as number;
          disc.nBottom++;
        }
      }
      if (d2 <= rc * rc) {
        cL += L[i] as number;
        ca += A[i] as number;
        cb += B[i] as number;
        cn++;
      } else if (d2 >= rIn * rIn && d2 <= rOut * rOut && n < buf.L.length) {
        buf.L[n] = L[i] as number;
        buf.a[n] = A[i] as number;
        buf.b[n] = B[i] as number;
        n++;
        const q = (dy < 0 ? 2 : 0) + (dx < 0 ? 1 : 0);
        const quad = buf.quads[q] as Float32Array;
        const k = buf.quadN[q] as number;
        if (k < quad.length) {
          quad[k] = A[i] as number;
          (buf.quadsL[q] as Float32Array)[k] = L[i] as number;
          buf.quadN[q] = k + 1;
        }
      }
    }
  }
  if (cn === 0 || n < 8) return null;
  const ring = { L: medianOf(buf.L, n), a: medianOf(buf.a, n), b: medianOf(buf.b, n), n };
  const centre = { L: cL / cn, a: ca / cn, b: cb / cn, n: cn };
  const k = REL_L16 / Math.max(8, ring.L + 16);
  // The a* contrast with each quarter of the ring; the second smallest of the four: a spot is
  // redder than the skin on every side (one side may hold a neighbouring lesion), the edge of a
  // broad red area only on one half.
  const sides = [0, 1, 2, 3].map((q) =>
    (buf.quadN[q] as number) >= 2
      ? centre.a - medianOf(buf.quads[q] as Float32Array, buf.quadN[q] as number)
      : centre.a - ring.a,
  );
  sides.sort((p, q) => p - q);
  // Likewise the darkening against each quarter (a dark spot is darker on every side, a shadow's
  // edge on one half).
  const darkSides = [0, 1, 2, 3].map((q) =>
    (buf.quadN[q] as number) >= 2
      ? medianOf(buf.quadsL[q] as Float32Array, buf.quadN[q] as number) - centre.L
      : ring.L - centre.L,
  );
  darkSides.sort((p, q) => p - q);
  return {
    contrast: [k * (centre.L - ring.L), k * (centre.a - ring.a), k * (centre.b - ring.b)],
    ring,
    centre,
    aSides: k * (sides[1] as number),
    darkSides: k * (darkSides[1] as number),
    ringShare: ringArea ? n / ringArea : 0,
    aDisc: disc.n ? k * discSides(buf, disc.a / disc.n, ring.a) : 0,
    dome: disc.nTop && disc.nBottom ? k * (disc.top / disc.nTop - disc.bottom / disc.nBottom) : 0,
  };
}

/** The a* of a disc against each quarter of the ring (as `sides`): the second smallest. */
function discSides(buf: RingBuffers, a: number, ringA: number): number {
  const sides = [0, 1, 2, 3].map((q) =>
    (buf.quadN[q] as number) >= 2
      ? a - medianOf(buf.quads[q] as Float32Array, buf.quadN[q] as number)
      : a - ringA,
  );
  sides.sort((p, q) => p - q);
  return sides[1] as number;
}

/**
 * Inflammatory lesions: candidates are the blobs of a* − INFLAM_DARK·L* (half resolution, levels
 * 0–2: radius ≈ 1.1–2.8 mm), each then read against the skin around it.
 */
export function detectInflammatoryBefore(input: LesionInput, pool?: Scratch): Lesion[] {
  const { aStackHalf, halfSigmas, lHalf0, coreHalf, width, shine } = input;
  const a0 = aStackHalf[0] as Plane;
  // The combined channel's stack: the a* levels minus INFLAM_DARK × the same blurs of L*.
  const stack: Plane[] = [];
  let lLevel = lHalf0;
  for (let k = 0; k < aStackHalf.length; k++) {
    if (k > 0) {
      const from = halfSigmas[k - 1] as number;
      const to = halfSigmas[k] as number;
      lLevel = gaussianBlur(lLevel, Math.sqrt(to * to - from * from), pool);
    }
    const a = (aStackHalf[k] as Plane).data;
    const out = f32(pool, a.length, false);
    const l = lLevel.data;
    for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) - INFLAM_DARK * (l[i] as number);
    stack.push({ data: out, width: a0.width, height: a0.height });
  }
  const buf = ringBuffersBefore(20);
  const candidates = detectBlobsBefore(stack, halfSigmas, {
    polarity: 'bright',
    fromLevel: 0,
    toLevel: 2,
    // In the channel's own units; the ring test below decides (a DoG reads ≈ ⅓ of the contrast).
    minResponse: 0.6,
    mask: coreHalf,
    maxCurvatureRatio: ROUND_TO,
  });
  const lesions: Lesion[] = [];
  for (const bl of candidates) {
    const x = Math.min(width - 1, bl.x * 2);
    const y = Math.min(input.height - 1, bl.y * 2);
    const sigma = bl.sigma * 2;
    const r = Math.SQRT2 * sigma;
    const { rc, rIn, rOut } = ringOf(r);
    const c = ringContrastBefore(input, x, y, rc, rIn, rOut, buf, r);
    if (!c) continue;
    const [dL, daCentre] = c.contrast;
    // Redness is also read over the whole disc (decision 107): a q45 JPEG spreads a small
    // papule's a* over its chroma block, so the disc keeps what the centre lost; on every side.
    const da = Math.max(daCentre, c.aDisc);
    const darkening = (1 - DARK_RING_SHARE) * c.darkSides - DARK_RING_SHARE * dL;
    const ratio = da / Math.max(0.5, Math.abs(dL));
    const clearlyRed = ramp((ratio - DARK_RED_FROM) / (DARK_RED_TO - DARK_RED_FROM));
    const strength = inflamStrength(
      Math.max(c.aSides, c.aDisc),
      -darkening,
      domeRound(bl.curvature) * clearlyRed,
    );
    const threshold = inflamThreshold(bl.curvature, c.dome);
    const red = ramp((ratio - RED_RATIO_FROM) / (RED_RATIO_TO - RED_RATIO_FROM));
    // A glint is specular (bright and desaturated); a pustule's pale core is neither.
    const notGlint = 1 - (shine[y * width + x] as number);
    // The skin around must be measured skin of the zones on most sides: beside an eye, a lip or
    // a nostril (or the under-eyes' crease) the "surround" is something else.
    const edge = SURROUND_FROM - SURROUND_STRONG * ramp((strength / threshold - 1.5) / 0.75);
    const surround = ramp((c.ringShare - edge) / 0.25);
    const round = ramp(Math.log(ROUND_TO / bl.curvature) / Math.log(ROUND_TO / ROUND_FROM));
    const weight =
      softAt(strength, threshold) * (dL < 0 || da > 2 * dL ? red : 0) * notGlint * surround * round;
    if (weight <= 0) continue;
    lesions.push({ ...bl, x, y, sigma, kind: 'inflammatory', weight, contrast: c.contrast });
  }
  return lesions;
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
  const candidates: Candidate[] = [];
  for (let level = opts.fromLevel; level <= opts.toLevel; level++) {
    const fine = stack[level];
    const coarse = stack[level + 1];
    if (!fine || !coarse) break;
    const found = { sigma: sigmas[level] as number, offset: level * width * height };
    scanLevel(
      fine.data,
      coarse.data,
      sign,
      opts.mask,
      opts.minResponse,
      width,
      height,
      edgeLimit,
      found,
      candidates,
    );
  }
  candidates.sort((a, b) => b.response - a.response || a.index - b.index);
  const sep = opts.separation ?? 2;
  const kept: Blob[] = [];
  for (const cand of candidates) {
    if (!overlapsKept(kept, cand, sep))
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

type Candidate = Blob & { index: number };

/**
 * Whether a blob already kept lies within `sep` (larger) sigmas of the candidate: a function of
 * its own, called once per candidate, so V8 optimises it whole (decision 138).
 */
function overlapsKept(kept: readonly Blob[], cand: Candidate, sep: number): boolean {
  for (let j = 0; j < kept.length; j++) {
    const k = kept[j] as Blob;
    const r = sep * Math.max(k.sigma, cand.sigma);
    const dx = k.x - cand.x;
    const dy = k.y - cand.y;
    if (dx * dx + dy * dy < r * r) return true;
  }
  return false;
}

/**
 * One level's local maxima of D = sign·(coarse − fine) above `minResponse` inside the mask, pushed
 * onto `out`. A function of its own, with the DoG read inline rather than through a closure made
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
  found: { sigma: number; offset: number },
  out: Candidate[],
): void {
  for (let y = 1; y < height - 1; y++)
    scanRow(f, c, sign, mask, minResponse, width, y, edgeLimit, found, out);
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
  found: { sigma: number; offset: number },
  out: Candidate[],
): void {
  for (let x = 1; x < width - 1; x++) {
    const i = y * width + x;
    if (!mask[i]) continue;
    const v = sign * ((c[i] as number) - (f[i] as number));
    if (v < minResponse) continue;
    // Ties: strictly greater than earlier neighbours, >= later ones (one winner per plateau).
    // The Hessian's edge measure only for the local maxima.
    if (
      v > sign * ((c[i - width - 1] as number) - (f[i - width - 1] as number)) &&
      v > sign * ((c[i - width] as number) - (f[i - width] as number)) &&
      v > sign * ((c[i - width + 1] as number) - (f[i - width + 1] as number)) &&
      v > sign * ((c[i - 1] as number) - (f[i - 1] as number)) &&
      v >= sign * ((c[i + 1] as number) - (f[i + 1] as number)) &&
      v >= sign * ((c[i + width - 1] as number) - (f[i + width - 1] as number)) &&
      v >= sign * ((c[i + width] as number) - (f[i + width] as number)) &&
      v >= sign * ((c[i + width + 1] as number) - (f[i + width + 1] as number))
    ) {
      const edge = edgeMeasure(f, c, sign, i, width, v);
      if (edge >= edgeLimit) continue;
      out.push({
        x,
        y,
        sigma: found.sigma,
        response: v,
        curvature: ratioOfEdgeMeasure(edge),
        index: found.offset + i,
      });
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

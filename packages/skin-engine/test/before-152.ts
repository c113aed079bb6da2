/**
 * The functions decision 152 rewrote (ringContrast's rows and its sorts of four, detectInflammatory's
 * channel and candidates, detectBlobs' candidates, skinMask's rows, neutralMean's filter,
 * clippedPixels, linearChannel, maskBoundsWithin, polygonPixels' rows, shineWeights, hairAround), as they were
 * before it, verbatim but for names, exports, imports and LIN's copy: first-run-152.test.ts checks
 * that the rewritten ones give exactly what these give. Test code only.
 */
import type { DetectedFace } from '../src/face/detector';
import { CLIPPED_LEVEL, type Bounds, type FaceFrame } from '../src/face/frame';
import { SKIN_TOLERANCE } from '../src/face/skin-mask';
import type { Rgb3, Sample } from '../src/face/white-balance';
import { downsample2, gaussianBlur } from '../src/image/filters';
import { close, fillPolygon, intersect } from '../src/image/mask';
import type { PixelImage, Plane } from '../src/image/raster';
import { toLinear, type LabPlanes } from '../src/image/color';
import { f32, plane, u8, type Scratch } from '../src/image/scratch';
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
import { BLOB_HAIR_SIGMA, oilToneScale, SHINE_DL, type SkinContext } from '../src/metrics/skin';

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

const LIN = (() => {
  const lut = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const c = v / 255;
    lut[v] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return lut;
})();

const ramp = (v: number) => (v <= 0 ? 0 : v >= 1 ? 1 : v);
const MAX_SAT = 0.4;

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

function median(v: number[]): number {
  if (!v.length) return 0;
  // A typed copy sorts numerically without a comparator: the same element (decision 138).
  const s = Float64Array.from(v).sort();
  return s[s.length >> 1] as number;
}

/**
 * The near-neutral part of a sample: its brightest pixels (above the `q` quantile of luminance)
 * that are not strongly coloured (a sclera's vessels, lips, gums and the iris drop out). Its
 * colour is the median of the pixels' own chromaticities, log R/G and log B/G, at their median
 * green (decision 056). Per-channel medians (before) took R, G and B from different pixels, so the
 * "colour" was no pixel's and jumped when a re-save changed which pixels ranked in the middle.
 */
export function neutralMeanBefore(
  s: Sample,
  q: number,
  minPx: number,
): { rgb: Rgb3; n: number } | null {
  if (s.y.length < minPx) return null;
  const cut = Float64Array.from(s.y).sort()[Math.floor(q * (s.y.length - 1))] as number;
  const r: number[] = [];
  const g: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < s.y.length; i++) {
    if ((s.y[i] as number) < cut) continue;
    const R = s.r[i] as number;
    const G = s.g[i] as number;
    const B = s.b[i] as number;
    const mx = Math.max(R, G, B);
    const mn = Math.min(R, G, B);
    if (mx <= 0 || (mx - mn) / mx > MAX_SAT) continue;
    r.push(R);
    g.push(G);
    b.push(B);
  }
  if (r.length < minPx / 3) return null;
  const green = median(g);
  const logRg = median(r.map((v, i) => Math.log(v / (g[i] as number))));
  const logBg = median(b.map((v, i) => Math.log(v / (g[i] as number))));
  return { rgb: [green * Math.exp(logRg), green, green * Math.exp(logBg)], n: r.length };
}

/**
 * Skin: the oval's pixels within SKIN_TOLERANCE of the reference colour, or specular (bright, less
 * saturated); closed so that spots and pores inside stay measurable.
 */
export function skinMaskBefore(
  lab: LabPlanes,
  oval: Uint8Array,
  reference: FaceFrame['reference'],
  pool: Scratch,
): Uint8Array {
  const { width, height } = lab.L;
  const rawSkin = pool.u8(width * height);
  const t = SKIN_TOLERANCE;
  for (let i = 0; i < rawSkin.length; i++) {
    if (!oval[i]) continue;
    const dL = (lab.L.data[i] as number) - reference.L;
    const da = (lab.a.data[i] as number) - reference.a;
    const db = (lab.b.data[i] as number) - reference.b;
    const nl = dL < 0 ? dL / t.darker : dL / t.lighter;
    const na = da > 0 ? da / t.redder : da / t.greener;
    const nb = db > 0 ? db / t.yellower : db / t.bluer;
    const ca = lab.a.data[i] as number;
    const cb = lab.b.data[i] as number;
    const chroma = Math.sqrt(ca * ca + cb * cb);
    // Specular highlights (bright, less saturated) are skin too: shine is measured on them.
    const specular = dL > 6 && chroma < reference.chroma;
    if (nl * nl + na * na + nb * nb <= 1 || specular) rawSkin[i] = 1;
  }
  // Closing fills small holes (spots, pores) so blemishes stay measurable; large hair areas stay out.
  return intersect(close(rawSkin, width, height, 4), oval);
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

export function clippedPixelsBefore(rgb: Float32Array, n: number): Uint8Array | null {
  let clipped: Uint8Array | null = null;
  for (let i = 0; i < n; i++) {
    const top = Math.max(rgb[i * 3] as number, rgb[i * 3 + 1] as number, rgb[i * 3 + 2] as number);
    if (top < CLIPPED_LEVEL) continue;
    clipped ??= new Uint8Array(n);
    clipped[i] = 1;
  }
  return clipped;
}

export function maskBoundsWithinBefore(mask: Uint8Array, width: number, near: Bounds): Bounds {
  box[0] = Infinity;
  box[1] = Infinity;
  box[2] = -1;
  box[3] = -1;
  for (let y = near.y0; y < near.y1; y++) boundsRow(mask, y * width + near.x0, near.x0, near.x1, y);
  const x0 = box[0] as number;
  const y0 = box[1] as number;
  const x1 = box[2] as number;
  const y1 = box[3] as number;
  return x1 < 0 ? { x0: 0, y0: 0, x1: 0, y1: 0 } : { x0, y0, x1: x1 + 1, y1: y1 + 1 };
}

/** maskBoundsWithin's running box: x0, y0, x1, y1 (inclusive). */
const box = new Float64Array(4);

/**
 * One row of maskBoundsWithin, a function of its own called per row (decision 151): the loop
 * entered once per zone was compiled on the stack, and that code, with no type feedback for
 * what follows the loop, was thrown away at the loop's end on every zone of a first analysis.
 */
function boundsRow(mask: Uint8Array, i0: number, xa: number, xb: number, y: number): void {
  let x0 = box[0] as number;
  let y0 = box[1] as number;
  let x1 = box[2] as number;
  let y1 = box[3] as number;
  for (let x = xa, i = i0; x < xb; x++, i++) {
    if (!mask[i]) continue;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  box[0] = x0;
  box[1] = y0;
  box[2] = x1;
  box[3] = y1;
}

export function polygonPixelsBefore(
  image: PixelImage,
  mesh: DetectedFace['mesh'],
  ring: readonly number[],
): Sample {
  const pts = ring.map((i) => mesh[i] ?? ([0, 0] as [number, number]));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const x1 = Math.min(image.width, Math.ceil(Math.max(...xs)) + 1);
  const y1 = Math.min(image.height, Math.ceil(Math.max(...ys)) + 1);
  const w = x1 - x0;
  const h = y1 - y0;
  const out: Sample = { r: [], g: [], b: [], y: [] };
  if (w <= 1 || h <= 1) return out;
  const mask = new Uint8Array(w * h);
  fillPolygon(
    mask,
    w,
    h,
    pts.map((p) => [p[0] - x0, p[1] - y0] as const),
  );
  for (let y = 0; y < h; y++) sampleRow(image, mask, w, y, x0, y0, out);
  return out;
}

/**
 * One row of polygonPixels' box: a function of its own called per row (decision 151), so V8
 * optimises it at entry after a few rows, where the box's loop, entered once per polygon, was
 * compiled on the stack and again at entry (with fillPolygon's row inlined) on a first analysis.
 */
function sampleRow(
  image: PixelImage,
  mask: Uint8Array,
  w: number,
  y: number,
  x0: number,
  y0: number,
  out: Sample,
): void {
  const { data, channels } = image;
  for (let x = 0; x < w; x++) {
    if (!mask[y * w + x]) continue;
    const p = ((y + y0) * image.width + x + x0) * channels;
    const R = data[p] as number;
    const G = data[p + 1] as number;
    const B = data[p + 2] as number;
    if (R >= 250 || G >= 250 || B >= 250) continue; // clipped: its colour is lost
    const r = LIN[R] as number;
    const g = LIN[G] as number;
    const b = LIN[B] as number;
    out.r.push(r);
    out.g.push(g);
    out.b.push(b);
    out.y.push(0.2126 * r + 0.7152 * g + 0.0722 * b);
  }
}

export function shineWeightsBefore(
  L: Float32Array,
  chroma: Float32Array,
  highPass: Float32Array,
  mask: Uint8Array,
  refL: number,
  refChroma: number,
  out: Float32Array,
  // addedLight: by specularExcess (a glint's high-pass, back from contrast scale cs, likewise).
  opts: { addedLight?: boolean; cs?: number } = {},
): void {
  const { addedLight = false, cs = 1 } = opts;
  const oilScale = addedLight ? oilToneScale(refL) : 1;
  const hpScale = addedLight ? oilScale / cs : 1;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const desaturated = ramp((refChroma - (chroma[i] as number)) / (0.5 * refChroma));
    if (desaturated === 0) continue;
    const Li = L[i] as number;
    const excess = (Li - refL) * oilScale;
    const bright = ramp((excess - SHINE_DL) / 10);
    const hp = (highPass[i] as number) * hpScale;
    const glint = 0.3 * ramp((hp - 3) / 4) * ramp((excess - 2) / 4);
    out[i] = desaturated * Math.max(bright, glint);
  }
}

function sampleUp2(half: Plane, x: number, y: number): number {
  const { data, width: w, height: h } = half;
  const fx = Math.min(w - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
  const fy = Math.min(h - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(w - 1, x0 + 1);
  const tx = Math.fround(fx - x0);
  const ty = fy - y0;
  const r0 = y0 * w;
  const r1 = Math.min(h - 1, y0 + 1) * w;
  const top =
    (data[r0 + x0] as number) + ((data[r0 + x1] as number) - (data[r0 + x0] as number)) * tx;
  const bottom =
    (data[r1 + x0] as number) + ((data[r1 + x1] as number) - (data[r1 + x0] as number)) * tx;
  return Math.fround(top + (bottom - top) * ty);
}

export function hairAroundBefore(
  frame: FaceFrame,
  skinAll: Uint8Array,
  skinW: Float32Array,
  pool: Scratch,
): Pick<SkinContext, 'hairHere' | 'hairSupport' | 'blobSkinW'> {
  const { width, height } = frame;
  // A counted mark (spot, pore, blemish, blackhead) weighs by the skin around it, not only at its
  // centre: 1 − the hair weight smoothed over ≈ 2 mm (σ BLOB_HAIR_SIGMA), or at the centre if
  // higher. A dark dot at the edge of a beard is more likely a follicle than a spot, and the
  // smoothed weight moves little when a re-save nudges the beard's edge by a pixel.
  let anyHair = false;
  for (let i = 0; i < skinW.length; i++)
    if (skinAll[i] && (skinW[i] as number) < 1) {
      anyHair = true;
      break;
    }
  // Smoothed at half resolution and read (bilinearly) only at the marks' centres.
  let nearHair: Plane | null = null;
  // The hair weight over the skin (0 elsewhere), and where it is > 0; fine lines widen it below.
  let hairHere: Plane | null = null;
  let hairSupport: Uint8Array | null = null;
  if (anyHair) {
    hairHere = plane(pool, width, height);
    hairSupport = u8(pool, skinW.length);
    for (let i = 0; i < skinW.length; i++) {
      if (!skinAll[i]) continue;
      const h = 1 - (skinW[i] as number);
      if (h > 0) {
        hairHere.data[i] = h;
        hairSupport[i] = 1;
      }
    }
    nearHair = gaussianBlur(downsample2(hairHere, pool), BLOB_HAIR_SIGMA / 2, pool);
  }
  const blobSkinW = (x: number, y: number): number => {
    const w = skinW[y * width + x] as number;
    if (!nearHair) return w;
    const h = Math.max(1 - w, sampleUp2(nearHair, x, y));
    return h >= 1 ? 0 : 1 - h;
  };
  return { hairHere, hairSupport, blobSkinW };
}

/** Channel c of the masked pixels in rows [start, end), as linear values. */
export function linearChannelBefore(
  rgb: Float32Array,
  c: number,
  mask: Uint8Array,
  linear: Float32Array,
  rows: { start: number; end: number },
): void {
  for (let i = rows.start; i < rows.end; i++)
    if (mask[i]) linear[i] = toLinear(rgb[i * 3 + c] as number);
}

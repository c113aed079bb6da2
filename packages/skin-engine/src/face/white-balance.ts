import type { DetectedFace } from './detector';
import { INNER_MOUTH, LEFT_EYE, RIGHT_EYE } from './landmarks';
import { fillPolygon } from '../image/mask';
import type { PixelImage } from '../image/raster';

/**
 * Colour constancy: the light's colour is estimated from the parts of a face that are nearly
 * neutral whatever the person's skin (the whites of the eyes and, when visible, the teeth), and
 * removed with a von Kries correction (per-channel gains in linear RGB) before any colour is
 * measured. When neither is visible enough, the skin itself is used: under neutral light skin
 * chromaticity lies on a narrow locus (Störring et al. 2001; Bianco & Schettini 2012 estimate
 * the illuminant from faces the same way), and only the part of the cast that moves the skin off
 * that locus is removed. Every correction is bounded (CORRECTION_LIMIT) so a wrong estimate
 * cannot invent a colour. docs/skin-engine.md ("Colour constancy") gives the fitted constants.
 */

/**
 * Sclera pixels: the brightest fifth of the eye opening that is not strongly coloured, each
 * weighted (decision 195): by its luminance over the sample's quantiles SCLERA_Q ± BRIGHT_RAMP
 * (0 below, 1 above) and by its saturation (max − min) / max, 1 up to SAT_FULL, 0 from SAT_NONE.
 */
export const SCLERA_Q = 0.8;
export const BRIGHT_RAMP = 0.1;
export const SAT_FULL = 0.35;
export const SAT_NONE = 0.45;
/** Linear-light RGB triple. */
export type Rgb3 = [number, number, number];

/**
 * Canonical colours under neutral light, as chromaticity ratios R/G and B/G of linear RGB: the
 * medians over the calibration half of the studio portraits (docs/skin-engine.md). Sclera and
 * teeth are not pure white (slightly yellow-red), so the target is their typical colour.
 */
export const CANONICAL = {
  // Re-fitted with the chromaticity median (decision 056): log R/G 0.171, log B/G −0.039
  // (n = 136); teeth 0.146, −0.117 (n = 90). Before: sclera 1.206 / 0.962, teeth 1.154 / 0.882.
  sclera: { rg: 1.187, bg: 0.962 },
  teeth: { rg: 1.157, bg: 0.89 },
} as const;

/**
 * Skin locus under neutral light: log(B/G) ≈ c0 + c1·log(R/G), the line melanin and haemoglobin
 * move skin along (fitted on the calibration half's corrected skin).
 */
export const SKIN_LOCUS = { c0: -0.025, c1: -0.411 } as const;

/** Largest gain (or 1/gain) applied to R or B relative to G. */
export const CORRECTION_LIMIT = 1.35;

export interface WhitePoint {
  /** The estimated light colour (linear RGB, G = 1), before correction. */
  illuminant: Rgb3;
  /** Gains that neutralise it (G = 1), bounded. */
  gains: Rgb3;
  source: 'eyes_teeth' | 'skin_locus' | 'none';
  /** Pixels of the neutral references used. */
  sclera_px: number;
  teeth_px: number;
  /** Raw sample means (linear RGB) for calibration work. */
  sclera: Rgb3 | null;
  teeth: Rgb3 | null;
  skin?: Rgb3;
}

const LIN = (() => {
  const lut = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const c = v / 255;
    lut[v] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return lut;
})();

export interface Sample {
  r: number[];
  g: number[];
  b: number[];
  y: number[];
}

/** Pixels of a mesh polygon (image coordinates), as linear RGB and luminance. */
export function polygonPixels(
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
  const { data, channels, width } = image;
  let n = 0;
  for (let y = 0; y < h; y++) {
    if (sampled.y.length < n + w) grow(n + w);
    const { r, g, b, y: lum } = sampled;
    n = sampleRow(data, channels, width, mask, w, y, x0, y0, r, g, b, lum, n);
  }
  return {
    r: Array.from(sampled.r.subarray(0, n)),
    g: Array.from(sampled.g.subarray(0, n)),
    b: Array.from(sampled.b.subarray(0, n)),
    y: Array.from(sampled.y.subarray(0, n)),
  };
}

/**
 * polygonPixels' kept pixels (grown as needed): sampleRow writes into typed arrays rather than
 * pushing onto the sample's arrays, whose elements kinds differ from one sample to the next
 * ("wrong map" on a first analysis, decision 156). A Float64Array holds every value exactly.
 */
let sampled = {
  r: new Float64Array(4096),
  g: new Float64Array(4096),
  b: new Float64Array(4096),
  y: new Float64Array(4096),
};

function grow(size: number): void {
  const length = Math.max(size, 2 * sampled.y.length);
  const next = {
    r: new Float64Array(length),
    g: new Float64Array(length),
    b: new Float64Array(length),
    y: new Float64Array(length),
  };
  next.r.set(sampled.r);
  next.g.set(sampled.g);
  next.b.set(sampled.b);
  next.y.set(sampled.y);
  sampled = next;
}

/**
 * One row of polygonPixels' box: a function of its own called per row (decision 151), so V8
 * optimises it at entry after a few rows, where the box's loop, entered once per polygon, was
 * compiled on the stack and again at entry (with fillPolygon's row inlined) on a first analysis.
 * The image's fields come as arguments (decision 152: images of two shapes reach it, "wrong map").
 * Kept pixels are written from pixel n0 on; returns the new count.
 */
function sampleRow(
  data: PixelImage['data'],
  channels: number,
  width: number,
  mask: Uint8Array,
  w: number,
  y: number,
  x0: number,
  y0: number,
  rs: Float64Array,
  gs: Float64Array,
  bs: Float64Array,
  ys: Float64Array,
  n0: number,
): number {
  let n = n0;
  for (let x = 0; x < w; x++) {
    if (!mask[y * w + x]) continue;
    const p = ((y + y0) * width + x + x0) * channels;
    const R = data[p] as number;
    const G = data[p + 1] as number;
    const B = data[p + 2] as number;
    if (R >= 250 || G >= 250 || B >= 250) continue; // clipped: its colour is lost
    const r = LIN[R] as number;
    const g = LIN[G] as number;
    const b = LIN[B] as number;
    rs[n] = r;
    gs[n] = g;
    bs[n] = b;
    ys[n] = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    n++;
  }
  return n;
}

/**
 * The near-neutral part of a sample and its colour (decision 195): every pixel weighted by how
 * bright it is (a ramp over the luminance quantiles q − BRIGHT_RAMP … q + BRIGHT_RAMP) and by how
 * little coloured (a ramp from SAT_FULL to SAT_NONE of (max − min) / max: a sclera's vessels, lips,
 * gums and the iris drop out); the colour is the weighted mean of the pixels' own log R/G and
 * log B/G at their weighted mean green. Each pixel's chromaticity stays whole (decision 056: never
 * R, G and B from different pixels). With hard cuts (the brightest fifth, saturation ≤ 0.4, the
 * median) a re-save's chroma blocks moved pixels across a cut and the estimate with them: the
 * weights change by as much as a pixel's colour does, no more. `n` is the weights' sum.
 */
function neutralColour(s: Sample, q: number, minPx: number): { rgb: Rgb3; n: number } | null {
  const len = s.y.length;
  if (len < minPx) return null;
  const sorted = Float64Array.from(s.y).sort();
  const lo = sorted[Math.floor(Math.max(0, q - BRIGHT_RAMP) * (len - 1))] as number;
  const hi = sorted[Math.floor(Math.min(1, q + BRIGHT_RAMP) * (len - 1))] as number;
  // Typed copies: the eyes' sample (flatMap) and the mouth's arrive as arrays of other shapes, and
  // one loop over both had its first-photo code thrown away (decision 152); the same values.
  const [sw, sr, sb, sg] = neutralSums(
    Float64Array.from(s.r),
    Float64Array.from(s.g),
    Float64Array.from(s.b),
    Float64Array.from(s.y),
    lo,
    hi,
  );
  if (sw < minPx / 3) return null;
  const green = sg / sw;
  return { rgb: [green * Math.exp(sr / sw), green, green * Math.exp(sb / sw)], n: Math.round(sw) };
}

/** neutralColour's weighted sums: weight, log R/G, log B/G and green. */
function neutralSums(
  rs: Float64Array,
  gs: Float64Array,
  bs: Float64Array,
  ys: Float64Array,
  lo: number,
  hi: number,
): [number, number, number, number] {
  let sw = 0;
  let sr = 0;
  let sb = 0;
  let sg = 0;
  const span = hi - lo;
  for (let i = 0; i < ys.length; i++) {
    const R = rs[i] as number;
    const G = gs[i] as number;
    const B = bs[i] as number;
    if (!(R > 0 && G > 0 && B > 0)) continue;
    const y = ys[i] as number;
    const wy = span > 0 ? Math.min(1, Math.max(0, (y - lo) / span)) : y >= hi ? 1 : 0;
    const mx = Math.max(R, G, B);
    const sat = (mx - Math.min(R, G, B)) / mx;
    const ws = Math.min(1, Math.max(0, (SAT_NONE - sat) / (SAT_NONE - SAT_FULL)));
    const w = wy * ws;
    if (!(w > 0)) continue; // NaN too: a sample read from an image has none, but it is not counted
    sw += w;
    sr += w * Math.log(R / G);
    sb += w * Math.log(B / G);
    sg += w * G;
  }
  return [sw, sr, sb, sg];
}

const clampGain = (v: number) =>
  Math.max(1 / CORRECTION_LIMIT, Math.min(CORRECTION_LIMIT, Number.isFinite(v) ? v : 1));

/**
 * Estimates the light's colour for one face. `skin` is the face skin's median linear RGB (for
 * the fallback); `faceHeight` (image px) sets the minimum sample sizes.
 */
export function estimateWhitePoint(
  image: PixelImage,
  face: DetectedFace,
  skin: Rgb3,
  faceHeight: number,
): WhitePoint {
  // About 1/25 of the face height squared: a visible eye white at the smallest accepted face.
  const minPx = Math.max(12, Math.round((faceHeight / 40) ** 2));
  const eyes = [RIGHT_EYE, LEFT_EYE].map((ring) => polygonPixels(image, face.mesh, ring));
  const eyeSample: Sample = {
    r: eyes.flatMap((e) => e.r),
    g: eyes.flatMap((e) => e.g),
    b: eyes.flatMap((e) => e.b),
    y: eyes.flatMap((e) => e.y),
  };
  const sclera = neutralColour(eyeSample, SCLERA_Q, minPx);
  const mouth = polygonPixels(image, face.mesh, INNER_MOUTH);
  // Teeth must be clearly brighter than the skin, or the "bright" part of the mouth is lips.
  const skinY = 0.2126 * skin[0] + 0.7152 * skin[1] + 0.0722 * skin[2];
  const teethCandidate = neutralColour(mouth, 0.6, minPx);
  const teeth =
    teethCandidate &&
    0.2126 * teethCandidate.rgb[0] +
      0.7152 * teethCandidate.rgb[1] +
      0.0722 * teethCandidate.rgb[2] >
      1.1 * skinY
      ? teethCandidate
      : null;

  // Each reference gives log-ratios of the light: log(obs R/G) − log(canonical R/G), same for B.
  let wr = 0;
  let wb = 0;
  let weight = 0;
  const add = (rgb: Rgb3, canon: { rg: number; bg: number }, w: number) => {
    wr += w * (Math.log(rgb[0] / rgb[1]) - Math.log(canon.rg));
    wb += w * (Math.log(rgb[2] / rgb[1]) - Math.log(canon.bg));
    weight += w;
  };
  if (sclera) add(sclera.rgb, CANONICAL.sclera, 1);
  if (teeth) add(teeth.rgb, CANONICAL.teeth, 0.5);

  let lr: number;
  let lb: number;
  let source: WhitePoint['source'];
  if (weight > 0) {
    lr = wr / weight;
    lb = wb / weight;
    source = 'eyes_teeth';
  } else if (skin[1] > 0) {
    // Skin locus: remove only the cast across the locus (along it, melanin and the light are
    // indistinguishable, so that part is left alone).
    const x = Math.log(skin[0] / skin[1]);
    const y = Math.log(skin[2] / skin[1]);
    const off = y - (SKIN_LOCUS.c0 + SKIN_LOCUS.c1 * x);
    const norm = 1 + SKIN_LOCUS.c1 * SKIN_LOCUS.c1;
    // Projection of the offset onto the locus normal (−c1, 1)/√norm, back in (lr, lb).
    lr = (-SKIN_LOCUS.c1 * off) / norm;
    lb = off / norm;
    source = 'skin_locus';
  } else {
    lr = 0;
    lb = 0;
    source = 'none';
  }
  const gains: Rgb3 = [clampGain(Math.exp(-lr)), 1, clampGain(Math.exp(-lb))];
  return {
    illuminant: [Math.exp(lr), 1, Math.exp(lb)],
    gains,
    source,
    sclera_px: sclera?.n ?? 0,
    teeth_px: teeth?.n ?? 0,
    sclera: sclera?.rgb ?? null,
    teeth: teeth?.rgb ?? null,
    skin,
  };
}

/** Size of a white-balance correction: 100 × the RMS log-gain of R and B (≈ % per channel). */
export function castSize(gains: readonly number[]): number {
  return (
    100 * Math.sqrt((Math.log(gains[0] as number) ** 2 + Math.log(gains[2] as number) ** 2) / 2)
  );
}

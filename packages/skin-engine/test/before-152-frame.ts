/**
 * The frame and white-balance functions decision 152 rewrote (skinMask's rows, clippedPixels, linearChannel, maskBoundsWithin, polygonPixels' rows, shineWeights,
 * hairAround), as they were before it, verbatim but for names, exports, imports and LIN's copy:
 * first-run-152.test.ts checks that the rewritten ones give exactly what these give. Test code
 * only. (The lesion and blob functions: before-152.ts. neutralMean's filter went with the hard-cut
 * reading it served, decision 195.)
 */
import type { DetectedFace } from '../src/face/detector';
import { CLIPPED_LEVEL, type Bounds, type FaceFrame } from '../src/face/frame';
import { SKIN_TOLERANCE } from '../src/face/skin-mask';
import type { Sample } from '../src/face/white-balance';
import { toLinear, type LabPlanes } from '../src/image/color';
import { downsample2, gaussianBlur } from '../src/image/filters';
import { close, fillPolygon, intersect } from '../src/image/mask';
import type { PixelImage, Plane } from '../src/image/raster';
import { plane, u8, type Scratch } from '../src/image/scratch';
import { BLOB_HAIR_SIGMA, oilToneScale, SHINE_DL, type SkinContext } from '../src/metrics/skin';

const ramp = (v: number) => (v <= 0 ? 0 : v >= 1 ? 1 : v);

const LIN = (() => {
  const lut = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const c = v / 255;
    lut[v] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return lut;
})();

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

import type { DetectedFace } from './face/detector';
import { cropRect, WORK_FACE_HEIGHT } from './face/frame';
import { LEFT_EYE, REGION_POLYGONS, RIGHT_EYE } from './face/landmarks';
import {
  CANONICAL,
  estimateWhitePoint,
  polygonPixels,
  type Rgb3,
  type Sample,
} from './face/white-balance';
import { toLinear } from './image/color';
import { axisWeights, createPlane, type PixelImage, type Plane, type Rect } from './image/raster';
import { focusOfHalf } from './quality';

/**
 * What the live gate (live.ts) measures on a camera frame beyond the quality gate's own functions:
 * the light's evenness and colour on the face, and the gate's focus measure without building the
 * whole working frame (decision 097).
 */

/**
 * The element at `at` of `v` sorted ascending. A typed copy sorts numerically without a comparator
 * (a JavaScript comparator called n log n times was 40 % of the live gate's time, decision 133):
 * the same element, as the values are finite.
 */
export const sortedAt = (v: number[], at: number) => Float64Array.from(v).sort()[at];
const median = (v: number[]) => sortedAt(v, v.length >> 1) ?? 0;

/** The eye opening shrunk towards its centre: at camera-frame scale its rim is mostly eyelid. */
const EYE_INNER = 0.7;
function innerRing(
  mesh: DetectedFace['mesh'],
  ring: readonly number[],
  k: number,
): DetectedFace['mesh'] {
  let cx = 0;
  let cy = 0;
  for (const i of ring) {
    cx += (mesh[i] ?? [0, 0])[0] / ring.length;
    cy += (mesh[i] ?? [0, 0])[1] / ring.length;
  }
  const out = mesh.slice();
  for (const i of ring) {
    const [x, y] = mesh[i] ?? [0, 0];
    out[i] = [cx + k * (x - cx), cy + k * (y - cy)];
  }
  return out;
}

/**
 * The light's colour from the bright eye pixels' chromaticities (relative to a canonical white of
 * the eye): their median, then the median again of those whose colour is within SCLERA_SPREAD of
 * that, twice. Under any light the whites of the eyes cluster together, while eyelid skin and
 * vessels lie apart; a fixed saturation limit would instead drop every white under a strong cast.
 */
const SCLERA_SPREAD = [0.25, 0.12];
function scleraLight(rg: number[], bg: number[]): [number, number] {
  let light: [number, number] = [median(rg), median(bg)];
  for (const spread of SCLERA_SPREAD) {
    const keepR: number[] = [];
    const keepB: number[] = [];
    for (let i = 0; i < rg.length; i++) {
      const dr = (rg[i] as number) - light[0];
      const db = (bg[i] as number) - light[1];
      if (Math.hypot(dr, db) > spread) continue;
      keepR.push(rg[i] as number);
      keepB.push(bg[i] as number);
    }
    if (keepR.length < 4) break;
    light = [median(keepR), median(keepB)];
  }
  return light;
}

/**
 * The light's colour as log R/G and log B/G: the engine's own estimate (white-balance.ts) when it
 * finds white in the eyes or teeth. Its saturation test drops every white under a strong cast and
 * falls back to the skin, which reads a warm light at half its strength; then the eye opening's
 * brightest fifth is read without that test, against the engine's canonical sclera colour. With
 * no eye opening to read, the engine's skin-locus estimate.
 */
function lightColour(
  frame: PixelImage,
  face: DetectedFace,
  faceHeight: number,
  left: Sample,
  right: Sample,
): [number, number] | null {
  const eyes = [RIGHT_EYE, LEFT_EYE].map((ring) =>
    polygonPixels(frame, innerRing(face.mesh, ring, EYE_INNER), ring),
  );
  const skin = [left.r.concat(right.r), left.g.concat(right.g), left.b.concat(right.b)].map(
    median,
  ) as Rgb3;
  const wp = estimateWhitePoint(frame, face, skin, faceHeight);
  // The engine's own estimate when it found white in the eyes (or teeth): what the server corrects.
  if (wp.source === 'eyes_teeth') return [Math.log(wp.illuminant[0]), Math.log(wp.illuminant[2])];
  // Eyes open but no white passed its saturation test: under a strong cast that is what a white
  // looks like, so the whites are read without that test.
  const y = eyes.flatMap((e) => e.y);
  const minPx = Math.max(8, Math.round((faceHeight / 50) ** 2));
  if (y.length >= minPx) {
    const cut = sortedAt(y, Math.floor(0.8 * (y.length - 1))) as number;
    const r = eyes.flatMap((e) => e.r);
    const g = eyes.flatMap((e) => e.g);
    const b = eyes.flatMap((e) => e.b);
    // Chromaticity of the brightest fifth, relative to a white of the eye under neutral light.
    const rg: number[] = [];
    const bg: number[] = [];
    for (let i = 0; i < y.length; i++) {
      const G = g[i] as number;
      if ((y[i] as number) < cut || G <= 0) continue;
      rg.push(Math.log((r[i] as number) / G) - Math.log(CANONICAL.sclera.rg));
      bg.push(Math.log((b[i] as number) / G) - Math.log(CANONICAL.sclera.bg));
    }
    if (rg.length >= 4) return scleraLight(rg, bg);
  }
  if (wp.source === 'none') return null;
  return [Math.log(wp.illuminant[0]), Math.log(wp.illuminant[2])];
}

/** sRGB code value → linear light (8-bit input: a table, no interpolation). */
const LINEAR8 = Float32Array.from({ length: 256 }, (_, v) => toLinear(v));

/** L* of every pixel of a whole-pixel rectangle (no white balance). */
function lightness(frame: PixelImage, rect: Rect): Plane {
  const { data, width, channels } = frame;
  const out = createPlane(rect.width, rect.height);
  for (let y = 0; y < rect.height; y++) {
    let p = ((rect.y + y) * width + rect.x) * channels;
    for (let x = 0; x < rect.width; x++, p += channels) {
      const Y =
        0.2126729 * (LINEAR8[data[p] as number] as number) +
        0.7151522 * (LINEAR8[data[p + 1] as number] as number) +
        0.072175 * (LINEAR8[data[p + 2] as number] as number);
      out.data[y * rect.width + x] = Y > 216 / 24389 ? 116 * Math.cbrt(Y) - 16 : (24389 / 27) * Y;
    }
  }
  return out;
}

/** One plane resampled with the engine's triangle filter (raster.ts axisWeights). */
function resamplePlane(plane: Plane, width: number, height: number): Plane {
  const wx = axisWeights(plane.width, 0, plane.width, width);
  const wy = axisWeights(plane.height, 0, plane.height, height);
  const tmp = new Float32Array(plane.height * width);
  for (let y = 0; y < plane.height; y++) {
    const row = y * plane.width;
    for (let i = 0; i < width; i++) {
      let v = 0;
      for (let k = 0, base = i * wx.taps; k < (wx.count[i] as number); k++)
        v +=
          (wx.weights[base + k] as number) *
          (plane.data[row + (wx.index[base + k] as number)] as number);
      tmp[y * width + i] = v;
    }
  }
  const out = createPlane(width, height);
  for (let j = 0; j < height; j++) {
    for (let k = 0, base = j * wy.taps; k < (wy.count[j] as number); k++) {
      const w = wy.weights[base + k] as number;
      const src = (wy.index[base + k] as number) * width;
      for (let i = 0; i < width; i++)
        out.data[j * width + i] =
          (out.data[j * width + i] as number) + w * (tmp[src + i] as number);
    }
  }
  return out;
}

/**
 * The gate's focus measure without the whole working frame: L* of the zones' crop (without the
 * white balance, which scales L* contrast and its Laplacian alike), resampled straight to half
 * the working scale, the inner face box.
 */
export function liveSharpness(frame: PixelImage, face: DetectedFace, faceHeight: number): number {
  const rect = cropRect(frame, face.mesh, faceHeight);
  const k = WORK_FACE_HEIGHT / 2 / faceHeight;
  const width = Math.max(8, Math.round(rect.width * k));
  const height = Math.max(8, Math.round(rect.height * k));
  return focusOfHalf(resamplePlane(lightness(frame, rect), width, height));
}

/**
 * The two cheeks' median luminance ratio in stops (log2 of the image-left cheek over the
 * image-right one) and the light's colour (log R/G, log B/G; null when not measurable), or null
 * when the cheeks are too small to read.
 */
export function faceLight(
  frame: PixelImage,
  face: DetectedFace,
  faceHeight: number,
): { stops: number; light: [number, number] | null } | null {
  // right_cheek is the person's right: the image's left in an unmirrored frame.
  const left = polygonPixels(frame, face.mesh, REGION_POLYGONS.right_cheek[0] ?? []);
  const right = polygonPixels(frame, face.mesh, REGION_POLYGONS.left_cheek[0] ?? []);
  if (left.y.length < 12 || right.y.length < 12) return null;
  const stops = Math.log2(Math.max(1e-4, median(left.y)) / Math.max(1e-4, median(right.y)));
  return { stops, light: lightColour(frame, face, faceHeight, left, right) };
}

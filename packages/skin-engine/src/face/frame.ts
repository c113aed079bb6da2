import type { RegionKey } from '@lumiskin/contract/analysis';
import { REGIONS } from '@lumiskin/contract/constants';
import { rgbToLabPlanes, toLinear, type LabPlanes } from '../image/color';
import { estimateWhitePoint, type WhitePoint } from './white-balance';
import {
  andInto,
  clearOutside,
  countMask,
  countWithin,
  erode,
  fillPolygon,
  orInto,
  type Polygon,
} from '../image/mask';
import { resampleRgb, type PixelImage, type Rect } from '../image/raster';
import { skinMask } from './skin-mask';
import { Scratch } from '../image/scratch';
import { maskedQuantile, type Bounds } from '../image/stats';

export type { Bounds };
import type { DetectedFace } from './detector';
import {
  CHIN_BOTTOM,
  EXCLUDED_POLYGONS,
  FOREHEAD_TOP,
  LEFT_BROW,
  LESION_EXTENSIONS,
  NOSE_TIP,
  REGION_POLYGONS,
  RIGHT_BROW,
  SILHOUETTE,
} from './landmarks';

/**
 * The "working frame": the face cropped and resampled so that the forehead-top → chin distance
 * is always WORK_FACE_HEIGHT pixels. Every filter size below is therefore a physical size on
 * the face (about 0.6 mm per pixel for an adult face), whatever the photo's resolution, which
 * is what keeps scores stable when the same face is photographed larger or smaller.
 */
export const WORK_FACE_HEIGHT = 320;

/**
 * A channel at or above this (sRGB code value, before the white balance) is taken as clipped: the
 * red of fair skin in bright light saturates first, and its a* then reads too low (decision 054).
 */
export const CLIPPED_LEVEL = 254;
/**
 * From this red code value to CLIPPED_LEVEL a pixel's chroma is read more and more from its green
 * and blue too (`NearClip`, decision 167): the red of light skin clips first, and a pixel whose red
 * is cut reads paler than the skin is, as an oil film's would. A working pixel is an average of
 * photo pixels, so a partly clipped one reads 245–253.
 */
export const NEAR_CLIP_LEVEL = 245;

/**
 * The pixels whose red is near or at clipping (> NEAR_CLIP_LEVEL before the white balance), and
 * for each the chroma its green and blue give (decision 167): the skin's chroma × s / s_ref, with
 * s = 1 − B/G in white-balanced linear light (white light added to skin lowers it; a brighter
 * exposure of the same skin does not change it) and s_ref the zones' median. `share` (0…1) is how
 * far the red is from NEAR_CLIP_LEVEL to CLIPPED_LEVEL: how much of the estimate's excess over the
 * pixel's own chroma it takes (metrics/skin.ts `clipChroma`; never less than its own).
 */
export interface NearClip {
  index: Uint32Array;
  share: Float32Array;
  chroma: Float32Array;
}

export interface FrameRegion {
  mask: Uint8Array;
  polygon: Uint8Array;
  bounds: Bounds;
  pixels: number;
  coverage: number;
  outline: Array<Array<[number, number]>>;
}

/** Bounding box [x0, x1) × [y0, y1) of a mask that is empty outside `near` (only that box is scanned). */
export function maskBoundsWithin(mask: Uint8Array, width: number, near: Bounds): Bounds {
  box[0] = Infinity;
  box[1] = Infinity;
  box[2] = -1;
  box[3] = -1;
  for (let y = near.y0; y < near.y1; y++) boundsRow(mask, y * width + near.x0, near.x0, near.x1, y);
  // The box holds pixel coordinates (integers) whenever x1 ≥ 0; `| 0` gives the same numbers as
  // small integers, where a Float64Array's element is a heap number: bounds passed on as heap
  // numbers threw away the row functions that take them, optimised for small integers ("not a
  // Smi", decision 152: boundsRow, clearOutside, and maskedQuantiles' chunks through zoneRows).
  const x0 = (box[0] as number) | 0;
  const y0 = (box[1] as number) | 0;
  const x1 = (box[2] as number) | 0;
  const y1 = (box[3] as number) | 0;
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

export interface FaceFrame {
  width: number;
  height: number;
  /** Working pixel = (image pixel − offset) × scale. */
  offsetX: number;
  offsetY: number;
  scale: number;
  /** Forehead-top → chin distance in image pixels. */
  faceHeight: number;
  /** Working-frame rows of the nose tip and of the mouth corners (the lower face starts there). */
  noseTipY: number;
  mouthY: number;
  /** The light's estimated colour and the correction applied before CIELAB. */
  whitePoint: WhitePoint;
  lab: LabPlanes;
  /** Per-pixel skin mask (face oval, minus eyes/brows/lips, minus non-skin colours). */
  skin: Uint8Array;
  /**
   * Pixels where the photo's own colour is clipped (a channel ≥ CLIPPED_LEVEL before the white
   * balance), or null when no pixel is: there the skin's colour is not its colour.
   */
  clipped: Uint8Array | null;
  /** Pixels whose red is near or at clipping, with the chroma their green and blue give, or null (decision 167). */
  nearClip: NearClip | null;
  /** Region masks (polygon ∩ skin), and each region's polygons in image coordinates. */
  regions: Record<RegionKey, FrameRegion>;
  /**
   * Acne-only skin beside a region (the lower cheek and jawline beside the cheeks: decision 157),
   * polygon ∩ skin, outside every region; only the inflammatory lesions read it.
   */
  lesionExtensions: Partial<Record<RegionKey, FrameRegion>>;
  /** Pixel-index range of the rows the zones occupy: scans over zone pixels need only these. */
  zoneRows: { start: number; end: number };
  /** Median skin colour of the zones: the reference of the skin-colour test. */
  reference: { L: number; a: number; b: number; chroma: number };
}

/** A working-frame point in the photo's pixels, to 0.1 px (overlays, debug readings). */
export function toImage(frame: FaceFrame, x: number, y: number): [number, number] {
  const r1 = (v: number) => Math.round(v * 10) / 10;
  return [r1(x / frame.scale + frame.offsetX), r1(y / frame.scale + frame.offsetY)];
}

function meshPolygon(
  mesh: Array<[number, number]>,
  indices: ReadonlyArray<number>,
  map: (p: [number, number]) => [number, number],
): Polygon {
  return indices.map((i) => map(mesh[i] ?? [0, 0]));
}

/*
 * Two of build's loops as functions of their own (decision 138: compiled alone, not build whole).
 * clippedPixels: pixels with a channel at or above CLIPPED_LEVEL, or null when none is.
 */
export function clippedPixels(rgb: Float32Array, n: number): Uint8Array | null {
  // Marked in a fresh array, 1024 pixels per call (decision 152: the one loop's on-stack code was
  // thrown away at the first clipped pixel, whose allocation it had no feedback for).
  const clipped = new Uint8Array(n);
  let count = 0;
  for (let i = 0; i < n; i += 1024) count += clippedRange(rgb, clipped, i, Math.min(n, i + 1024));
  return count ? clipped : null;
}

/** clippedPixels' pixels i0…i1: marks them, returns how many. */
function clippedRange(rgb: Float32Array, clipped: Uint8Array, i0: number, i1: number): number {
  let count = 0;
  for (let i = i0; i < i1; i++) {
    const top = Math.max(rgb[i * 3] as number, rgb[i * 3 + 1] as number, rgb[i * 3 + 2] as number);
    // Written for every pixel (0 where it was 0): no store that only a later chunk reaches.
    const hit = top < CLIPPED_LEVEL ? 0 : 1;
    clipped[i] = hit;
    count += hit;
  }
  return count;
}

/**
 * How far a pixel's chroma is lost to a clipped red: its red's nearness to clipping (0 at
 * NEAR_CLIP_LEVEL, 1 at CLIPPED_LEVEL). Where green is cut too, B/G reads too low, so the estimate
 * is a lower bound like the pixel's own chroma, and clipChroma keeps the larger of the two.
 */
function nearClipShare(rgb: Float32Array, i: number): number {
  const r = rgb[i * 3] as number;
  return r <= NEAR_CLIP_LEVEL
    ? 0
    : r >= CLIPPED_LEVEL
      ? 1
      : (r - NEAR_CLIP_LEVEL) / (CLIPPED_LEVEL - NEAR_CLIP_LEVEL);
}

/** s = 1 − B/G of one pixel in white-balanced linear light (0 where green is black). */
function blueShortfall(rgb: Float32Array, i: number, gG: number, gB: number): number {
  const g = gG * toLinear(rgb[i * 3 + 1] as number);
  return g > 0 ? 1 - (gB * toLinear(rgb[i * 3 + 2] as number)) / g : 0;
}

/**
 * NearClip of a frame (decision 167), or null when no pixel is near clipping or the skin's own
 * s is too small to compare with. `scratch` is a plane the zones' s is written to for its median.
 */
export function nearClipPixels(
  rgb: Float32Array,
  gains: readonly [number, number, number],
  refMask: Uint8Array,
  refRows: { start: number; end: number },
  scratch: Float32Array,
  refChroma: number,
): NearClip | null {
  const n = scratch.length;
  const index: number[] = [];
  const share: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = nearClipShare(rgb, i);
    if (t > 0) {
      index.push(i);
      share.push(t);
    }
  }
  if (index.length === 0) return null;
  const [, gG, gB] = gains;
  for (let i = refRows.start; i < refRows.end; i++)
    if (refMask[i]) scratch[i] = blueShortfall(rgb, i, gG, gB);
  const sRef = maskedQuantile(scratch, refMask, 0.5, refRows);
  if (!(sRef > 0.02)) return null;
  const chroma = new Float32Array(index.length);
  for (let k = 0; k < index.length; k++)
    chroma[k] = (refChroma * Math.max(0, blueShortfall(rgb, index[k] as number, gG, gB))) / sRef;
  return { index: Uint32Array.from(index), share: Float32Array.from(share), chroma };
}

/** Channel c of the masked pixels in rows [start, end), as linear values. */
export function linearChannel(
  rgb: Float32Array,
  c: number,
  mask: Uint8Array,
  linear: Float32Array,
  rows: { start: number; end: number },
): void {
  // 1024 pixels per call, the range as numbers (decision 152: the one loop was compiled on the
  // stack on a first analysis, and thrown away at its next call for the range object's read).
  const { start, end } = rows;
  for (let i = start; i < end; i += 1024)
    linearRange(rgb, c, mask, linear, i, Math.min(end, i + 1024));
}

function linearRange(
  rgb: Float32Array,
  c: number,
  mask: Uint8Array,
  linear: Float32Array,
  i0: number,
  i1: number,
): void {
  for (let i = i0; i < i1; i++) if (mask[i]) linear[i] = toLinear(rgb[i * 3 + c] as number);
}

/**
 * The working frame of one detected face. Its temporaries (the resampled RGB, the oval and zone
 * unions, the raw skin test) come from `pool` and go back to it when the call returns (decision
 * 044); everything the frame holds is allocated fresh.
 */
export function buildFaceFrame(
  image: PixelImage,
  face: DetectedFace,
  pool: Scratch = new Scratch(),
): FaceFrame {
  return pool.lend((p) => build(image, face, p));
}

function build(image: PixelImage, face: DetectedFace, pool: Scratch): FaceFrame {
  const mesh = face.mesh;
  const top = mesh[FOREHEAD_TOP] ?? [0, 0];
  const bottom = mesh[CHIN_BOTTOM] ?? [0, 0];
  const faceHeight = Math.max(8, Math.hypot(bottom[0] - top[0], bottom[1] - top[1]));
  const scale = WORK_FACE_HEIGHT / faceHeight;

  const rect = cropRect(image, mesh, faceHeight);
  const x0 = rect.x;
  const y0 = rect.y;
  const width = Math.max(8, Math.round(rect.width * scale));
  const height = Math.max(8, Math.round(rect.height * scale));
  const sx = width / rect.width;
  const sy = height / rect.height;
  const toWork = (p: [number, number]): [number, number] => [(p[0] - x0) * sx, (p[1] - y0) * sy];
  const toImage = (p: readonly [number, number]): [number, number] => [
    round2(p[0] / sx + x0),
    round2(p[1] / sy + y0),
  ];

  const rgb = resampleRgb(image, rect, width, height, pool);
  const clipped = clippedPixels(rgb, width * height);

  const { polygons, polygonBounds, zones, oval, zoneRows } = zonePolygons(
    mesh,
    toWork,
    width,
    height,
    pool,
  );
  const useZones = countMask(zones) > 50;
  const refMask = useZones ? zones : oval;
  // The rows the reference mask can occupy (the zones' rows, or the whole frame for the oval):
  // the medians below scan only those.
  const refRows = useZones ? zoneRows : { start: 0, end: width * height };

  // The light's colour, from the eyes/teeth (or the skin locus), removed before any colour metric.
  // (Linear values are needed only where the median looks: one plane, filled on the mask.)
  const linear = pool.f32(width * height);
  const skinRgb = [0, 1, 2].map((c) => {
    linearChannel(rgb, c, refMask, linear, refRows);
    return maskedQuantile(linear, refMask, 0.5, refRows);
  }) as [number, number, number];
  const whitePoint = estimateWhitePoint(image, face, skinRgb, faceHeight);
  // Keep the skin's luminance: the correction changes colour, not exposure.
  const Y = (c: readonly number[]) =>
    0.2126 * (c[0] as number) + 0.7152 * (c[1] as number) + 0.0722 * (c[2] as number);
  const corrected = skinRgb.map((v, c) => v * (whitePoint.gains[c] as number));
  const k = Y(corrected) > 0 ? Y(skinRgb) / Y(corrected) : 1;
  const gains = whitePoint.gains.map((g) => g * k) as [number, number, number];
  const lab = rgbToLabPlanes(rgb, width, height, gains);

  // Reference skin colour: medians over all measurement zones (robust to one zone changing).
  const reference = {
    L: maskedQuantile(lab.L.data, refMask, 0.5, refRows),
    a: maskedQuantile(lab.a.data, refMask, 0.5, refRows),
    b: maskedQuantile(lab.b.data, refMask, 0.5, refRows),
    chroma: 0,
  };
  reference.chroma = Math.hypot(reference.a, reference.b);
  const nearClip = nearClipPixels(rgb, gains, refMask, refRows, linear, reference.chroma);

  const skin = skinMask(lab, oval, reference, pool);

  const regions = {} as FaceFrame['regions'];
  for (const region of REGIONS) {
    const polygon = polygons[region];
    const bounds = polygonBounds[region];
    const mask = new Uint8Array(width * height);
    andInto(polygon, skin, mask, bounds.y0 * width, bounds.y1 * width);
    const polyPixels = countWithin(polygon, bounds.y0 * width, bounds.y1 * width);
    const pixels = countWithin(mask, bounds.y0 * width, bounds.y1 * width);
    regions[region] = {
      mask,
      polygon,
      bounds,
      pixels,
      coverage: polyPixels ? pixels / polyPixels : 0,
      outline: REGION_POLYGONS[region].map((poly) =>
        poly.map((i) => toImage(toWork(mesh[i] ?? [0, 0]))),
      ),
    };
  }
  const lesionExtensions = {} as FaceFrame['lesionExtensions'];
  for (const [region, polys] of Object.entries(LESION_EXTENSIONS) as Array<
    [RegionKey, ReadonlyArray<ReadonlyArray<number>>]
  >) {
    const ext = zonePolygon(mesh, polys, toWork, width, height, oval, pool);
    clearWhere(ext.zone, zones, ext.bounds, width);
    const mask = new Uint8Array(width * height);
    andInto(ext.zone, skin, mask, ext.bounds.y0 * width, ext.bounds.y1 * width);
    const polyPixels = countWithin(ext.zone, ext.bounds.y0 * width, ext.bounds.y1 * width);
    const pixels = countWithin(mask, ext.bounds.y0 * width, ext.bounds.y1 * width);
    lesionExtensions[region] = {
      mask,
      polygon: ext.zone,
      bounds: ext.bounds,
      pixels,
      coverage: polyPixels ? pixels / polyPixels : 0,
      outline: polys.map((poly) => poly.map((i) => toImage(toWork(mesh[i] ?? [0, 0])))),
    };
  }
  return {
    width,
    height,
    offsetX: x0,
    offsetY: y0,
    scale: sx,
    faceHeight,
    noseTipY: toWork(mesh[NOSE_TIP] ?? [0, 0])[1],
    mouthY: (toWork(mesh[61] ?? [0, 0])[1] + toWork(mesh[291] ?? [0, 0])[1]) / 2,
    whitePoint,
    lab,
    skin,
    clipped,
    nearClip,
    regions,
    lesionExtensions,
    zoneRows,
    reference,
  };
}

/** The crop of the measurement zones (plus a margin for the filters), not the whole head. */
export function cropRect(
  image: Pick<PixelImage, 'width' | 'height'>,
  mesh: DetectedFace['mesh'],
  faceHeight: number,
): Rect {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const polys of Object.values(REGION_POLYGONS)) {
    for (const poly of polys) {
      for (const i of poly) {
        const p = mesh[i] ?? [0, 0];
        minX = Math.min(minX, p[0]);
        maxX = Math.max(maxX, p[0]);
        minY = Math.min(minY, p[1]);
        maxY = Math.max(maxY, p[1]);
      }
    }
  }
  const margin = 0.05 * faceHeight;
  const x0 = Math.max(0, Math.floor(minX - margin));
  const y0 = Math.max(0, Math.floor(minY - margin));
  const x1 = Math.min(image.width, Math.ceil(maxX + margin));
  const y1 = Math.min(image.height, Math.ceil(maxY + margin));
  return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
}

/**
 * Each zone's polygon in the working frame (eroded, within the face oval less the eyes, brows and
 * lips), its bounds, their union and the rows they span.
 */
function zonePolygons(
  mesh: DetectedFace['mesh'],
  toWork: (p: [number, number]) => [number, number],
  width: number,
  height: number,
  pool: Scratch,
) {
  const polygons = {} as Record<RegionKey, Uint8Array>;
  const polygonBounds = {} as Record<RegionKey, Bounds>;
  const zones = pool.u8(width * height);
  // Face oval minus eyes, brows and lips.
  const oval = pool.u8(width * height);
  fillPolygon(oval, width, height, meshPolygon(mesh, SILHOUETTE, toWork));
  for (const poly of [...EXCLUDED_POLYGONS, RIGHT_BROW, LEFT_BROW])
    fillPolygon(oval, width, height, meshPolygon(mesh, poly, toWork), 0);
  for (const region of REGIONS) {
    const { zone, bounds: b } = zonePolygon(
      mesh,
      REGION_POLYGONS[region],
      toWork,
      width,
      height,
      oval,
      pool,
    );
    polygons[region] = zone;
    polygonBounds[region] = b;
    orInto(zone, zones, b.y0 * width, b.y1 * width);
  }
  const zoneRows = {
    start: Math.min(...REGIONS.map((r) => polygonBounds[r].y0)) * width,
    end: Math.max(...REGIONS.map((r) => polygonBounds[r].y1)) * width,
  };
  return { polygons, polygonBounds, zones, oval, zoneRows };
}

/** One zone's polygons filled, eroded by 2 px and kept within the face oval, and its bounds. */
function zonePolygon(
  mesh: DetectedFace['mesh'],
  polys: ReadonlyArray<ReadonlyArray<number>>,
  toWork: (p: [number, number]) => [number, number],
  width: number,
  height: number,
  oval: Uint8Array,
  pool: Scratch,
): { zone: Uint8Array; bounds: Bounds } {
  const m = pool.u8(width * height);
  // The polygons' vertex box (plus a pixel): the only part of the frame the fill can touch.
  const near: Bounds = { x0: width, y0: height, x1: 0, y1: 0 };
  for (const poly of polys) {
    const pts = meshPolygon(mesh, poly, toWork);
    fillPolygon(m, width, height, pts);
    for (const [x, y] of pts) {
      near.x0 = Math.min(near.x0, Math.max(0, Math.floor(x) - 1));
      near.y0 = Math.min(near.y0, Math.max(0, Math.floor(y) - 1));
      near.x1 = Math.max(near.x1, Math.min(width, Math.ceil(x) + 2));
      near.y1 = Math.max(near.y1, Math.min(height, Math.ceil(y) + 2));
    }
  }
  const filled = maskBoundsWithin(m, width, near);
  // Erosion only shrinks, so the zone (eroded polygon ∩ oval) lies within the filled box.
  const zone = erodeWithin(m, width, height, 2, filled);
  for (let y = filled.y0; y < filled.y1; y++)
    clearOutside(zone, oval, y * width + filled.x0, y * width + filled.x1);
  return { zone, bounds: maskBoundsWithin(zone, width, filled) };
}

/** Clears in `mask` (within its bounds) every pixel set in `other`. */
function clearWhere(mask: Uint8Array, other: Uint8Array, b: Bounds, width: number): void {
  for (let y = b.y0; y < b.y1; y++)
    for (let i = y * width + b.x0, end = y * width + b.x1; i < end; i++) if (other[i]) mask[i] = 0;
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** Erosion restricted to a mask's bounding box (plus the radius): zones are small, frames are not. */
function erodeWithin(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
  b: Bounds,
): Uint8Array {
  const x0 = Math.max(0, b.x0 - radius - 1);
  const y0 = Math.max(0, b.y0 - radius - 1);
  const x1 = Math.min(width, b.x1 + radius + 1);
  const y1 = Math.min(height, b.y1 + radius + 1);
  const w = x1 - x0;
  const h = y1 - y0;
  if (w <= 0 || h <= 0) return new Uint8Array(mask.length);
  const sub = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    sub.set(mask.subarray((y + y0) * width + x0, (y + y0) * width + x1), y * w);
  const eroded = erode(sub, w, h, radius);
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < h; y++) out.set(eroded.subarray(y * w, (y + 1) * w), (y + y0) * width + x0);
  return out;
}

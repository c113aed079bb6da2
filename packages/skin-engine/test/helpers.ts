import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type JpegOptions, type Sharp } from 'sharp';
import type { RegionKey } from '@lumiskin/contract/analysis';
import type { AnalysisResult, AnalyzeOutcome } from '../src/engine';
import { createSkinEngine } from '../src/node';
import { jpegEncoding, type ImageEncoding } from '../src/image/jpeg-encoding';
import type { PixelImage } from '../src/image/raster';

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

export interface Rgb extends PixelImage {
  data: Uint8Array;
  channels: 3;
}

export async function loadRgb(file: string): Promise<Rgb> {
  const { data, info } = await sharp(path.join(FIXTURES, file))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 };
}

export async function fromSharp(pipeline: Sharp): Promise<Rgb> {
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 };
}

export function toSharp(img: Rgb): Sharp {
  return sharp(Buffer.from(img.data), {
    raw: { width: img.width, height: img.height, channels: 3 },
  });
}

/**
 * The camera's 1280 × 720 capture of a square portrait `face`: `scale` of the frame's height, at
 * `left` (centred by default), on a grey wall, saved as the camera view saves it (JPEG q92, decision 172).
 */
export async function cameraCapture(face: Rgb, scale = 1, left?: number): Promise<Sharp> {
  const side = Math.round(720 * scale);
  const portrait = await toSharp(face).resize(side, side).png().toBuffer();
  const x = left ?? Math.round((1280 - side) / 2);
  const buf = await sharp({
    create: { width: 1280, height: 720, channels: 3, background: { r: 150, g: 146, b: 140 } },
  })
    .composite([{ input: portrait, left: x, top: Math.round((720 - side) / 2) }])
    .jpeg({ quality: 92 })
    .toBuffer();
  return sharp(buf);
}

/** A JPEG save at `quality`, decoded (jpegEncoded without the headers' reading). */
export async function jpeg(img: Rgb, quality: number): Promise<Rgb> {
  return (await jpegEncoded(img, quality)).image;
}

/**
 * A JPEG save (a quality, or sharp's options) decoded, with what its headers say of how it stored
 * the colour.
 */
export async function jpegEncoded(
  img: Rgb,
  options: number | JpegOptions,
): Promise<{ image: Rgb; encoding: ImageEncoding | null }> {
  const bytes = await toSharp(img)
    .jpeg(typeof options === 'number' ? { quality: options } : options)
    .toBuffer();
  return { image: await fromSharp(sharp(bytes)), encoding: jpegEncoding(bytes) };
}

export async function resize(img: Rgb, factor: number): Promise<Rgb> {
  return fromSharp(
    toSharp(img).resize(Math.round(img.width * factor), Math.round(img.height * factor), {
      kernel: 'lanczos3',
    }),
  );
}

export function brightness(img: Rgb, factor: number): Rgb {
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i++)
    data[i] = Math.max(0, Math.min(255, Math.round((img.data[i] ?? 0) * factor)));
  return { ...img, data };
}

/** A camera exposure change: linear light × factor (clipped), back to sRGB. */
export function exposure(img: Rgb, factor: number): Rgb {
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) {
    const c = v / 255;
    const lin = Math.min(1, (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4) * factor);
    lut[v] = Math.round(255 * (lin <= 0.0031308 ? 12.92 * lin : 1.055 * lin ** (1 / 2.4) - 0.055));
  }
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i++) data[i] = lut[img.data[i] ?? 0] ?? 0;
  return { ...img, data };
}

/** A colour cast: per-channel gains in linear light (another white balance). */
/** A black and white copy: every pixel's channels set to its Rec.601 luma. */
export function monochrome(img: Rgb): Rgb {
  const data = new Uint8Array(img.data.length);
  for (let p = 0; p < data.length; p += 3) {
    const y = Math.round(
      0.299 * (img.data[p] as number) +
        0.587 * (img.data[p + 1] as number) +
        0.114 * (img.data[p + 2] as number),
    );
    data[p] = data[p + 1] = data[p + 2] = y;
  }
  return { ...img, data };
}

export function cast(img: Rgb, gains: [number, number, number]): Rgb {
  const luts = gains.map((g) => {
    const lut = new Uint8Array(256);
    for (let v = 0; v < 256; v++) {
      const c = v / 255;
      const lin = Math.min(1, (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4) * g);
      lut[v] = Math.round(
        255 * (lin <= 0.0031308 ? 12.92 * lin : 1.055 * lin ** (1 / 2.4) - 0.055),
      );
    }
    return lut;
  });
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i++) data[i] = luts[i % 3]?.[img.data[i] ?? 0] ?? 0;
  return { ...img, data };
}

export function ok(outcome: AnalyzeOutcome): AnalysisResult {
  if (!outcome.ok) throw new Error(`expected an analysis, got ${outcome.code}`);
  return outcome;
}

type Poly = Array<[number, number]>;

export function regionPolygon(result: AnalysisResult, region: RegionKey, index = 0): Poly {
  const p = result.regions.find((r) => r.region === region)?.polygons[index];
  if (!p) throw new Error(`no outline for ${region}`);
  return p as Poly;
}

export function inside(poly: Poly, x: number, y: number): boolean {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i] as [number, number];
    const [xj, yj] = poly[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

/** Points on a grid inside a polygon, at least `margin` px from its edge (checked on a ring). */
export function gridPoints(poly: Poly, spacing: number, margin: number): Array<[number, number]> {
  const xs = poly.map((p) => p[0]);
  const ys = poly.map((p) => p[1]);
  const out: Array<[number, number]> = [];
  for (let y = Math.min(...ys); y <= Math.max(...ys); y += spacing) {
    for (let x = Math.min(...xs); x <= Math.max(...xs); x += spacing) {
      let ok = inside(poly, x, y);
      for (let k = 0; k < 8 && ok; k++)
        ok = inside(
          poly,
          x + margin * Math.cos((k * Math.PI) / 4),
          y + margin * Math.sin((k * Math.PI) / 4),
        );
      if (ok) out.push([Math.round(x), Math.round(y)]);
    }
  }
  return out;
}

/** Blends a colour into a soft disc (alpha falls off smoothly to the radius). */
export function paintDisc(
  img: Rgb,
  cx: number,
  cy: number,
  radius: number,
  color: [number, number, number],
  alpha: number,
): void {
  const r = Math.ceil(radius + 1);
  for (let y = cy - r; y <= cy + r; y++) {
    for (let x = cx - r; x <= cx + r; x++) {
      if (x < 0 || y < 0 || x >= img.width || y >= img.height) continue;
      const d = Math.hypot(x - cx, y - cy) / radius;
      if (d >= 1) continue;
      const a = alpha * (1 - d * d);
      const p = (y * img.width + x) * 3;
      for (let c = 0; c < 3; c++)
        img.data[p + c] = Math.round((img.data[p + c] ?? 0) * (1 - a) + color[c]! * a);
    }
  }
}

export function clone(img: Rgb): Rgb {
  return { ...img, data: img.data.slice() };
}

/** Calls `fn` with the byte offset of every pixel whose centre is inside one of the polygons. */
export function forEachInside(img: Rgb, polys: Poly[], fn: (p: number) => void): void {
  for (const poly of polys) {
    const xs = poly.map((p) => p[0]);
    const ys = poly.map((p) => p[1]);
    for (
      let y = Math.max(0, Math.floor(Math.min(...ys)));
      y <= Math.min(img.height - 1, Math.ceil(Math.max(...ys)));
      y++
    ) {
      for (
        let x = Math.max(0, Math.floor(Math.min(...xs)));
        x <= Math.min(img.width - 1, Math.ceil(Math.max(...xs)));
        x++
      ) {
        if (inside(poly, x + 0.5, y + 0.5)) fn((y * img.width + x) * 3);
      }
    }
  }
}

/** Box-blurs the image (3 passes ≈ Gaussian) and keeps the blurred pixels inside the polygons only. */
export function blurInside(img: Rgb, polys: Poly[], radius: number): Rgb {
  let cur = img.data;
  const { width, height } = img;
  for (let pass = 0; pass < 3; pass++) {
    const next = new Uint8Array(cur.length);
    const tmp = new Float32Array(cur.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        for (let c = 0; c < 3; c++) {
          let s = 0;
          for (let k = -radius; k <= radius; k++)
            s += cur[(y * width + Math.min(width - 1, Math.max(0, x + k))) * 3 + c] ?? 0;
          tmp[(y * width + x) * 3 + c] = s / (2 * radius + 1);
        }
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        for (let c = 0; c < 3; c++) {
          let s = 0;
          for (let k = -radius; k <= radius; k++)
            s += tmp[(Math.min(height - 1, Math.max(0, y + k)) * width + x) * 3 + c] ?? 0;
          next[(y * width + x) * 3 + c] = Math.round(s / (2 * radius + 1));
        }
    cur = next;
  }
  const out = clone(img);
  const blurred = cur;
  forEachInside(out, polys, (p) => {
    out.data[p] = blurred[p] ?? 0;
    out.data[p + 1] = blurred[p + 1] ?? 0;
    out.data[p + 2] = blurred[p + 2] ?? 0;
  });
  return out;
}

function distanceToEdges(poly: Poly, x: number, y: number): number {
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [x1, y1] = poly[j] as [number, number];
    const [x2, y2] = poly[i] as [number, number];
    const dx = x2 - x1;
    const dy = y2 - y1;
    const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot(x - x1 - t * dx, y - y1 - t * dy));
  }
  return best;
}

/** Like mapInside, but the change fades in over `feather` px from the edge (no hard borders). */
export function blendInside(
  img: Rgb,
  polys: Poly[],
  feather: number,
  fn: (r: number, g: number, b: number) => [number, number, number],
): void {
  for (const poly of polys) {
    forEachInside(img, [poly], (p) => {
      const x = (p / 3) % img.width;
      const y = Math.floor(p / 3 / img.width);
      const w = Math.min(1, distanceToEdges(poly, x + 0.5, y + 0.5) / feather);
      const src: [number, number, number] = [
        img.data[p] ?? 0,
        img.data[p + 1] ?? 0,
        img.data[p + 2] ?? 0,
      ];
      const dst = fn(...src);
      for (let c = 0; c < 3; c++)
        img.data[p + c] = Math.max(0, Math.min(255, Math.round(src[c]! * (1 - w) + dst[c]! * w)));
    });
  }
}

/** Grid points whose pixel looks like skin (bright enough: not hair or brows). */
export function skinPoints(
  img: Rgb,
  points: Array<[number, number]>,
  minSum = 450,
): Array<[number, number]> {
  return points.filter(([x, y]) => {
    const p = (y * img.width + x) * 3;
    return (img.data[p] ?? 0) + (img.data[p + 1] ?? 0) + (img.data[p + 2] ?? 0) >= minSum;
  });
}

/**
 * Re-tints the face (an ellipse around the detector box, feathered) by per-channel factors, e.g.
 * [0.55, 0.42, 0.34] for a brown skin tone, leaving the background and its light unchanged.
 */
export function retintFace(
  img: Rgb,
  box: [number, number, number, number],
  factors: [number, number, number],
): Rgb {
  const out = clone(img);
  const [bx, by, bw, bh] = box;
  const cx = bx + bw / 2;
  const cy = by + bh / 2;
  for (let y = 0; y < out.height; y++) {
    for (let x = 0; x < out.width; x++) {
      const d = ((x - cx) / (bw * 0.62)) ** 2 + ((y - cy) / (bh * 0.75)) ** 2;
      const w = d < 0.8 ? 1 : d < 1 ? (1 - d) / 0.2 : 0;
      if (!w) continue;
      const p = (y * out.width + x) * 3;
      for (let c = 0; c < 3; c++)
        out.data[p + c] = Math.round((out.data[p + c] ?? 0) * (1 - w + w * factors[c]!));
    }
  }
  return out;
}

const toLinear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const toSrgb = (l: number) => {
  const c = Math.max(0, Math.min(1, l));
  return Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
};

/**
 * Changes the pixels inside the polygons in linear light: `fn` gets the linear RGB and the
 * pixel's position and returns the new linear RGB (how skin colour changes physically).
 */
export function inLinearLight(
  img: Rgb,
  polys: Poly[],
  fn: (rgb: [number, number, number], x: number, y: number) => [number, number, number],
): Rgb {
  const out = clone(img);
  forEachInside(out, polys, (p) => {
    const x = (p / 3) % img.width;
    const y = Math.floor(p / 3 / img.width);
    const rgb = fn(
      [toLinear(img.data[p] ?? 0), toLinear(img.data[p + 1] ?? 0), toLinear(img.data[p + 2] ?? 0)],
      x,
      y,
    );
    for (let c = 0; c < 3; c++) out.data[p + c] = toSrgb(rgb[c] as number);
  });
  return out;
}

/**
 * The engine, the reference portrait and its comprehensive analysis: where the mechanism tests
 * start from (`const { analyze, face, baseline } = await referencePortrait();`).
 */
export async function referencePortrait() {
  const engine = await createSkinEngine();
  /** `encoding`: how the JPEG the pixels came from stored its colour (decision 171). */
  const analyze = async (image: Rgb, encoding?: ImageEncoding | null) =>
    ok(
      await engine.analyze({
        image,
        analysisType: 'comprehensive',
        ...(encoding ? { encoding } : {}),
      }),
    );
  const face = await loadRgb('astronaut-face.jpg');
  return { analyze, face, baseline: await analyze(face) };
}

/** Relative optical densities (R, G, B) of haemoglobin and melanin, for painting lesions. */
export const HB: [number, number, number] = [0.12, 1, 0.75];
export const MEL: [number, number, number] = [1, 1.35, 1.9];

/** sRGB 0–255 to linear light (the exact curve, for painting in linear light). */
export const srgbToLinear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
/** Linear light to sRGB 0–255, clamped and rounded. */
export const linearToSrgb = (l: number) => {
  const c = Math.max(0, Math.min(1, l));
  return Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
};

/** Paints a dome-shaped absorber of optical density `od` (per channel) and radius r px. */
export function paintAbsorber(
  img: Rgb,
  cx: number,
  cy: number,
  r: number,
  od: [number, number, number],
): void {
  const R = Math.ceil(r);
  for (let y = cy - R; y <= cy + R; y++)
    for (let x = cx - R; x <= cx + R; x++) {
      const d = Math.hypot(x - cx, y - cy) / r;
      if (d >= 1) continue;
      const p = (1 - d * d) ** 0.7;
      const i = (y * img.width + x) * 3;
      for (let c = 0; c < 3; c++)
        img.data[i + c] = linearToSrgb(srgbToLinear(img.data[i + c] ?? 0) * Math.exp(-p * od[c]!));
    }
}

/** Shading of a dome lit from above: its upper side up to 5 % lighter, its lower up to 6 % darker. */
export function shadeDome(img: Rgb, cx: number, cy: number, r: number): void {
  const R = Math.ceil(2 * r);
  for (let y = cy - R; y <= cy + R; y++)
    for (let x = cx - R; x <= cx + R; x++) {
      const dx = x - cx;
      const dy = y - cy;
      const g = (-dy / r) * Math.exp(-(dx * dx + dy * dy) / (r * r)) * Math.sqrt(2 * Math.E);
      const s = g > 0 ? 0.05 * Math.min(1, g) : 0.06 * Math.max(-1, g);
      const i = (y * img.width + x) * 3;
      for (let c = 0; c < 3; c++)
        img.data[i + c] = linearToSrgb(srgbToLinear(img.data[i + c] ?? 0) * (1 + s));
    }
}

import path from 'node:path';
import sharp from 'sharp';
import { serverRoot } from '../../paths';

/**
 * The demo's photos: the public-domain NASA portrait the engine's tests use
 * (packages/skin-engine/test/fixtures/SOURCE.md), with synthetic blemishes that fade scan by scan
 * and small changes of light. Nothing from /work/shared/fixtures/dev-faces is used or shipped.
 */
export const DEMO_PHOTO = path.resolve(
  serverRoot,
  '../../packages/skin-engine/test/fixtures/astronaut-face.jpg',
);

export interface Rgb {
  data: Uint8Array;
  width: number;
  height: number;
}

type Poly = ReadonlyArray<readonly [number, number]>;

export async function loadDemoPhoto(): Promise<Rgb> {
  const { data, info } = await sharp(DEMO_PHOTO)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

function inside(poly: Poly, x: number, y: number): boolean {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

/**
 * Places for blemishes: a grid inside the given skin regions' outlines (from the engine's look at
 * the clean photo), at least 6 px from their edges, in a fixed shuffled order so that each later
 * scan keeps a subset of the earlier scan's spots (they fade rather than move).
 */
export function blemishSites(polygons: Poly[], spacing = 11, margin = 6): Array<[number, number]> {
  const sites: Array<[number, number]> = [];
  for (const poly of polygons) {
    const xs = poly.map((p) => p[0]);
    const ys = poly.map((p) => p[1]);
    for (let y = Math.min(...ys); y <= Math.max(...ys); y += spacing) {
      for (let x = Math.min(...xs); x <= Math.max(...xs); x += spacing) {
        let ok = inside(poly, x, y);
        for (let k = 0; k < 8 && ok; k++) {
          const a = (k * Math.PI) / 4;
          ok = inside(poly, x + margin * Math.cos(a), y + margin * Math.sin(a));
        }
        if (ok) sites.push([Math.round(x), Math.round(y)]);
      }
    }
  }
  return sites
    .map((site, i) => ({ site, key: (i * 7919) % 997 }))
    .sort((a, b) => a.key - b.key)
    .map((s) => s.site);
}

/**
 * One synthetic variant: `spots` red-brown blemishes (soft discs of 3.4 px) at the first sites,
 * a warm flush of strength `flush` (0–1), and the light scaled by `light`.
 */
export function demoVariant(
  photo: Rgb,
  sites: ReadonlyArray<readonly [number, number]>,
  options: { spots: number; flush: number; light: number },
): Rgb {
  const { width, height } = photo;
  const data = new Uint8Array(photo.data);
  const colour = [160, 70, 60] as const;
  const radius = 3.4;
  for (const [cx, cy] of sites.slice(0, options.spots)) {
    for (let y = Math.floor(cy - radius); y <= cy + radius; y++) {
      for (let x = Math.floor(cx - radius); x <= cx + radius; x++) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const d = Math.hypot(x - cx, y - cy) / radius;
        if (d >= 1) continue;
        const a = 0.75 * (1 - d * d);
        const p = (y * width + x) * 3;
        for (let c = 0; c < 3; c++)
          data[p + c] = Math.round(data[p + c]! * (1 - a) + colour[c]! * a);
      }
    }
  }
  const gains = [
    options.light * (1 + 0.04 * options.flush),
    options.light * (1 - 0.03 * options.flush),
    options.light * (1 - 0.02 * options.flush),
  ] as const;
  for (let p = 0; p < data.length; p += 3) {
    for (let c = 0; c < 3; c++) data[p + c] = Math.min(255, Math.round(data[p + c]! * gains[c]!));
  }
  return { data, width, height };
}

export function toJpeg(image: Rgb): Promise<Buffer> {
  return sharp(Buffer.from(image.data), {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

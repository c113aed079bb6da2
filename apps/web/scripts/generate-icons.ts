/**
 * Draws the Lumiskin mark (a glowing drop with a sparkle on a violet tile) and writes the favicon
 * and the PWA / home-screen PNGs into public/. Run after changing the logo:
 *   npx tsx scripts/generate-icons.ts
 * The PNGs are committed, so builds need no image tooling.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');

interface MarkOptions {
  /** Corner radius of the tile in a 100-unit box; 0 gives a full-bleed square (maskable). */
  radius: number;
  /** Scale of the drop inside the tile: maskable icons keep it inside the 80 % safe zone. */
  scale: number;
}

export function logoSvg({ radius, scale }: MarkOptions): string {
  const t = (1 - scale) * 50;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="512" height="512">
  <defs>
    <linearGradient id="tile" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#a78bfa"/>
      <stop offset="0.55" stop-color="#8b5cf6"/>
      <stop offset="1" stop-color="#6d28d9"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.62" r="0.5">
      <stop offset="0" stop-color="#ffe4d6" stop-opacity="0.9"/>
      <stop offset="1" stop-color="#ffe4d6" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="drop" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="1" stop-color="#fde7dc"/>
    </linearGradient>
  </defs>
  <rect width="100" height="100" rx="${radius}" fill="url(#tile)"/>
  <g transform="translate(${t} ${t}) scale(${scale})">
    <circle cx="50" cy="60" r="34" fill="url(#glow)"/>
    <path d="M50 17C50 17 27 43.5 27 60.5a23 23 0 0 0 46 0C73 43.5 50 17 50 17Z" fill="url(#drop)"/>
    <path d="M38.5 58.5c0 7.5 4.8 12.8 11 14.2" fill="none" stroke="#c4b5fd" stroke-width="4" stroke-linecap="round"/>
    <path d="M75 18.5c.9 4.6 2.4 6.1 7 7-4.6.9-6.1 2.4-7 7-.9-4.6-2.4-6.1-7-7 4.6-.9 6.1-2.4 7-7Z" fill="#fdba9a"/>
  </g>
</svg>
`;
}

async function png(svg: string, size: number, file: string) {
  await sharp(Buffer.from(svg))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, file));
}

const rounded = logoSvg({ radius: 22, scale: 1 });
const fullBleed = logoSvg({ radius: 0, scale: 0.78 });
const appleTile = logoSvg({ radius: 0, scale: 0.9 });

await writeFile(path.join(publicDir, 'favicon.svg'), rounded);
await png(rounded, 64, 'pwa-64x64.png');
await png(rounded, 192, 'pwa-192x192.png');
await png(rounded, 512, 'pwa-512x512.png');
await png(fullBleed, 512, 'maskable-icon-512x512.png');
await png(appleTile, 180, 'apple-touch-icon-180x180.png');
console.log('icons written to', publicDir);

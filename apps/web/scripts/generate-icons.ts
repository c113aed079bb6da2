/**
 * Draws the Lumiskin mark (a glowing drop with a sparkle on a violet tile) and writes the favicon
 * and the PWA / home-screen PNGs into public/, and the Android app's launcher icons and splash
 * screens into android/app/src/main/res. Run after changing the logo:
 *   npm run icons -w @lumiskin/web
 * The PNGs are committed, so builds need no image tooling.
 */
import { existsSync } from 'node:fs';
import { readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');

interface MarkOptions {
  /** Corner radius of the tile in a 100-unit box; 0 gives a full-bleed square (maskable). */
  radius: number;
  /** Scale of the drop inside the tile: maskable icons keep it inside the 80 % safe zone. */
  scale: number;
  /** false: the drop alone on transparency (Android's adaptive-icon foreground layer). */
  tile?: boolean;
}

export function logoSvg({ radius, scale, tile = true }: MarkOptions): string {
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
  ${tile ? `<rect width="100" height="100" rx="${radius}" fill="url(#tile)"/>` : ''}
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

// The Android shell (Capacitor): launcher icons per density, and the splash in every size the
// template has, drawn as the mark on the brand violet.
const resDir = path.resolve(publicDir, '../android/app/src/main/res');
if (existsSync(resDir)) {
  const densities = { mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 };
  const round = logoSvg({ radius: 50, scale: 0.9 });
  // Adaptive icons: 108 dp layers, of which the launcher shows the middle 72 (66 dp safe).
  const foreground = logoSvg({ radius: 0, scale: 0.55, tile: false });
  for (const [name, factor] of Object.entries(densities)) {
    const dir = path.join(resDir, `mipmap-${name}`);
    const out = (svg: string, size: number, file: string) =>
      sharp(Buffer.from(svg))
        .resize(size, size)
        .png({ compressionLevel: 9 })
        .toFile(path.join(dir, file));
    await out(rounded, Math.round(48 * factor), 'ic_launcher.png');
    await out(round, Math.round(48 * factor), 'ic_launcher_round.png');
    await out(foreground, Math.round(108 * factor), 'ic_launcher_foreground.png');
  }
  await writeFile(
    path.join(resDir, 'values/ic_launcher_background.xml'),
    '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <color name="ic_launcher_background">#8b5cf6</color>\n</resources>\n',
  );
  const splashDirs = (await readdir(resDir)).filter((d) => /^drawable(-(port|land)-\w+)?$/.test(d));
  const mark = Buffer.from(logoSvg({ radius: 0, scale: 1, tile: false }));
  for (const dir of splashDirs) {
    const file = path.join(resDir, dir, 'splash.png');
    if (!existsSync(file)) continue;
    const { width = 480, height = 320 } = await sharp(file).metadata();
    const side = Math.round(Math.min(width, height) * 0.4);
    await sharp({
      create: { width, height, channels: 4, background: '#8b5cf6' },
    })
      .composite([
        { input: await sharp(mark).resize(side, side).png().toBuffer(), gravity: 'centre' },
      ])
      .png({ compressionLevel: 9 })
      .toFile(`${file}.tmp`);
    await rename(`${file}.tmp`, file);
  }
  console.log('Android icons and splash written to', resDir);
}

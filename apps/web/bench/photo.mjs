import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * The benches' photo: BENCH_PHOTO, else the first dev-faces portrait when this machine has them
 * (never in the repo), else the repo's public-domain test portrait.
 * @param {string} repoRoot
 */
export function benchPhoto(repoRoot) {
  if (process.env.BENCH_PHOTO) return process.env.BENCH_PHOTO;
  const dev = '/work/shared/fixtures/dev-faces/canada';
  if (fs.existsSync(dev)) {
    const first = fs
      .readdirSync(dev)
      .filter((f) => /\.(jpe?g|png)$/i.test(f))
      .sort()[0];
    if (first) return path.join(dev, first);
  }
  return path.join(repoRoot, 'packages/skin-engine/test/fixtures/astronaut-face.jpg');
}

/**
 * The benches' photo as an upload would send it (at most 1600 px on its long side, JPEG q90) and
 * its decoded RGB pixels, for the engine's own input.
 * @param {string} repoRoot
 */
export async function benchPhotoPixels(repoRoot) {
  const jpeg = await sharp(benchPhoto(repoRoot))
    .rotate()
    .resize(1600, 1600, { fit: 'inside' })
    .jpeg({ quality: 90 })
    .toBuffer();
  const { data, info } = await sharp(jpeg)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { jpeg, pixels: data, size: { width: info.width, height: info.height } };
}

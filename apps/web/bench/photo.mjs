import fs from 'node:fs';
import path from 'node:path';

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

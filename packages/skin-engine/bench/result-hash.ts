/**
 * Bit-identity check (decision 138): every result field but the timings, hashed per photo, for a
 * list of photos (RESULT_HASH_PHOTOS, or the test portrait and the first dev faces of each folder,
 * RESULT_HASH_N per folder, 6 by default), each analysed twice by one engine (the second reuses
 * the pooled buffers). Run it before and after a speed change: every line must match.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createSkinEngine } from '../src/node';
import { devFacesDir } from './dev-faces';

const here = path.dirname(fileURLToPath(import.meta.url));
const N = Number(process.env.RESULT_HASH_N ?? 6);

function photos(): string[] {
  if (process.env.RESULT_HASH_PHOTOS) return process.env.RESULT_HASH_PHOTOS.split(',');
  const list = [path.join(here, '../test/fixtures/astronaut-face.jpg')];
  const dir = devFacesDir();
  if (dir)
    for (const folder of readdirSync(dir, { withFileTypes: true }))
      if (folder.isDirectory())
        list.push(
          ...readdirSync(path.join(dir, folder.name))
            .filter((f) => /\.(jpe?g|png)$/i.test(f))
            .sort()
            .slice(0, N)
            .map((f) => path.join(dir, folder.name, f)),
        );
  return list;
}

const engine = await createSkinEngine();
for (const file of photos()) {
  const { data, info } = await sharp(file)
    .rotate()
    .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = {
    data: new Uint8Array(data),
    width: info.width,
    height: info.height,
    channels: 3 as const,
  };
  const hashes = [];
  for (let run = 0; run < 2; run++) {
    const outcome = await engine.analyze({
      image: { ...image, data: image.data.slice() },
      analysisType: 'comprehensive',
    });
    const { timings_ms: _t, ...rest } = outcome as { timings_ms?: unknown };
    hashes.push(createHash('sha256').update(JSON.stringify(rest)).digest('hex').slice(0, 16));
  }
  console.log(`${path.basename(path.dirname(file))}/${path.basename(file)} ${hashes.join(' ')}`);
}

// @ts-check
/**
 * Bit-identity of the on-device engine between builds of the web app (decision 140; the browser's
 * counterpart of packages/skin-engine/bench/result-hash.ts): the same photos, as the same raw
 * pixels (sharp: long side 1600 px, as the server analyses them), analysed twice by each build's
 * engine in Chromium (no throttle); every result field but the timings hashed. Every line must
 * read the same hashes for every build.
 *
 *   BENCH_DISTS=before=/tmp/dist-a,after=apps/web/dist npm run bench:browser-result-hash -w @lumiskin/web
 *
 * Photos: RESULT_HASH_PHOTOS (comma-separated), else the test portrait and the first
 * RESULT_HASH_N (3) dev faces of each folder when this machine has them.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { startServer } from './server.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webRoot, '../..');
const N = Number(process.env.RESULT_HASH_N ?? 3);
const DEV_FACES = '/work/shared/fixtures/dev-faces';

function photos() {
  if (process.env.RESULT_HASH_PHOTOS) return process.env.RESULT_HASH_PHOTOS.split(',');
  const list = [path.join(repoRoot, 'packages/skin-engine/test/fixtures/astronaut-face.jpg')];
  if (fs.existsSync(DEV_FACES))
    for (const folder of fs.readdirSync(DEV_FACES, { withFileTypes: true }))
      if (folder.isDirectory())
        list.push(
          ...fs
            .readdirSync(path.join(DEV_FACES, folder.name))
            .filter((f) => /\.(jpe?g|png)$/i.test(f))
            .sort()
            .slice(0, N)
            .map((f) => path.join(DEV_FACES, folder.name, f)),
        );
  return list;
}

function builds() {
  const spec = process.env.BENCH_DISTS ?? `this=${path.join(webRoot, 'dist')}`;
  return spec.split(',').map((entry) => {
    const [label, dir] = entry.split('=');
    if (!label || !dir) throw new Error(`BENCH_DISTS entry "${entry}" is not label=dir`);
    return { label, dir: path.resolve(dir) };
  });
}

/** In the page: the engine (loaded once), the photo's pixels analysed twice, the outcomes. */
async function analyseTwice({ url, b64, width, height }) {
  const module = await import(url);
  const engine = await module.getDeviceEngine();
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const outcomes = [];
  for (let run = 0; run < 2; run++) {
    const image = { data: bytes.slice(), width, height, channels: 3 };
    const { timings_ms: _t, ...rest } = await engine.analyse({
      image,
      analysisType: 'comprehensive',
    });
    outcomes.push(JSON.stringify(rest));
  }
  return outcomes;
}

async function main() {
  const list = photos();
  const launched = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  /** @type {Map<string, string[]>} */
  const lines = new Map();
  try {
    for (const build of builds()) {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(build.dir, '.vite/manifest.json'), 'utf8'),
      );
      const client = `/${manifest['src/features/scan/engine/client.ts'].file}`;
      const server = await startServer({ webDist: build.dir });
      const context = await launched.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${server.url}/scan`, { waitUntil: 'networkidle' });
        for (const file of list) {
          const { data, info } = await sharp(file)
            .rotate()
            .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
            .removeAlpha()
            .raw()
            .toBuffer({ resolveWithObject: true });
          const outcomes = await page.evaluate(analyseTwice, {
            url: client,
            b64: data.toString('base64'),
            width: info.width,
            height: info.height,
          });
          const hashes = outcomes.map((o) =>
            createHash('sha256').update(o).digest('hex').slice(0, 16),
          );
          const key = `${path.basename(path.dirname(file))}/${path.basename(file)}`;
          lines.set(key, [...(lines.get(key) ?? []), `${build.label} ${hashes.join(' ')}`]);
          console.log(`${key} ${build.label} ${hashes.join(' ')}`);
        }
      } finally {
        await context.close();
        await server.stop();
      }
    }
  } finally {
    await launched.close();
  }
  let differ = 0;
  for (const [key, hashes] of lines) {
    const set = new Set(hashes.map((h) => h.split(' ').slice(1).join(' ')));
    if (set.size > 1) differ++;
    console.log(`${set.size === 1 ? 'same' : 'DIFFERENT'} ${key}`);
  }
  console.log(`${lines.size - differ} of ${lines.size} photos hash the same in every build`);
  if (differ > 0) process.exitCode = 1;
}

await main();

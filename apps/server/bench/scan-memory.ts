// `npm run bench:scan-memory -w @lumiskin/server`: the server's peak resident memory while N
// uploads of worst-case photos arrive at once (issue 30): each a multi-angle scan of three photos,
// sent in parallel through the real API with the settings `npm start` uses (scan workers, queue,
// load shedding). Rows: 49 MP PNGs (the issue's case), 49 MP JPEGs (the most pixels accepted,
// decoded with shrink-on-load), 4096 × 4096 PNGs (the most pixels decoded in full by sharp), and
// HEICs of 12 and 24 MP (decoded in full by libheif, decision 178; made with Debian's `heif-enc`,
// `apt-get install libheif-examples`, when it is installed: sharp has no HEVC encoder).
// Prints the RSS before (engine loaded in its threads), the peak, the growth and the answers.
// BENCH_UPLOADS (default 6), BENCH_SIDE (default 7000) and BENCH_ROWS tune it. A benchmark, not a test.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { appConfigFromEnv, parseEnv } from '../src/config';
import { recordConsent } from '../src/modules/analysis/repository';
import { productsSeeder } from '../src/modules/shop/seed';
import { buildBenchApp, createBenchUser, withBenchPostgres } from './support';

const run = promisify(execFile);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 6);
const SIDE = Number(process.env.BENCH_SIDE ?? 7000);
const MB = 1024 * 1024;
const FIXTURE = path.join(
  import.meta.dirname,
  '../src/modules/analysis/test-fixtures/astronaut-face.jpg',
);

type Format = 'png' | 'jpeg' | 'heic';

/** A HEIC from the worst-case canvas, through `heif-enc`; null when it is not installed. */
async function worstCaseHeic(side: [number, number], seed: number): Promise<Buffer | null> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-heic-'));
  try {
    const png = path.join(dir, 'in.png');
    const out = path.join(dir, 'out.heic');
    const square = await worstCase('png', Math.max(...side), seed);
    await sharp(square).resize(side[0], side[1], { fit: 'fill' }).png().toFile(png);
    await run('heif-enc', ['-q', '35', png, '-o', out]);
    return fs.readFileSync(out);
  } catch {
    return null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// A canvas of `side` × `side`: a soft colour with a faint texture (as a scan or screenshot might
// give), which compresses to well under the 10 MB a photo may weigh.
async function worstCase(format: Format, side: number, seed: number): Promise<Buffer> {
  const tile = await sharp({
    create: {
      width: 64,
      height: 64,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 6 },
    },
  })
    .png()
    .toBuffer();
  const canvas = sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: { r: 200, g: 170 + seed, b: 150 },
    },
  }).composite([{ input: tile, tile: true, blend: 'soft-light' }]);
  return (
    format === 'png' ? canvas.png({ compressionLevel: 9 }) : canvas.jpeg({ quality: 85 })
  ).toBuffer();
}

/**
 * The N parallel uploads, sent by a child process: the bodies a client holds must not count in
 * the server's resident memory (they would, sent from this process).
 */
async function uploadFromAnotherProcess(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<Array<{ status: number; code: string; ms: number }>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-scan-memory-'));
  const file = path.join(dir, 'body.json');
  fs.writeFileSync(file, body);
  const client = `
    const fs = require('node:fs');
    const body = fs.readFileSync(${JSON.stringify(file)}, 'utf8');
    Promise.all(Array.from({ length: ${UPLOADS} }, async () => {
      const t = performance.now();
      const res = await fetch(${JSON.stringify(url)}, { method: 'POST', headers: ${JSON.stringify(headers)}, body });
      const json = await res.json();
      return { status: res.status, code: json.reason ?? json.code ?? '', ms: performance.now() - t };
    })).then((r) => process.stdout.write(JSON.stringify(r)));`;
  try {
    const { stdout } = await run(process.execPath, ['-e', client], { maxBuffer: 1 << 20 });
    return JSON.parse(stdout) as Array<{ status: number; code: string; ms: number }>;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const env = parseEnv({ ...process.env, SCAN_RATE_LIMIT_PER_HOUR: '100000' });
const defaults = appConfigFromEnv(env, 'bench');

await withBenchPostgres('scan-memory', async (pg) => {
  const app = await buildBenchApp(pg, 'bench', {
    analysis: defaults.analysis,
    underPressure: defaults.underPressure,
    requestTimeoutMs: 120_000,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  await productsSeeder.run(app.db, () => {});
  const user = await createBenchUser(app);
  await recordConsent(app.db, user.userId, 'bench');
  const headers = { ...user.headers, 'content-type': 'application/json' };
  const scan = (body: string) =>
    fetch(`${base}/api/analysis/scan`, { method: 'POST', headers, body }).then(async (res) => ({
      status: res.status,
      json: (await res.json()) as { code?: string; reason?: string },
    }));

  // Warm up: as many real scans at once as there are scan workers, so every worker thread has
  // loaded the engine (its ~100 MB is the baseline, not the growth).
  const face = await sharp(FIXTURE).resize(720, 720).jpeg({ quality: 85 }).toBuffer();
  const threads = defaults.analysis?.workers.max ?? 1;
  for (let round = 0; round < 2; round++) {
    const warm = await Promise.all(
      Array.from({ length: threads }, () =>
        scan(
          JSON.stringify({
            image_data: `data:image/jpeg;base64,${face.toString('base64')}`,
            location: 'London, UK',
          }),
        ),
      ),
    );
    if (warm.some((w) => w.status !== 201)) throw new Error('a warm-up scan failed');
  }

  console.log(
    `scan memory bench: ${UPLOADS} parallel uploads × 3 photos each; ` +
      `${defaults.analysis?.workers.max} scan workers, queue ${defaults.analysis?.workers.maxQueue}, ` +
      `RSS ceiling ${Math.round((defaults.underPressure?.maxRssBytes ?? 0) / MB)} MB, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const rows: Array<{ label: string; format: Format; side: number | [number, number] }> = [
    { label: `PNG ${SIDE}×${SIDE} (issue 30's worst case)`, format: 'png', side: SIDE },
    { label: `JPEG ${SIDE}×${SIDE} (largest accepted JPEG)`, format: 'jpeg', side: SIDE },
    { label: 'PNG 4096×4096 (largest accepted PNG)', format: 'png', side: 4096 },
    { label: 'HEIC 4032×3024 (a 12 MP iPhone photo)', format: 'heic', side: [4032, 3024] },
    { label: 'HEIC 5712×4284 (a 24 MP iPhone photo)', format: 'heic', side: [5712, 4284] },
  ];
  // BENCH_ROWS=1,3 runs only those rows (each row's memory stays with the allocator afterwards).
  const only = process.env.BENCH_ROWS?.split(',').map(Number);
  for (const [index, row] of rows.entries()) {
    if (only && !only.includes(index + 1)) continue;
    const { format, side } = row;
    const made = await Promise.all(
      [0, 1, 2].map((seed) =>
        format === 'heic'
          ? worstCaseHeic(side as [number, number], seed)
          : worstCase(format, side as number, seed),
      ),
    );
    if (made.some((p) => p === null)) {
      console.log(`\n${row.label}: not run (heif-enc is not installed)`);
      continue;
    }
    const photos = made as Buffer[];
    const dataUrl = (bytes: Buffer) =>
      `data:image/${row.format};base64,${bytes.toString('base64')}`;
    const body = JSON.stringify({
      image_data: dataUrl(photos[0]!),
      images: [
        { image_data: dataUrl(photos[1]!), angle: 'left' },
        { image_data: dataUrl(photos[2]!), angle: 'right' },
      ],
      location: 'London, UK',
      analysis_type: 'comprehensive',
    });
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const started = performance.now();
    const results = await uploadFromAnotherProcess(`${base}/api/analysis/scan`, headers, body);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    const tally = new Map<string, number>();
    for (const r of results) {
      const key = `${r.status}${r.code ? ` ${r.code}` : ''}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    const kB = Math.round(photos.reduce((n, p) => n + p.length, 0) / 3 / 1024);
    console.log(
      `\n${row.label}, ~${kB} kB each: RSS before ${Math.round(before / MB)} MB, peak ` +
        `${Math.round(peak / MB)} MB, growth ${Math.round((peak - before) / MB)} MB (target ≤ 250 MB)`,
    );
    console.log(
      `  answers: ${[...tally].map(([k, n]) => `${n} × ${k}`).join(', ')}; all done in ` +
        `${seconds.toFixed(1)} s (slowest ${Math.max(...results.map((r) => r.ms)).toFixed(0)} ms)`,
    );
  }
  await app.close();
});

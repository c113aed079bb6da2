// `npm run bench:scan -w @lumiskin/server`: scans per second through the real API (HTTP, JSON
// data URL, decode, worker pool, engine, PostgreSQL) with 1, 2 and 4 concurrent clients, p50/p95
// latency, beside the engine's own per-image time and sharp's decode time from the same run.
// BENCH_SCANS (per concurrency, default 12) and SCAN_WORKERS (default 2) tune it.
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { defaultAnalysisConfig } from '../src/modules/analysis/config';
import { prepareImage } from '../src/modules/analysis/image';
import { recordConsent } from '../src/modules/analysis/repository';
import { buildBenchApp, createBenchUser, withBenchPostgres } from './support';

const SCANS = Number(process.env.BENCH_SCANS ?? 12);
const WORKERS = Number(process.env.SCAN_WORKERS ?? 2);
const CONCURRENCY = [1, 2, 4];
const FIXTURE = path.join(
  import.meta.dirname,
  '../src/modules/analysis/test-fixtures/astronaut-face.jpg',
);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

// A camera frame as the scan screen sends it: 1280×720 JPEG at quality 80, face in the middle.
const frame = await sharp(FIXTURE)
  .resize(720, 720)
  .extend({ left: 280, right: 280, background: '#d8d2cc' })
  .jpeg({ quality: 80 })
  .toBuffer();
const body = JSON.stringify({
  image_data: `data:image/jpeg;base64,${frame.toString('base64')}`,
  location: 'London, UK',
});

await withBenchPostgres('scan', async (pg) => {
  const app = await buildBenchApp(pg, 'bench', {
    requestTimeoutMs: 60_000,
    analysis: {
      ...defaultAnalysisConfig,
      workers: { min: WORKERS, max: WORKERS, maxQueue: 64 },
      ratePerHour: 1e9,
    },
  });
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/analysis/scan`;
  const user = await createBenchUser(app);
  await recordConsent(app.db, user.userId, 'bench');
  const headers = { ...user.headers, 'content-type': 'application/json' };

  const engineMs: number[] = [];
  async function scanOnce(): Promise<number> {
    const t = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body });
    const json = (await res.json()) as { timings_ms?: { engine: number }; detail?: string };
    if (res.status !== 201) throw new Error(`scan answered ${res.status}: ${json.detail}`);
    engineMs.push(json.timings_ms?.engine ?? NaN);
    return performance.now() - t;
  }

  // Cold start: the first scan waits for the workers to load the engine.
  const coldStart = performance.now();
  await scanOnce();
  const coldMs = performance.now() - coldStart;
  for (let i = 0; i < WORKERS * 2; i++) await scanOnce(); // warm every worker's JIT
  engineMs.length = 0;

  console.log(
    `scan bench: ${SCANS} scans per row, ${WORKERS} worker threads, ${os.cpus().length} CPUs, Node ${process.version}, 1280×720 JPEG (${(frame.length / 1024).toFixed(0)} kB)`,
  );
  console.log(`cold first scan (engine load in the workers included): ${coldMs.toFixed(0)} ms\n`);
  console.log(
    `${'clients'.padEnd(8)} ${'scans/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'engine p50'.padStart(11)}`,
  );
  for (const clients of CONCURRENCY) {
    engineMs.length = 0;
    const latencies: number[] = [];
    const started = performance.now();
    let left = SCANS;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (left > 0) {
          left--;
          latencies.push(await scanOnce());
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${String(clients).padEnd(8)} ${(SCANS / seconds).toFixed(2).padStart(8)} ${quantile(latencies, 0.5).toFixed(0).padStart(8)} ${quantile(latencies, 0.95).toFixed(0).padStart(8)} ${quantile(engineMs, 0.5).toFixed(0).padStart(11)}`,
    );
  }

  // sharp's decode (header checks, orientation, resize, raw RGB) of the same frame, main thread.
  const decode: number[] = [];
  for (let i = 0; i < 20; i++) decode.push((await prepareImage(frame)).decodeMs);
  console.log(
    `\nsharp decode of the same frame: p50 ${quantile(decode, 0.5).toFixed(1)} ms, p95 ${quantile(decode, 0.95).toFixed(1)} ms`,
  );
  await app.close();
});

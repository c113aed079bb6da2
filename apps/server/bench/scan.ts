// `npm run bench:scan -w @lumiskin/server`: scans per second through the real API (HTTP, JSON
// data URL, decode, worker pool, engine, PostgreSQL) with 1, 2 and 4 concurrent clients, p50/p95
// latency, beside the engine's own per-image time and sharp's decode time from the same run.
// Then SCAN_MODE=queue: the same scans sent to a web server that queues them, done by 1, 2
// and 4 `src/worker.ts` processes (one engine thread each), from the first POST to the last done.
// BENCH_SCANS (per row, default 12), SCAN_WORKERS (inline threads, default 2) and
// BENCH_MODE (inline | queue | both, default both) tune it.
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { defaultAnalysisConfig } from '../src/modules/analysis/config';
import { prepareImage } from '../src/modules/analysis/image';
import { recordConsent } from '../src/modules/analysis/repository';
import { productsSeeder } from '../src/modules/shop/seed';
import { buildBenchApp, createBenchUser, withBenchPostgres, type BenchPostgres } from './support';

const SCANS = Number(process.env.BENCH_SCANS ?? 12);
const WORKERS = Number(process.env.SCAN_WORKERS ?? 2);
const CONCURRENCY = [1, 2, 4];
const WORKER_PROCESSES = [1, 2, 4];
const MODE = process.env.BENCH_MODE ?? 'both';
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
  if (MODE !== 'queue') await benchInline(pg);
  if (MODE !== 'inline') await benchQueue(pg);
});

async function benchInline(pg: BenchPostgres) {
  const app = await buildBenchApp(pg, 'bench', {
    requestTimeoutMs: 60_000,
    analysis: {
      ...defaultAnalysisConfig,
      workers: { min: WORKERS, max: WORKERS, maxQueue: 64 },
      ratePerHour: 1e9,
    },
  });
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/analysis/scan`;
  // The catalogue the interpreter draws the routine from.
  await productsSeeder.run(app.db, () => {});
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
}

/** A `src/worker.ts` process with one engine thread; resolves once it has loaded the engine. */
function startWorker(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: path.join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SCAN_MODE: 'queue',
      SCAN_WORKERS_MIN: '1',
      SCAN_WORKERS_MAX: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.BENCH_DEBUG) process.stderr.write(chunk);
      if (output.includes('[lumiskin worker] ready')) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}):\n${output}`)));
  });
}

async function stopWorker(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Queues `count` scans; resolves when all are done, with the seconds it took and latencies. */
async function queueRound(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  count: number,
) {
  const started = performance.now();
  // Sent two at a time: accepting a scan takes milliseconds next to running it, and a burst of
  // new database connections on a loaded 2-core machine only measures connection set-up.
  const ids: string[] = [];
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      while (ids.length < count) {
        ids.push('');
        const slot = ids.length - 1;
        const res = await fetch(url, { method: 'POST', headers, body });
        const json = (await res.json()) as { job_id?: string; detail?: string };
        if (res.status !== 202 || !json.job_id)
          throw new Error(`scan answered ${res.status}: ${json.detail}`);
        ids[slot] = json.job_id;
      }
    }),
  );
  for (;;) {
    const rows = await app.sql<{ status: string; ms: number; error: unknown }[]>`
      select status, error, extract(epoch from (finished_at - created_at)) * 1000 as ms
      from scan_jobs where id in ${app.sql(ids)}`;
    const failed = rows.find((r) => r.status === 'failed');
    if (failed) throw new Error(`a queued scan failed: ${JSON.stringify(failed.error)}`);
    if (rows.length === count && rows.every((r) => r.status === 'done')) {
      return {
        seconds: (performance.now() - started) / 1000,
        latencies: rows.map((r) => Number(r.ms)),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function benchQueue(pg: BenchPostgres) {
  const app = await buildBenchApp(pg, 'bench_queue', {
    requestTimeoutMs: 60_000,
    analysis: { ...defaultAnalysisConfig, mode: 'queue', ratePerHour: 1e9 },
    jobs: { workInServer: false, maintenanceIntervalS: 30 },
  });
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/analysis/scan`;
  // The catalogue the interpreter draws the routine from.
  await productsSeeder.run(app.db, () => {});
  const user = await createBenchUser(app);
  await recordConsent(app.db, user.userId, 'bench');
  const headers = { ...user.headers, 'content-type': 'application/json' };
  const databaseUrl = pg.url('bench_queue');
  // Open the web server's connections now: on a loaded machine setting one up can take seconds.
  await Promise.all(Array.from({ length: 6 }, () => app.sql`select pg_sleep(0.2)`));

  console.log(
    `\nqueue mode (SCAN_MODE=queue): ${SCANS} scans queued per row, worker processes with one engine thread each, ${os.cpus().length} CPUs`,
  );
  console.log(
    `${'workers'.padEnd(8)} ${'scans/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  (202 → done, queue wait included)`,
  );
  for (const count of WORKER_PROCESSES) {
    const workers = await Promise.all(
      Array.from({ length: count }, () => startWorker(databaseUrl)),
    );
    try {
      await queueRound(app, url, headers, count * 2); // warm every worker's JIT
      const { seconds, latencies } = await queueRound(app, url, headers, SCANS);
      console.log(
        `${String(count).padEnd(8)} ${(SCANS / seconds).toFixed(2).padStart(8)} ${quantile(latencies, 0.5).toFixed(0).padStart(8)} ${quantile(latencies, 0.95).toFixed(0).padStart(8)}`,
      );
    } finally {
      await Promise.all(workers.map(stopWorker));
    }
  }
  await app.close();
}

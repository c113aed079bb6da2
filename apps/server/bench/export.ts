// `npm run bench:export -w @lumiskin/server`: peak memory of GET /api/users/me/export for a user with
// BENCH_PHOTOS scans (default 200) whose photos are 300 KB each, read as a stream and thrown away
// over a real connection (as a browser saving the file would). Prints the time to the first byte
// and the peak rise of V8 heap + external buffers over the idle server, sampled every 5 ms. The
// rise includes garbage not yet collected; what matters is whether it grows with the photos.
// BENCH_STORAGE=s3 keeps the photos in a local S3-compatible server (s3rver) instead of PostgreSQL.
import crypto from 'node:crypto';
import http from 'node:http';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { insertScan } from '../test/scan-factory';
import { buildBenchApp, createBenchUser, withBenchPostgres } from './support';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 200);
const STORAGE = process.env.BENCH_STORAGE === 's3' ? 's3' : 'postgres';
const PHOTO_BYTES = 300 * 1024;
const MB = 1024 * 1024;

await withBenchPostgres('export', async (pg) => {
  const s3: S3TestServer | null = STORAGE === 's3' ? await startS3Server('bench-export') : null;
  const app = await buildBenchApp(pg, 'bench_export', { photoStorage: s3?.config ?? null });
  try {
    const { userId, headers } = await createBenchUser(app);
    for (let i = 0; i < PHOTOS; i++) {
      await insertScan(app.db, userId, {
        photo: crypto.randomBytes(PHOTO_BYTES),
        storage: app.photoStorage,
      });
    }
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const used = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.external;
    };
    global.gc?.();
    const base = used();
    let peak = base;
    const timer = setInterval(() => {
      peak = Math.max(peak, used());
    }, 5);
    const started = performance.now();
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(`${url}/api/users/me/export`, { headers, agent: false }, resolve)
        .on('error', reject);
    });
    const firstByteMs = performance.now() - started;
    let bytes = 0;
    for await (const chunk of res) bytes += (chunk as Buffer).length;
    const totalMs = performance.now() - started;
    clearInterval(timer);
    console.log(
      `${PHOTOS} photos of ${PHOTO_BYTES / 1024} KB in ${STORAGE}: status ${res.statusCode}, ${(bytes / MB).toFixed(1)} MB sent, ` +
        `first byte ${firstByteMs.toFixed(0)} ms, total ${totalMs.toFixed(0)} ms, ` +
        `peak heap+external rise ${((peak - base) / MB).toFixed(1)} MB`,
    );
  } finally {
    await app.close();
    await s3?.close();
  }
});

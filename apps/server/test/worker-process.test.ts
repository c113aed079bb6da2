// `node --import tsx src/worker.ts` with DATABASE_URL, as a separate process: it takes queued
// scans; killed (SIGKILL) in the middle of one, the scan is not lost — another worker finishes it
// once its time limit has passed, storing one analysis; SIGTERM stops a worker cleanly.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ScanJob } from '@lumiskin/contract/scan';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { defaultAnalysisConfig } from '../src/modules/analysis/config';
import { analyses, scanJobs } from '../src/modules/analysis/schema';
import { productsSeeder } from '../src/modules/shop/seed';
import { createUser, type CreatedUser } from './factories';
import { createTestDatabase, testConfig, until } from './helper';

const serverRoot = path.resolve(import.meta.dirname, '..');
const FACE = fs.readFileSync(
  path.join(serverRoot, 'src/modules/analysis/test-fixtures/astronaut-face.jpg'),
);
const SCAN_TIMEOUT_MS = 5000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let web: FastifyInstance;
let ada: CreatedUser;
const workers = new Set<ChildProcess>();

beforeAll(async () => {
  database = await createTestDatabase();
  web = await buildApp({
    ...testConfig,
    databaseUrl: database.url,
    analysis: { ...defaultAnalysisConfig, mode: 'queue', timeoutMs: SCAN_TIMEOUT_MS },
  });
  await productsSeeder.run(web.db, () => {});
  ada = await createUser(web);
  await web.inject({
    method: 'POST',
    url: '/api/analysis/consent',
    headers: ada.headers,
    payload: { accepted: true },
  });
});
afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  await web.close();
  await database.drop();
});

/** A worker process on the test database; resolves once it says it is ready. */
function startWorker(): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: database.url,
      SCAN_MODE: 'queue',
      SCAN_WORKERS_MIN: '1',
      SCAN_WORKERS_MAX: '1',
      SCAN_TIMEOUT_MS: String(SCAN_TIMEOUT_MS),
      JOBS_MAINTENANCE_INTERVAL_S: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.add(child);
  child.on('exit', () => workers.delete(child));
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('[lumiskin worker] ready')) resolve({ child, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`worker exited (${code}):\n${output}`)));
  });
}

const jobOf = async (id: string) =>
  ScanJob.parse(
    (
      await web.inject({
        method: 'GET',
        url: `/api/analysis/jobs/${id}`,
        headers: ada.headers,
      })
    ).json(),
  );

describe('worker processes', { timeout: 240_000 }, () => {
  it('a scan survives its worker being killed mid-job, and is stored once', async () => {
    const first = await startWorker();
    const res = await web.inject({
      method: 'POST',
      url: '/api/analysis/scan',
      headers: ada.headers,
      payload: {
        image_data: `data:image/jpeg;base64,${FACE.toString('base64')}`,
        location: 'London, UK',
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    const { job_id } = ScanJob.parse(res.json());

    await until(
      'the first worker to take the scan',
      async () => (await jobOf(job_id)).status === 'running',
      60_000,
    );
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect((await jobOf(job_id)).status).toBe('running');

    const second = await startWorker();
    const done = await until(
      'the second worker to finish the scan',
      async () => {
        const job = await jobOf(job_id);
        return job.status === 'done' || job.status === 'failed' ? job : null;
      },
      120_000,
    );
    expect(done.status).toBe('done');
    const [stored] = await web.db
      .select({ n: count() })
      .from(analyses)
      .where(eq(analyses.userId, ada.user.id));
    expect(stored?.n).toBe(1);
    const [row] = await web.db.select().from(scanJobs).where(eq(scanJobs.id, job_id));
    expect(row?.attempts).toBe(2);

    // SIGTERM: it stops taking jobs and exits cleanly.
    const exited = new Promise<number | null>((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(second.output()).toContain('[lumiskin worker] stopped');
  });
});

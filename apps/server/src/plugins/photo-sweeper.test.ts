import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../test/factories';
import { buildTestApp, buildTestInstances, until } from '../../test/helper';
import { insertScan } from '../../test/scan-factory';
import { deleteOwnAnalysis } from '../modules/analysis/repository';
import { PHOTO_DELETIONS_JOB, PHOTO_ORPHANS_JOB } from '../modules/analysis/photo-sweeps';

let app: FastifyInstance;
/** The app's clock runs this far ahead of the real one. */
let ahead = 0;
beforeAll(async () => {
  // Photos in PostgreSQL (the default); both sweeps queued every 50 ms by this process (an
  // interval cron cannot say), orphans swept once an hour old.
  app = await buildTestApp({
    photoSweep: { intervalMs: 50, orphanIntervalMs: 50, orphanAgeMs: 60 * 60_000 },
    now: () => new Date(Date.now() + ahead),
  });
  // As a listening server with JOBS_IN_SERVER, or `npm run worker`, does.
  await app.jobs.work([PHOTO_DELETIONS_JOB, PHOTO_ORPHANS_JOB]);
});
afterAll(() => app.close());

const photoCount = async (db: FastifyInstance['db'], analysisId: string) => {
  const [row] = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from analysis_photos where analysis_id = ${analysisId}`,
  );
  return Number(row?.n);
};
const pendingCount = async (db: FastifyInstance['db']) => {
  const [row] = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from photo_deletions`,
  );
  return Number(row?.n);
};
const sweepJobs = async (db: FastifyInstance['db']) =>
  db.execute<{ state: string }>(
    sql`select state from pgboss.job where name = ${PHOTO_DELETIONS_JOB} order by created_on`,
  );

describe('the photo-sweeper plugin', () => {
  it('sweeps pending deletions on its schedule, without a kick', async () => {
    const user = await createUser(app);
    const scan = await insertScan(app.db, user.user.id, {
      photo: Buffer.from('jpeg'),
      storage: app.photoStorage,
    });
    expect(await photoCount(app.db, scan.id)).toBe(1);
    // The repository only queues the photo's deletion; the route's kick is left out here.
    expect(await deleteOwnAnalysis(app.db, user.user.id, scan.id)).toBe(true);
    await vi.waitFor(async () => {
      expect(await photoCount(app.db, scan.id)).toBe(0);
      expect(await pendingCount(app.db)).toBe(0);
    });
  });

  it('sweeps photos without a scan on its schedule once old, and keeps those with one', async () => {
    const user = await createUser(app);
    const kept = await insertScan(app.db, user.user.id, {
      photo: Buffer.from('jpeg'),
      storage: app.photoStorage,
    });
    const orphan = { userId: user.user.id, analysisId: crypto.randomUUID() };
    await app.photoStorage.put(orphan, {
      contentType: 'image/jpeg',
      width: 1,
      height: 1,
      data: Buffer.from('left behind'),
    });
    // Young: it may be a scan between its photo and its row, so several sweeps leave it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await photoCount(app.db, orphan.analysisId)).toBe(1);
    ahead = 61 * 60_000;
    try {
      await vi.waitFor(async () => expect(await photoCount(app.db, orphan.analysisId)).toBe(0));
    } finally {
      ahead = 0;
    }
    expect(await photoCount(app.db, kept.id)).toBe(1);
  });

  it('waits for the sweep under way when the app closes, and queues nothing after', async () => {
    const other = await buildTestApp({
      photoSweep: { intervalMs: 0, orphanIntervalMs: 60_000, orphanAgeMs: 60_000 },
    });
    await other.jobs.work([PHOTO_DELETIONS_JOB]);
    const user = await createUser(other);
    const scan = await insertScan(other.db, user.user.id, {
      photo: Buffer.from('jpeg'),
      storage: other.photoStorage,
    });
    await deleteOwnAnalysis(other.db, user.user.id, scan.id);
    // A slow store: the delete is still under way when close() is called.
    const storage = other.photoStorage;
    const realDelete = storage.delete.bind(storage);
    let started = false;
    let outcome = 'not run';
    storage.delete = async (key) => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 300));
      await realDelete(key);
      outcome = `deleted; ${await pendingCount(other.db)} pending`;
    };
    await other.photoSweeper.kick();
    await until('the sweep to start', async () => started);
    await other.close();
    // The pool closed only after the sweep: its delete and its queries all went through.
    expect(outcome).toBe('deleted; 1 pending');
    await expect(other.photoSweeper.kick()).resolves.toBeUndefined();
  });
});

describe('a photo deletion as a queued job', () => {
  it('is done by whichever process works jobs, not by the web server that took the delete', async () => {
    // Instance 0 serves requests only (JOBS_IN_SERVER=false); instance 1 is a worker. No
    // schedule: only the delete's own job can remove the photo.
    const instances = await buildTestInstances(2, (i) => ({
      jobs: { workInServer: i === 1, maintenanceIntervalS: 30 },
      photoSweep: { intervalMs: 0, orphanIntervalMs: 60 * 60_000, orphanAgeMs: 60 * 60_000 },
    }));
    try {
      const [web, worker] = instances.apps as [FastifyInstance, FastifyInstance];
      await web.listen({ port: 0, host: '127.0.0.1' });
      const user = await createUser(web);
      const scans = [];
      for (let i = 0; i < 3; i++) {
        scans.push(
          await insertScan(web.db, user.user.id, {
            photo: Buffer.from(`jpeg ${i}`),
            storage: web.photoStorage,
          }),
        );
      }
      // A burst of deletes: each answers at once and queues a sweep; one job waits.
      for (const scan of scans) {
        const res = await web.inject({
          method: 'DELETE',
          url: `/api/analysis/${scan.id}`,
          headers: user.headers,
        });
        expect(res.statusCode).toBe(204);
      }
      await until('the sweep to be queued', async () => (await sweepJobs(web.db)).length > 0);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // Nobody works jobs yet: the photos wait in the outbox, the job in the queue.
      expect(web.jobs.running()).toBe(0);
      expect(await pendingCount(web.db)).toBe(3);
      expect((await sweepJobs(web.db)).map((j) => j.state)).toEqual(['created']);
      for (const scan of scans) expect(await photoCount(web.db, scan.id)).toBe(1);

      await worker.jobs.work();
      await until('the worker to sweep', async () => (await pendingCount(web.db)) === 0);
      for (const scan of scans) expect(await photoCount(web.db, scan.id)).toBe(0);
      expect((await sweepJobs(web.db)).map((j) => j.state)).toEqual(['completed']);
    } finally {
      await instances.close();
    }
  });
});

import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { insertScan } from '../../test/scan-factory';
import { deleteOwnAnalysis } from '../modules/analysis/repository';

let app: FastifyInstance;
/** The app's clock runs this far ahead of the real one. */
let ahead = 0;
beforeAll(async () => {
  // Photos in PostgreSQL (the default); a fast timer, orphans swept once an hour old.
  app = await buildTestApp({
    photoSweep: { intervalMs: 50, orphanIntervalMs: 50, orphanAgeMs: 60 * 60_000 },
    now: () => new Date(Date.now() + ahead),
  });
});
afterAll(() => app.close());

const photoCount = async (analysisId: string) => {
  const [row] = await app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from analysis_photos where analysis_id = ${analysisId}`,
  );
  return Number(row?.n);
};

describe('the photo-sweeper plugin', () => {
  it('sweeps pending deletions on its timer, without a kick', async () => {
    const user = await createUser(app);
    const scan = await insertScan(app.db, user.user.id, {
      photo: Buffer.from('jpeg'),
      storage: app.photoStorage,
    });
    expect(await photoCount(scan.id)).toBe(1);
    // The repository only queues the photo's deletion; the route's kick is left out here.
    expect(await deleteOwnAnalysis(app.db, user.user.id, scan.id)).toBe(true);
    await vi.waitFor(async () => {
      expect(await photoCount(scan.id)).toBe(0);
      const [pending] = await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from photo_deletions`,
      );
      expect(Number(pending?.n)).toBe(0);
    });
  });

  it('sweeps photos without a scan on its timer once old, and keeps those with one', async () => {
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
    expect(await photoCount(orphan.analysisId)).toBe(1);
    ahead = 61 * 60_000;
    try {
      await vi.waitFor(async () => expect(await photoCount(orphan.analysisId)).toBe(0));
    } finally {
      ahead = 0;
    }
    expect(await photoCount(kept.id)).toBe(1);
  });

  it('waits for the sweep under way when the app closes, and sweeps nothing after', async () => {
    const other = await buildTestApp({
      photoSweep: { intervalMs: 0, orphanIntervalMs: 60_000, orphanAgeMs: 60_000 },
    });
    const user = await createUser(other);
    const scan = await insertScan(other.db, user.user.id, {
      photo: Buffer.from('jpeg'),
      storage: other.photoStorage,
    });
    await deleteOwnAnalysis(other.db, user.user.id, scan.id);
    // A slow store: the delete is still under way when close() is called.
    const storage = other.photoStorage;
    const realDelete = storage.delete.bind(storage);
    let outcome = 'not run';
    storage.delete = async (key) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await realDelete(key);
      const [row] = await other.db.execute<{ n: number }>(
        sql`select count(*)::int as n from photo_deletions`,
      );
      outcome = `deleted; ${Number(row?.n)} pending`;
    };
    const sweep = other.photoSweeper.kick();
    await other.close();
    // The pool closed only after the sweep: its delete and its queries all went through.
    expect(outcome).toBe('deleted; 1 pending');
    await sweep;
    await expect(other.photoSweeper.kick()).resolves.toBeUndefined();
  });
});

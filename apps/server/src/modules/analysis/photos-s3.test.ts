import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { AccountExport } from '@lumiskin/contract/account';
import type { Analysis } from '@lumiskin/contract/analysis-api';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { startS3Server, type S3TestServer } from '../../../test/s3-server';
import { insertScan } from '../../../test/scan-factory';
import { findUserById } from '../auth/repository';
import { PHOTO_DELETIONS_JOB, sweepOrphanPhotos, sweepPhotoDeletions } from './photo-sweeps';
import { productsSeeder } from '../shop/seed';
import { checkStorage, type PhotoStorage } from './photo-storage';
import { defaultAnalysisConfig } from './config';
import { runScan } from './scan-service';
import { analyses, analysisPhotos, photoDeletions } from './schema';

const FACE = fs.readFileSync(path.join(import.meta.dirname, 'test-fixtures/astronaut-face.jpg'));
const MINUTE = 60_000;

let app: FastifyInstance;
let s3: S3TestServer;
let alice: CreatedUser;
let bob: CreatedUser;

/** The object as the bucket holds it, read with an SDK client of the test's own. */
async function objectBytes(key: string): Promise<Buffer> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

const keyOf = (userId: string, analysisId: string) => `photos/${userId}/${analysisId}`;

async function keysOf(userId: string): Promise<string[]> {
  return (await s3.keys()).filter((k) => k.startsWith(`photos/${userId}/`));
}

async function countRows(table: typeof analyses | typeof photoDeletions | typeof analysisPhotos) {
  const [row] = await app.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? -1;
}

async function consent(user: CreatedUser) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/analysis/consent',
    headers: user.headers,
    payload: { accepted: true },
  });
  expect(res.statusCode).toBe(200);
}

/** The scan service as the route calls it, with a storage the test can watch or break. */
async function scanWith(user: CreatedUser, storage: PhotoStorage, at = new Date()) {
  const row = await findUserById(app.db, user.user.id);
  return runScan(
    {
      db: app.db,
      storage,
      pool: app.scanPool,
      weather: null,
      config: app.config.analysis ?? defaultAnalysisConfig,
      catalogue: () => app.catalogue.get(),
      log: app.log,
      now: () => at,
    },
    {
      user: row!,
      front: FACE,
      extras: [],
      location: 'London, UK',
      analysisType: 'quick',
      concerns: [],
    },
  );
}

beforeAll(async () => {
  s3 = await startS3Server();
  app = await buildTestApp({
    photoStorage: s3.config,
    // No schedule: these tests sweep by hand, or through the job queued after a delete (worked
    // here, as a listening server does).
    photoSweep: { intervalMs: 0, orphanIntervalMs: 60 * MINUTE, orphanAgeMs: 60 * MINUTE },
    analysis: { ...defaultAnalysisConfig, workers: { min: 1, max: 1, maxQueue: 8 } },
  });
  await app.jobs.work([PHOTO_DELETIONS_JOB]);
  await productsSeeder.run(app.db, () => {});
  alice = await createUser(app, { name: 'Alice' });
  bob = await createUser(app, { name: 'Bob' });
  await consent(alice);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await s3?.close();
});

describe('photos in S3-compatible storage', { timeout: 120_000 }, () => {
  it('a scan puts its photo in the bucket (not in PostgreSQL); only its owner gets it back', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/analysis/scan',
      headers: alice.headers,
      payload: {
        image_data: `data:image/jpeg;base64,${FACE.toString('base64')}`,
        location: 'London, UK',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const scan = res.json<Analysis>();
    expect(await keysOf(alice.user.id)).toContain(keyOf(alice.user.id, scan.id));
    expect(await countRows(analysisPhotos)).toBe(0);

    const stored = await objectBytes(keyOf(alice.user.id, scan.id));
    const photo = await app.inject({ method: 'GET', url: scan.photo!.url, headers: alice.headers });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toBe('no-store');
    expect(photo.rawPayload.equals(stored)).toBe(true);
    // The re-encoded JPEG, at the size the analysis states.
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({
      format: 'jpeg',
      width: scan.photo!.width,
      height: scan.photo!.height,
    });
    expect(meta.exif).toBeUndefined();

    const other = await app.inject({ method: 'GET', url: scan.photo!.url, headers: bob.headers });
    expect(other.statusCode).toBe(404);
    expect(other.rawPayload.includes(stored.subarray(0, 64))).toBe(false);
    expect((await app.inject({ method: 'GET', url: scan.photo!.url })).statusCode).toBe(401);
  });

  it('writes the photo before the scan: a crash between leaves an orphan photo, never a scan without one', async () => {
    let crashAfterPut = false;
    const seen: Array<{ inBucket: boolean; rows: number }> = [];
    const watched: PhotoStorage = {
      ...app.photoStorage,
      async put(key, photo) {
        await app.photoStorage.put(key, photo);
        const [row] = await app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(analyses)
          .where(eq(analyses.id, key.analysisId));
        seen.push({
          inBucket: (await s3.keys()).includes(keyOf(key.userId, key.analysisId)),
          rows: row?.n ?? -1,
        });
        // The process dies here: after the object, before the row.
        if (crashAfterPut) throw new Error('killed between the photo and the row');
      },
    };

    const saved = await scanWith(alice, watched);
    expect(seen).toEqual([{ inBucket: true, rows: 0 }]);
    expect(await keysOf(alice.user.id)).toContain(keyOf(alice.user.id, saved.id));

    const scansBefore = await countRows(analyses);
    const keysBefore = await keysOf(alice.user.id);
    crashAfterPut = true;
    await expect(scanWith(alice, watched)).rejects.toThrow(/killed between/);
    expect(await countRows(analyses)).toBe(scansBefore);
    const orphans = (await keysOf(alice.user.id)).filter((k) => !keysBefore.includes(k));
    expect(orphans).toHaveLength(1);

    // Young orphans are left alone (a scan may be between its photo and its row right now)…
    const deps = { db: app.db, storage: app.photoStorage };
    expect(await sweepOrphanPhotos(deps, { olderThanMs: 60 * MINUTE })).toMatchObject({
      deleted: 0,
    });
    expect(await keysOf(alice.user.id)).toEqual(expect.arrayContaining(orphans));
    // …and removed once old; every photo that has its scan stays.
    const later = new Date(Date.now() + 61 * MINUTE);
    const swept = await sweepOrphanPhotos(
      { ...deps, now: () => later },
      { olderThanMs: 60 * MINUTE },
    );
    expect(swept.deleted).toBe(1);
    expect(await keysOf(alice.user.id)).toEqual(keysBefore);
    expect(keysBefore).toContain(keyOf(alice.user.id, saved.id));
  });

  it('takes the photo back when the scan row cannot be saved', async () => {
    await app.db.execute(sql`
      create function refuse_scans() returns trigger language plpgsql as $$
      begin raise exception 'no scans today'; end $$`);
    await app.db.execute(
      sql`create trigger refuse_scans before insert on analyses for each row execute function refuse_scans()`,
    );
    try {
      const keysBefore = await keysOf(alice.user.id);
      await expect(scanWith(alice, app.photoStorage)).rejects.toThrow();
      expect(await keysOf(alice.user.id)).toEqual(keysBefore);
    } finally {
      await app.db.execute(sql`drop trigger refuse_scans on analyses`);
      await app.db.execute(sql`drop function refuse_scans()`);
    }
  });

  it('deleting a scan deletes its photo from the bucket at once, and only that one', async () => {
    const user = await createUser(app);
    const gone = await insertScan(app.db, user.user.id, {
      photo: crypto.randomBytes(5000),
      storage: app.photoStorage,
    });
    const kept = await insertScan(app.db, user.user.id, {
      photo: crypto.randomBytes(5000),
      storage: app.photoStorage,
    });
    expect(await keysOf(user.user.id)).toHaveLength(2);

    const res = await app.inject({
      method: 'DELETE',
      url: `/api/analysis/${gone.id}`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(204);
    await vi.waitFor(async () =>
      expect(await keysOf(user.user.id)).toEqual([keyOf(user.user.id, kept.id)]),
    );
    await vi.waitFor(async () => expect(await countRows(photoDeletions)).toBe(0));
    const photo = await app.inject({
      method: 'GET',
      url: `/api/analysis/${gone.id}/photo`,
      headers: user.headers,
    });
    expect(photo.statusCode).toBe(404);
  });

  it("deleting the account deletes every photo of it from the bucket, and nobody else's", async () => {
    const carol = await createUser(app);
    for (let i = 0; i < 3; i++) {
      await insertScan(app.db, carol.user.id, {
        photo: crypto.randomBytes(2000),
        storage: app.photoStorage,
      });
    }
    const bobs = await insertScan(app.db, bob.user.id, {
      photo: crypto.randomBytes(2000),
      storage: app.photoStorage,
    });
    expect(await keysOf(carol.user.id)).toHaveLength(3);

    const res = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: carol.headers,
      payload: { password: carol.password },
    });
    expect(res.statusCode).toBe(204);
    await vi.waitFor(async () => expect(await keysOf(carol.user.id)).toEqual([]));
    await vi.waitFor(async () => expect(await countRows(photoDeletions)).toBe(0));
    expect(await keysOf(bob.user.id)).toContain(keyOf(bob.user.id, bobs.id));
  });

  it("an admin's deletion of an account deletes its photos from the bucket too", async () => {
    const admin = await createUser(app, { role: 'admin' });
    const frank = await createUser(app);
    for (let i = 0; i < 2; i++) {
      await insertScan(app.db, frank.user.id, {
        photo: crypto.randomBytes(2000),
        storage: app.photoStorage,
      });
    }
    expect(await keysOf(frank.user.id)).toHaveLength(2);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${frank.user.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(204);
    await vi.waitFor(async () => expect(await keysOf(frank.user.id)).toEqual([]));
  });

  it('the account export holds every photo byte for byte as the bucket has it', async () => {
    const dave = await createUser(app);
    // Odd sizes across the export's 48 KiB base64 pieces.
    const scans = [];
    for (const size of [1, 49_153, 250_001]) {
      scans.push(
        await insertScan(app.db, dave.user.id, {
          photo: crypto.randomBytes(size),
          storage: app.photoStorage,
        }),
      );
    }
    const res = await app.inject({
      method: 'GET',
      url: '/api/users/me/export',
      headers: dave.headers,
    });
    expect(res.statusCode).toBe(200);
    const data = AccountExport.parse(res.json());
    expect(data.photos.map((p) => p.analysis_id).sort()).toEqual(scans.map((s) => s.id).sort());
    for (const photo of data.photos) {
      const inBucket = await objectBytes(keyOf(dave.user.id, String(photo.analysis_id)));
      const exported = Buffer.from(String(photo.data_base64), 'base64');
      expect(exported.equals(inBucket), String(photo.analysis_id)).toBe(true);
      expect(photo).toMatchObject({ content_type: 'image/jpeg', width: 1, height: 1 });
    }
  });

  it('a deletion during an outage of the store is kept, then retried after its back-off', async () => {
    const erin = await createUser(app);
    const scan = await insertScan(app.db, erin.user.id, {
      photo: crypto.randomBytes(3000),
      storage: app.photoStorage,
    });
    await s3.stop();
    try {
      await expect(checkStorage(app.photoStorage)).rejects.toThrow();
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/analysis/${scan.id}`,
        headers: erin.headers,
      });
      // The scan is gone for the user at once; its photo waits in the outbox.
      expect(res.statusCode).toBe(204);
      await vi.waitFor(
        async () => {
          const [row] = await app.db.select().from(photoDeletions);
          expect(row).toMatchObject({ userId: erin.user.id, analysisId: scan.id, attempts: 1 });
          expect(row?.lastError).toMatch(/^PhotoStorageUnavailable/);
        },
        { timeout: 15_000 },
      );
      // A scan cannot be saved without its photo: 503, and no scan row.
      const scansBefore = await countRows(analyses);
      await consent(erin);
      const refused = await app.inject({
        method: 'POST',
        url: '/api/analysis/scan',
        headers: erin.headers,
        payload: {
          image_data: `data:image/jpeg;base64,${FACE.toString('base64')}`,
          location: 'London, UK',
        },
      });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'storage_unavailable' });
      expect(refused.headers['retry-after']).toBeDefined();
      expect(await countRows(analyses)).toBe(scansBefore);
    } finally {
      await s3.start();
    }
    await expect(checkStorage(app.photoStorage)).resolves.toBeUndefined();
    expect(await keysOf(erin.user.id)).toEqual([keyOf(erin.user.id, scan.id)]);

    const deps = { db: app.db, storage: app.photoStorage };
    // Not before its back-off (30 s after the failed attempt)…
    expect(await sweepPhotoDeletions(deps)).toEqual({ deleted: 0, failed: 0 });
    expect(await keysOf(erin.user.id)).toHaveLength(1);
    // …then it goes, with its outbox row.
    const later = new Date(Date.now() + 31_000);
    expect(await sweepPhotoDeletions({ ...deps, now: () => later })).toEqual({
      deleted: 1,
      failed: 0,
    });
    expect(await keysOf(erin.user.id)).toEqual([]);
    expect(await countRows(photoDeletions)).toBe(0);
    // Sweeping again finds nothing to do.
    expect(await sweepPhotoDeletions({ ...deps, now: () => later })).toEqual({
      deleted: 0,
      failed: 0,
    });
  });
});

import crypto from 'node:crypto';
import net, { type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { startS3Server, type S3TestServer } from '../../../test/s3-server';
import {
  checkStorage,
  createPostgresPhotoStorage,
  movePhotos,
  type PhotoEntry,
  type PhotoStorage,
  type StoredPhoto,
} from './photo-storage';
import { createS3PhotoStorage, parsePhotoKey, s3ClientConfig } from './photo-storage-s3';

let app: FastifyInstance;
let s3: S3TestServer;

beforeAll(async () => {
  [app, s3] = await Promise.all([buildTestApp(), startS3Server()]);
});

afterAll(async () => {
  await Promise.all([app?.close(), s3?.close()]);
});

const photo = (bytes = 1000, width = 640, height = 800): StoredPhoto => ({
  contentType: 'image/jpeg',
  width,
  height,
  data: crypto.randomBytes(bytes),
});

async function all(entries: AsyncIterable<PhotoEntry>): Promise<PhotoEntry[]> {
  const out: PhotoEntry[] = [];
  for await (const entry of entries) out.push(entry);
  return out;
}

const ids = (entries: PhotoEntry[]) => entries.map((e) => e.analysisId).sort();

/** The same promises from both stores; a listing page of 2 makes every listing page. */
const stores: Array<[string, () => PhotoStorage | Promise<PhotoStorage>]> = [
  ['PostgreSQL', () => createPostgresPhotoStorage(app.db, { pageSize: 2 })],
  ['S3 (s3rver)', () => createS3PhotoStorage(s3.config, { pageSize: 2 })],
];

describe.each(stores)('PhotoStorage on %s', (_name, make) => {
  let storage: PhotoStorage;
  beforeAll(async () => {
    storage = await make();
  });
  afterAll(() => storage.close());

  it('gives back what was put, byte for byte, with its type, size, dimensions and time', async () => {
    const { user } = await createUser(app);
    const key = { userId: user.id, analysisId: crypto.randomUUID() };
    const put = photo(250_001, 1200, 1600);
    const before = Date.now();
    await storage.put(key, put);
    const got = await storage.get(key);
    expect(got).not.toBeNull();
    expect(got!.data.equals(put.data)).toBe(true);
    expect(got).toMatchObject({
      contentType: 'image/jpeg',
      width: 1200,
      height: 1600,
      size: 250_001,
    });
    // S3 keeps Last-Modified to the second.
    expect(got!.createdAt.getTime()).toBeGreaterThan(before - 2000);
    expect(got!.createdAt.getTime()).toBeLessThan(Date.now() + 2000);
  });

  it('files a photo under its owner: the same scan id of another person finds nothing', async () => {
    const [a, b] = await Promise.all([createUser(app), createUser(app)]);
    const analysisId = crypto.randomUUID();
    await storage.put({ userId: a.user.id, analysisId }, photo());
    expect(await storage.get({ userId: b.user.id, analysisId })).toBeNull();
    expect(await storage.get({ userId: a.user.id, analysisId: crypto.randomUUID() })).toBeNull();
  });

  it("lists one person's photos across pages, without bytes, and nobody else's", async () => {
    const [a, b] = await Promise.all([createUser(app), createUser(app)]);
    const mine = [];
    for (let i = 0; i < 5; i++) {
      const key = { userId: a.user.id, analysisId: crypto.randomUUID() };
      await storage.put(key, photo(100 + i));
      mine.push(key.analysisId);
    }
    await storage.put({ userId: b.user.id, analysisId: crypto.randomUUID() }, photo());
    const listed = await all(storage.listForUser(a.user.id));
    expect(ids(listed)).toEqual(mine.sort());
    expect(listed.every((e) => e.userId === a.user.id && !('data' in e))).toBe(true);
    expect(listed.map((e) => e.size).sort()).toEqual([100, 101, 102, 103, 104]);
    // Everything in the store: both people, all pages.
    const everything = ids(await all(storage.list()));
    expect(everything).toEqual(expect.arrayContaining(mine));
    expect(everything.length).toBeGreaterThanOrEqual(6);
  });

  it('deletes one photo, and deleting it again is fine', async () => {
    const { user } = await createUser(app);
    const key = { userId: user.id, analysisId: crypto.randomUUID() };
    const kept = { userId: user.id, analysisId: crypto.randomUUID() };
    await storage.put(key, photo());
    await storage.put(kept, photo());
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get(kept)).not.toBeNull();
  });

  it("deletes all of one person's photos (across pages) and nobody else's, idempotently", async () => {
    const [a, b] = await Promise.all([createUser(app), createUser(app)]);
    for (let i = 0; i < 5; i++) {
      await storage.put({ userId: a.user.id, analysisId: crypto.randomUUID() }, photo());
    }
    const other = { userId: b.user.id, analysisId: crypto.randomUUID() };
    await storage.put(other, photo());
    expect(await storage.deleteForUser(a.user.id)).toBe(5);
    expect(await all(storage.listForUser(a.user.id))).toEqual([]);
    expect(await storage.deleteForUser(a.user.id)).toBe(0);
    expect(await storage.get(other)).not.toBeNull();
  });

  it('refuses keys that are not UUIDs before they reach the store', async () => {
    const { user } = await createUser(app);
    for (const analysisId of ['../other/x', '', 'a/b', `${crypto.randomUUID()}/x`]) {
      await expect(storage.put({ userId: user.id, analysisId }, photo())).rejects.toThrow(
        TypeError,
      );
    }
    await expect(storage.get({ userId: '..', analysisId: crypto.randomUUID() })).rejects.toThrow(
      TypeError,
    );
    expect(() => storage.listForUser('../')).toThrow(TypeError);
  });

  it('answers the readiness probe', async () => {
    await expect(checkStorage(storage)).resolves.toBeUndefined();
  });
});

describe('checkStorage on S3', () => {
  it('fails for a bucket that does not exist and for an unknown access key', async () => {
    const missing = await createS3PhotoStorage({ ...s3.config, bucket: 'no-such-bucket' });
    // s3rver knows one access key (it does not verify SigV4 signatures themselves).
    const forged = await createS3PhotoStorage({ ...s3.config, accessKeyId: 'NOT-A-KEY' });
    try {
      await expect(checkStorage(missing)).rejects.toThrow();
      await expect(checkStorage(forged)).rejects.toThrow();
      // An unknown key stores nothing either.
      const { user } = await createUser(app);
      const key = { userId: user.id, analysisId: crypto.randomUUID() };
      await expect(forged.put(key, photo())).rejects.toThrow();
      expect((await s3.keys()).some((k) => k.endsWith(key.analysisId))).toBe(false);
    } finally {
      await Promise.all([missing.close(), forged.close()]);
    }
  });

  it('gives up within its time limit on a store that never answers', async () => {
    // A TCP server that accepts and never replies.
    const sockets: Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const stuck = await createS3PhotoStorage({
      ...s3.config,
      endpoint: `http://127.0.0.1:${port}`,
    });
    try {
      const started = Date.now();
      await expect(checkStorage(stuck, 300)).rejects.toThrow(/within 300 ms/);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await stuck.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe("the S3 store's keys and client settings", () => {
  it('reads back only its own keys: prefix, user id and analysis id, nothing more', () => {
    const userId = crypto.randomUUID();
    const analysisId = crypto.randomUUID();
    expect(parsePhotoKey('photos/', `photos/${userId}/${analysisId}`)).toEqual({
      userId,
      analysisId,
    });
    for (const key of [
      `${userId}/${analysisId}`,
      `other/${userId}/${analysisId}`,
      `photos/${userId}/${analysisId}/x`,
      `photos/${userId}/`,
      `photos/${userId}/not-a-uuid`,
    ]) {
      expect(parsePhotoKey('photos/', key)).toBeNull();
    }
  });

  it('sends credentials only when both halves are set, and never waits minutes', () => {
    const base = { bucket: 'b', region: 'eu-west-1', forcePathStyle: false, keyPrefix: '' };
    expect(s3ClientConfig({ ...base, accessKeyId: 'id' })).not.toHaveProperty('credentials');
    expect(
      s3ClientConfig({ ...base, accessKeyId: 'id', secretAccessKey: 'secret' }).credentials,
    ).toEqual({ accessKeyId: 'id', secretAccessKey: 'secret' });
    expect(s3ClientConfig(base)).not.toHaveProperty('endpoint');
    expect(s3ClientConfig(base)).toMatchObject({
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
    });
  });
});

describe('movePhotos', () => {
  it('moves every photo from PostgreSQL into the bucket, byte for byte, and can run again', async () => {
    const pg = createPostgresPhotoStorage(app.db, { pageSize: 2 });
    const bucket = await createS3PhotoStorage(s3.config);
    try {
      // Whatever earlier tests left in PostgreSQL moves too.
      const before = await all(pg.list());
      const { user } = await createUser(app);
      const put = new Map<string, StoredPhoto>();
      for (let i = 0; i < 3; i++) {
        const key = { userId: user.id, analysisId: crypto.randomUUID() };
        const p = photo(10_000 + i, 300 + i, 400);
        await pg.put(key, p);
        put.set(key.analysisId, p);
      }
      expect(await movePhotos(pg, bucket)).toBe(before.length + 3);
      expect(await all(pg.list())).toEqual([]);
      for (const [analysisId, p] of put) {
        const moved = await bucket.get({ userId: user.id, analysisId });
        expect(moved?.data.equals(p.data)).toBe(true);
        expect(moved).toMatchObject({ contentType: 'image/jpeg', width: p.width, height: 400 });
      }
      expect(await movePhotos(pg, bucket)).toBe(0);
    } finally {
      await bucket.close();
    }
  });
});

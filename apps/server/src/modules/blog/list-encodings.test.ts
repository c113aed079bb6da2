import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { AdminArticle } from '@lumiskin/contract/admin';
import { PostListResponse } from '@lumiskin/contract/blog';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { cachedBody, COMPRESS_FROM_BYTES, sendCached, serialize } from '../../http/cached-body';
import { listPostCategories, listPosts } from './repository';
import { blogPostsSeeder } from './seed';

/*
 * The article list sends every answer itself (decision 148): a visitor's from memory
 * (`sendCached`), a signed-in reader's written for them and compressed per request (`sendOwn`),
 * so the route carries no @fastify/compress hooks. Each answer is compared with what the plugin,
 * registered as app.ts registers it, made of the same JSON before: same status, encoding, Vary,
 * type, ETag, and the same JSON after decompression.
 */
let app: FastifyInstance;
/** Bare Fastify with @fastify/compress as app.ts registers it: the route as it answered before. */
let reference: FastifyInstance;
let reader: CreatedUser;
/** The JSON the reference routes send, per test (set before each injection). */
let referenceJson = '';

beforeAll(async () => {
  app = await buildTestApp();
  await blogPostsSeeder.run(app.db, () => {});
  reader = await createUser(app);
  reference = Fastify();
  await reference.register(fastifyCompress, { global: true, threshold: 1024 });
  // A reader's list before: the route's serialized JSON, compressed by the plugin's onSend.
  reference.get('/own', (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(referenceJson),
  );
  // A visitor's list before: sendCached's answer, then the plugin's onSend.
  reference.get('/kept', (request, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return sendCached(request, reply, cachedBody(referenceJson));
  });
});
afterAll(async () => {
  await reference.close();
  await app.close();
});

const get = (url: string, headers: Record<string, string | undefined> = {}) =>
  app.inject({
    method: 'GET',
    url,
    headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)),
  });

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.body;
}

/** What a client and a cache see of an answer, the body decompressed. */
function seen(res: LightMyRequestResponse) {
  expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
  return {
    status: res.statusCode,
    encoding: res.headers['content-encoding'],
    vary: res.headers.vary,
    type: res.headers['content-type'],
    etag: res.headers.etag,
    json: decoded(res),
  };
}

/** The list as the contract writes it from the database, for a reader or a visitor. */
async function listFromDatabase(query: { q?: string }, userId: string | null) {
  const posts = await listPosts(app.db, query, userId);
  const categories = await listPostCategories(app.db);
  return serialize(PostListResponse, { posts, total: posts.length, categories });
}

/** Accept-Encoding values both negotiations read alike (br or gzip, or nothing). */
const ENCODINGS = [
  ['gzip, deflate, br', 'br'],
  ['br', 'br'],
  ['gzip', 'gzip'],
  ['br;q=0, gzip;q=0.5', 'gzip'],
  [undefined, undefined],
  ['identity', undefined],
] as const;

const BELOW = '?q=zzqqxxnothing';

describe('a signed-in reader’s list: compressed by the route, as the plugin did', () => {
  it.each(ENCODINGS)(
    'accept-encoding %s, above the threshold: %s, the same headers and JSON',
    async (accept, encoding) => {
      const res = await get('/api/blog/posts', { ...reader.headers, 'accept-encoding': accept });
      const json = await listFromDatabase({}, reader.user.id);
      expect(Buffer.byteLength(json)).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
      referenceJson = json;
      const before = await reference.inject({
        method: 'GET',
        url: '/own',
        headers: accept === undefined ? {} : { 'accept-encoding': accept },
      });
      expect(seen(res)).toEqual(seen(before));
      expect(seen(res)).toMatchObject({ encoding, json, etag: undefined });
      expect(res.headers.vary).toBe(encoding ? 'accept-encoding' : undefined);
      expect(res.headers['cache-control']).toBe('private, no-store');
    },
  );

  it.each(ENCODINGS)(
    'accept-encoding %s, below the threshold: identity without Vary, as before',
    async (accept) => {
      const res = await get(`/api/blog/posts${BELOW}`, {
        ...reader.headers,
        'accept-encoding': accept,
      });
      const json = await listFromDatabase({ q: BELOW.slice(3) }, reader.user.id);
      expect(Buffer.byteLength(json)).toBeLessThan(COMPRESS_FROM_BYTES);
      referenceJson = json;
      const before = await reference.inject({
        method: 'GET',
        url: '/own',
        headers: accept === undefined ? {} : { 'accept-encoding': accept },
      });
      expect(seen(res)).toEqual(seen(before));
      expect(seen(res)).toMatchObject({ encoding: undefined, vary: undefined, json });
      expect(res.headers['cache-control']).toBe('private, no-store');
    },
  );

  it('x-no-compression is honoured as the plugin did', async () => {
    const res = await get('/api/blog/posts', {
      ...reader.headers,
      'accept-encoding': 'br',
      'x-no-compression': '1',
    });
    expect(seen(res)).toMatchObject({
      encoding: undefined,
      vary: undefined,
      json: await listFromDatabase({}, reader.user.id),
    });
  });

  it('the route carries no plugin hooks: deflate alone, which only the plugin made, is identity', async () => {
    for (const headers of [reader.headers, {}]) {
      const res = await get('/api/blog/posts', { ...headers, 'accept-encoding': 'deflate' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(
        await listFromDatabase({}, 'authorization' in headers ? reader.user.id : null),
      );
    }
  });
});

describe('a visitor’s list: from memory, as before', () => {
  it.each(ENCODINGS)(
    'accept-encoding %s, above and below the threshold, kept and not yet kept',
    async (accept, encoding) => {
      for (const query of ['', BELOW]) {
        for (let round = 0; round < 2; round++) {
          const res = await get(`/api/blog/posts${query}`, { 'accept-encoding': accept });
          const json = await listFromDatabase(query ? { q: BELOW.slice(3) } : {}, null);
          const above = Buffer.byteLength(json) >= COMPRESS_FROM_BYTES;
          expect(above).toBe(query === '');
          referenceJson = json;
          const before = await reference.inject({
            method: 'GET',
            url: '/kept',
            headers: accept === undefined ? {} : { 'accept-encoding': accept },
          });
          expect(seen(res)).toEqual(seen(before));
          expect(seen(res)).toMatchObject({
            encoding: above ? encoding : undefined,
            vary: 'Accept-Encoding',
            json,
          });
          expect(res.headers['cache-control']).toBe('private, no-cache');
          const again = await get(`/api/blog/posts${query}`, {
            'accept-encoding': accept,
            'if-none-match': String(res.headers.etag),
          });
          expect(again.statusCode).toBe(304);
          expect(again.rawPayload.length).toBe(0);
          expect(again.headers.etag).toBe(res.headers.etag);
          expect(again.headers.vary).toBe('Accept-Encoding');
        }
      }
    },
  );
});

describe('a staff edit is never served stale', () => {
  it('to a visitor from memory, in every encoding, nor to a reader', async () => {
    const staff = await createUser(app, { role: 'admin' });
    const article = {
      slug: 'list-encodings-edit',
      title: 'Before the edit',
      excerpt: 'An excerpt',
      content: 'Some **bold** words.',
      category: 'Skincare',
      tags: ['test'],
      author: 'Mo',
      status: 'published' as const,
    };
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/articles',
      headers: staff.headers,
      payload: article,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = AdminArticle.parse(created.json());
    const titles = async (headers: Record<string, string>) =>
      Promise.all(
        ['br', 'gzip', undefined].map(async (accept) => {
          const res = await get('/api/blog/posts', { ...headers, 'accept-encoding': accept });
          const { posts } = PostListResponse.parse(JSON.parse(decoded(res)));
          return {
            title: posts.find((p) => p.slug === article.slug)?.title,
            etag: res.headers.etag,
          };
        }),
      );
    const visitorBefore = await titles({});
    await titles({}); // kept: answered by the route's onRequest hook
    expect(visitorBefore.map((t) => t.title)).toEqual(Array(3).fill('Before the edit'));
    expect((await titles(reader.headers)).map((t) => t.title)).toEqual(
      Array(3).fill('Before the edit'),
    );
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/admin/articles/${id}`,
      headers: staff.headers,
      payload: { ...article, title: 'After the edit' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const visitorAfter = await titles({});
    expect(visitorAfter.map((t) => t.title)).toEqual(Array(3).fill('After the edit'));
    expect(visitorAfter[0]!.etag).not.toBe(visitorBefore[0]!.etag);
    expect((await titles(reader.headers)).map((t) => t.title)).toEqual(
      Array(3).fill('After the edit'),
    );
  });
});

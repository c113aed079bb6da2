import zlib from 'node:zlib';
import { PostListResponse } from '@lumiskin/contract/blog';
import { QuizCategoryList } from '@lumiskin/contract/quiz';
import { ProductListResponse } from '@lumiskin/contract/shop';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/factories';
import { buildTestApp, buildTestInstances, testRedisConfig } from '../../test/helper';
import { preferredEncoding, serialize } from '../http/cached-body';
import { listCategories, listProducts } from '../modules/shop/repository';
import { contentSeeders, runSeeders } from '../seed';

/*
 * Public content from memory (decision 086): two instances on one PostgreSQL and one Redis, as
 * behind a balancer. An answer is kept with its ETag; a staff change on A is what B serves next.
 */
let a: FastifyInstance;
let b: FastifyInstance;
let close: () => Promise<void>;
let admin: CreatedUser;

beforeAll(async () => {
  ({
    apps: [a, b],
    close,
  } = (await buildTestInstances(2, { redis: testRedisConfig() })) as {
    apps: [FastifyInstance, FastifyInstance];
    close: () => Promise<void>;
  });
  await runSeeders(a.db, () => {}, contentSeeders);
  admin = await createUser(a, { role: 'admin' });
});
afterAll(() => close());

const products = async (app: FastifyInstance, url = '/api/shop/products') =>
  ProductListResponse.parse((await app.inject({ method: 'GET', url })).json());
const aquaHydra = async (app: FastifyInstance) =>
  (await products(app)).products.find((p) => p.id === 'aquahydra');

describe('the catalogue from memory', () => {
  it('sends the bytes the response schema would, with an ETag; If-None-Match gets 304', async () => {
    const first = await b.inject({ method: 'GET', url: '/api/shop/products?sort=price_asc' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const query = { sort: 'price_asc' as const };
    const [list, categories] = await Promise.all([listProducts(b.db, query), listCategories(b.db)]);
    expect(first.body).toBe(
      serialize(ProductListResponse, { products: list, total: list.length, categories }),
    );
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);

    const again = await b.inject({
      method: 'GET',
      url: '/api/shop/products?sort=price_asc',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another query is another answer, with its own ETag.
    const other = await b.inject({
      method: 'GET',
      url: '/api/shop/products?sort=price_desc',
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('sends the same bytes brotli- or gzip-compressed as the browser accepts, compressed once', async () => {
    const plain = await b.inject({ method: 'GET', url: '/api/shop/products' });
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip;q=1, br;q=0', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await b.inject({
        method: 'GET',
        url: '/api/shop/products',
        headers: { 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('*')).toBe('gzip');
  });

  it('an admin’s price change on A is what B serves next, and the old ETag no longer matches', async () => {
    const before = await b.inject({ method: 'GET', url: '/api/shop/products' });
    const oldTag = String(before.headers.etag);
    expect((await aquaHydra(b))?.price_pence).not.toBe(4321);

    const changed = await a.inject({
      method: 'PUT',
      url: '/api/admin/products/aquahydra/price',
      headers: admin.headers,
      payload: { price_pence: 4321 },
    });
    expect(changed.statusCode).toBe(200);
    // No wait: the change was told to every instance before A answered.
    expect((await aquaHydra(b))?.price_pence).toBe(4321);
    expect((await aquaHydra(a))?.price_pence).toBe(4321);
    const revalidated = await b.inject({
      method: 'GET',
      url: '/api/shop/products',
      headers: { 'if-none-match': oldTag },
    });
    expect(revalidated.statusCode).toBe(200);
  });

  it('a product hidden on A is gone from B’s catalogue at once', async () => {
    const evenTone = async (app: FastifyInstance) =>
      (await products(app)).products.find((p) => p.id === 'eventone');
    expect(await evenTone(b)).toBeDefined();
    await a.inject({
      method: 'PUT',
      url: '/api/admin/products/eventone/visibility',
      headers: admin.headers,
      payload: { hidden: true },
    });
    expect(await evenTone(b)).toBeUndefined();
    await a.inject({
      method: 'PUT',
      url: '/api/admin/products/eventone/visibility',
      headers: admin.headers,
      payload: { hidden: false },
    });
    expect(await evenTone(b)).toBeDefined();
  });
});

describe('articles and quiz categories from memory', () => {
  const titles = async (app: FastifyInstance, headers: Record<string, string> = {}) =>
    PostListResponse.parse(
      (await app.inject({ method: 'GET', url: '/api/blog/posts', headers })).json(),
    ).posts.map((p) => p.title);

  it('an article published on A is listed by B at once', async () => {
    await titles(b); // B keeps its list
    const created = await a.inject({
      method: 'POST',
      url: '/api/admin/articles',
      headers: admin.headers,
      payload: {
        slug: 'cached-or-not',
        title: 'Cached or not, here it is',
        excerpt: 'A new article.',
        content: 'Some words about skin.',
        category: 'Skincare',
        tags: [],
        author: 'Staff',
        status: 'published',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(await titles(b)).toContain('Cached or not, here it is');
  });

  it('a reader’s list is their own (saved flags), never the visitors’ copy', async () => {
    const reader = await createUser(b);
    const [first] = PostListResponse.parse(
      (await b.inject({ method: 'GET', url: '/api/blog/posts' })).json(),
    ).posts;
    await b.inject({
      method: 'POST',
      url: `/api/blog/posts/${first!.id}/save`,
      headers: reader.headers,
    });
    const mine = PostListResponse.parse(
      (await b.inject({ method: 'GET', url: '/api/blog/posts', headers: reader.headers })).json(),
    );
    expect(mine.posts.find((p) => p.id === first!.id)?.saved).toBe(true);
    const visitors = await b.inject({ method: 'GET', url: '/api/blog/posts' });
    expect(
      PostListResponse.parse(visitors.json()).posts.find((p) => p.id === first!.id)?.saved,
    ).toBe(false);
    expect(visitors.headers['cache-control']).toBe('private, no-cache');
  });

  it('a quiz category renamed on A is B’s name for it at once', async () => {
    const player = await createUser(b);
    const names = async () =>
      QuizCategoryList.parse(
        (
          await b.inject({ method: 'GET', url: '/api/quiz/categories', headers: player.headers })
        ).json(),
      ).map((c) => c.name);
    expect(await names()).not.toContain('Sun Sense');
    const res = await a.inject({
      method: 'PATCH',
      url: '/api/admin/quiz/categories/sun-protection',
      headers: admin.headers,
      payload: { name: 'Sun Sense' },
    });
    expect(res.statusCode).toBe(200);
    expect(await names()).toContain('Sun Sense');
  });
});

describe('without Redis (one instance)', () => {
  it('a staff change is served at once by the instance that made it', async () => {
    const app = await buildTestApp();
    try {
      await runSeeders(app.db, () => {}, contentSeeders);
      const staff = await createUser(app, { role: 'admin' });
      expect((await aquaHydra(app))?.price_pence).not.toBe(999);
      await app.inject({
        method: 'PUT',
        url: '/api/admin/products/aquahydra/price',
        headers: staff.headers,
        payload: { price_pence: 999 },
      });
      expect((await aquaHydra(app))?.price_pence).toBe(999);
    } finally {
      await app.close();
    }
  });
});

import zlib from 'node:zlib';
import { PostListResponse } from '@lumiskin/contract/blog';
import { ProductListResponse } from '@lumiskin/contract/shop';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { PUBLIC_CONTENT_ALIASES, PUBLIC_CONTENT_ENTRIES } from './public-content';
import { contentSeeders, runSeeders } from '../seed';
import { preferredEncoding, requestAlias } from '../http/cached-body';

/*
 * Cached public reads answered before validation and the handler (decision 103): a query string
 * seen before is sent from memory by the route's onRequest hook, in the encoding the browser
 * accepts, with its ETag and Vary, 304 when the browser holds it; memory stays bounded.
 */
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  await runSeeders(app.db, () => {}, contentSeeders);
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

const decoders = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
} as const;

describe.each([
  ['/api/shop/products', 'public, max-age=60'],
  ['/api/blog/posts', 'private, no-cache'],
])('%s from memory', (path, cacheControl) => {
  it('every encoding of a kept answer decompresses to the identity body, before and after it is kept', async () => {
    const kept = () =>
      app.publicContent.peek(
        requestAlias({ name: path.slice('/api/'.length), cacheControl }, path),
      );
    expect(kept()).toBeUndefined();
    const plain = await get(path);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // From now on the onRequest hook answers: the encodings are made from the kept bytes.
    expect(kept()?.bytes.toString('utf8')).toBe(plain.body);
    for (let round = 0; round < 2; round++) {
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip;q=0.5', 'gzip'],
      ] as const) {
        const res = await get(path, { 'accept-encoding': accept });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
        expect(res.headers.vary).toBe('Accept-Encoding');
        expect(res.headers.etag).toBe(plain.headers.etag);
        expect(res.headers['cache-control']).toBe(cacheControl);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(decoders[encoding](res.rawPayload).toString('utf8')).toBe(plain.body);
      }
      const identity = await get(path, { 'accept-encoding': 'identity' });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.headers.vary).toBe('Accept-Encoding');
      expect(identity.body).toBe(plain.body);
    }
  });

  it('If-None-Match with the kept ETag is a 304 without a body, with the ETag and Vary', async () => {
    const first = await get(`${path}?q=skin`, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `"other", ${etag}`, etag.replace(/^W\//, '')]) {
      const again = await get(`${path}?q=skin`, {
        'accept-encoding': 'br',
        'if-none-match': ifNoneMatch,
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers.vary).toBe('Accept-Encoding');
      expect(again.headers['content-encoding']).toBeUndefined();
    }
    const stale = await get(`${path}?q=skin`, { 'if-none-match': 'W/"not-this-one"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).toBe(etag);
  });

  it('spellings of one query share one answer; a query refused by validation is refused each time', async () => {
    const spellings = ['?q=dry+skin', '?q=dry%20skin', '?q=%20dry%20skin%20'];
    const tags = new Set<string>();
    for (const spelling of [...spellings, ...spellings]) {
      const res = await get(`${path}${spelling}`);
      expect(res.statusCode).toBe(200);
      tags.add(String(res.headers.etag));
    }
    expect(tags.size).toBe(1);
    for (let i = 0; i < 2; i++) {
      const refused = await get(`${path}?featured=maybe`);
      expect(refused.statusCode).toBe(400);
      const nul = await get(`${path}?q=a%00b`);
      expect(nul.statusCode).toBe(400);
    }
  });
});

describe('what memory does not answer', () => {
  it('a signed-in reader’s article list is theirs even when the visitors’ list is kept', async () => {
    const reader = await createUser(app);
    const visitors = PostListResponse.parse((await get('/api/blog/posts')).json());
    await get('/api/blog/posts'); // kept and answered from memory
    const [first] = visitors.posts;
    const saved = await app.inject({
      method: 'POST',
      url: `/api/blog/posts/${first!.id}/save`,
      headers: reader.headers,
    });
    expect(saved.statusCode).toBe(200);
    const mine = await get('/api/blog/posts', reader.headers);
    expect(mine.headers.etag).toBeUndefined();
    expect(PostListResponse.parse(mine.json()).posts.find((p) => p.id === first!.id)?.saved).toBe(
      true,
    );
    // the reading list needs a reader, whatever memory holds
    expect((await get('/api/blog/posts?saved=true')).statusCode).toBe(401);
  });

  it('a staff change is served at once, also for a query answered from memory before', async () => {
    const staff = await createUser(app, { role: 'admin' });
    const price = async () =>
      ProductListResponse.parse(
        (await get('/api/shop/products?sort=price_asc')).json(),
      ).products.find((p) => p.id === 'aquahydra')?.price_pence;
    await price();
    expect(await price()).not.toBe(1234);
    await app.inject({
      method: 'PUT',
      url: '/api/admin/products/aquahydra/price',
      headers: staff.headers,
      payload: { price_pence: 1234 },
    });
    expect(await price()).toBe(1234);
  });
});

describe('the catalogue lists products without their usage text (decision 141)', () => {
  const brJson = (res: { rawPayload: Buffer }) =>
    JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')) as {
      products: Array<Record<string, unknown>>;
    };
  const listBr = () => get('/api/shop/products', { 'accept-encoding': 'gzip, deflate, br' });

  it('the kept br body decodes to the identity JSON, with no how_to_use in it', async () => {
    const plain = await get('/api/shop/products');
    const kept = await listBr(); // from memory: the onRequest hook answered
    expect(kept.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(kept.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.body).not.toContain('how_to_use');
    expect(brJson(kept).products.length).toBeGreaterThan(0);
    for (const product of brJson(kept).products) expect(product).not.toHaveProperty('how_to_use');
  });

  it('a staff edit drops the kept list at once: new copy, new ETag; the usage text on the product’s own page', async () => {
    const staff = await createUser(app, { role: 'admin' });
    const edit = (payload: Record<string, string>) =>
      app.inject({
        method: 'PATCH',
        url: '/api/admin/products/sebobalance',
        headers: staff.headers,
        payload,
      });
    const before = await listBr();
    await listBr();
    const kept = () =>
      app.publicContent.peek(
        requestAlias({ name: 'shop/products', cacheControl: '' }, '/api/shop/products'),
      );
    expect(kept()).toBeDefined();

    expect((await edit({ description: 'Balances oil, now in new words.' })).statusCode).toBe(200);
    expect(kept()).toBeUndefined();
    const after = await listBr();
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const listed = brJson(after).products.find((p) => p.id === 'sebobalance');
    expect(listed?.description).toBe('Balances oil, now in new words.');
    expect(listed).not.toHaveProperty('how_to_use');

    // The usage text alone: the list is made again, byte for byte the same, so the same ETag
    // (a browser's copy is still right); the product's own page has the new text.
    await listBr();
    expect((await edit({ how_to_use: 'Two pumps, morning and night.' })).statusCode).toBe(200);
    expect(kept()).toBeUndefined();
    const again = await listBr();
    expect(again.headers.etag).toBe(after.headers.etag);
    expect(again.rawPayload.equals(after.rawPayload)).toBe(true);
    const one = await get('/api/shop/products/sebobalance');
    expect(one.json()).toMatchObject({ how_to_use: 'Two pumps, morning and night.' });
  });
});

describe('bounded memory', () => {
  it(`keeps at most ${PUBLIC_CONTENT_ENTRIES} answers and ${PUBLIC_CONTENT_ALIASES} query strings`, async () => {
    // Distinct searches, each spelt three ways: more answers and more spellings than kept.
    for (let i = 0; i < PUBLIC_CONTENT_ENTRIES + 40; i++) {
      for (const spelling of [`q=term${i}`, `q=term${i}+`, `q=+term${i}`]) {
        expect((await get(`/api/shop/products?${spelling}`)).statusCode).toBe(200);
      }
    }
    const { entries, aliases } = app.publicContent.sizes();
    expect(entries).toBe(PUBLIC_CONTENT_ENTRIES);
    expect(aliases).toBe(PUBLIC_CONTENT_ALIASES);
    // The newest search is kept under its spellings; the oldest is gone.
    const kept = (query: string) =>
      app.publicContent.peek(
        requestAlias({ name: 'shop/products', cacheControl: '' }, `/api/shop/products?${query}`),
      );
    const last = PUBLIC_CONTENT_ENTRIES + 39;
    expect(kept(`q=term${last}`)).toBeDefined();
    expect(kept(`q=+term${last}`)).toBe(kept(`q=term${last}+`));
    expect(kept('q=term0')).toBeUndefined();
  });

  it('evicts the least recently used answer: a hit, repeated or not, keeps it; a remade one is newest', async () => {
    const made: string[] = [];
    const make = (key: string) => async () => {
      made.push(key);
      return JSON.stringify({ key });
    };
    const get = (key: string) => app.publicContent.get(`lru ${key}`, make(key));
    // full of known answers, whatever the tests before kept
    for (let i = 0; i < PUBLIC_CONTENT_ENTRIES; i++) await get(`pre${i}`);
    await get('a');
    await get('b');
    // 'a' asked for again, twice in a row (the second a hit on the newest): 'b' is now the oldest
    await get('a');
    await get('a');
    for (let i = 0; i < PUBLIC_CONTENT_ENTRIES - 2; i++) await get(`fill${i}`);
    // full: the next one pushes out the least recently used, 'b', not 'a'
    await get('c');
    made.length = 0;
    await get('a');
    expect(made).toEqual([]);
    await get('b');
    expect(made).toEqual(['b']);
    // The oldest now is fill1; made again once too old, it goes to the end, and the next new
    // answer pushes out fill2 instead.
    const again = () => app.publicContent.get('lru fill1', make('fill1'), { maxAgeMs: 0 });
    await again();
    expect(made).toEqual(['b', 'fill1']);
    await get('d');
    await get('fill1');
    expect(made).toEqual(['b', 'fill1', 'd']);
    await get('fill2');
    expect(made).toEqual(['b', 'fill1', 'd', 'fill2']);
  });

  it('parses Accept-Encoding as RFC 9110 says (q=0 refuses, * allows gzip)', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

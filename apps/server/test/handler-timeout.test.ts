import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWERED_FROM_MEMORY } from '../src/http/cached-body';
import { timed, withHandlerTimeout } from '../src/http/handler-timeout';
import { blogPosts } from '../src/modules/blog/schema';
import { products } from '../src/modules/shop/schema';
import { contentSeeders, runSeeders } from '../src/seed';
import { createUser } from './factories';
import { buildTestApp } from './helper';

/*
 * The app's handler timeout is given route by route (decision 148): every route has the app's
 * REQUEST_TIMEOUT_MS unless it sets its own, but the reads answered from memory, which have none;
 * the not-found handler (the public pages) keeps it through `withHandlerTimeout`.
 */
// A second: the catalogue's first read (a miss, its handler under the app's timeout) on a fresh
// database took over 150 ms while two other test files ran beside it (a 503 timeout, 2026-12-04).
// The slow handlers outlast it by half: a timer never fires early.
const TIMEOUT_MS = 1_000;
const SLOW_MS = TIMEOUT_MS * 1.5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let app: FastifyInstance;
/** The handler timeout each answered request's route had, by method and path. */
const timeouts = new Map<string, number>();

beforeAll(async () => {
  app = await buildTestApp({ requestTimeoutMs: TIMEOUT_MS });
  await runSeeders(app.db, () => {}, contentSeeders);
  app.addHook('onResponse', (request, _reply, done) => {
    timeouts.set(
      `${request.method} ${request.url.split('?')[0]}`,
      request.routeOptions.handlerTimeout,
    );
    done();
  });
  await app.register(
    async (api) => {
      api.get('/slow', async () => {
        await sleep(SLOW_MS);
        return { late: true };
      });
      // A read answered from memory: no timeout from Fastify, its handler arms the app's.
      api.get('/kept-slow', { ...ANSWERED_FROM_MEMORY }, async (request, reply) =>
        timed(request, reply, TIMEOUT_MS, async () => {
          await sleep(SLOW_MS);
          return { late: true };
        }),
      );
      api.get('/own', { handlerTimeout: TIMEOUT_MS * 10 }, async () => {
        await sleep(SLOW_MS);
        return { onTime: true };
      });
      api.register(
        async (pages) => {
          pages.setNotFoundHandler(
            withHandlerTimeout(TIMEOUT_MS, async (request: FastifyRequest, reply: FastifyReply) => {
              await sleep(request.url.includes('slow') ? SLOW_MS : 0);
              return reply.type('text/html; charset=utf-8').send('<p>page</p>');
            }),
          );
        },
        { prefix: '/pages' },
      );
    },
    { prefix: '/api/test' },
  );
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the handler timeout, route by route', () => {
  it('a route without its own answers 503 timeout past the app’s; its own value is kept', async () => {
    const slow = await get('/api/test/slow');
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toMatchObject({ code: 'timeout' });
    const own = await get('/api/test/own');
    expect(own.statusCode).toBe(200);
    expect(timeouts.get('GET /api/test/slow')).toBe(TIMEOUT_MS);
    expect(timeouts.get('GET /api/test/own')).toBe(TIMEOUT_MS * 10);
  });

  it('a read answered from memory has none from Fastify, and its handler times out all the same', async () => {
    const slow = await get('/api/test/kept-slow');
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toMatchObject({ code: 'timeout' });
    expect(timeouts.get('GET /api/test/kept-slow')).toBe(0);
  });

  it('every app route has the app’s timeout or its own, but the two reads answered from memory', async () => {
    const reader = await createUser(app);
    for (const [url, headers] of [
      ['/api/health', {}],
      ['/api/blog/posts/acne-basics', {}],
      ['/api/auth/me', reader.headers],
      ['/api/shop/favorites', reader.headers],
    ] as const) {
      expect((await get(url, headers)).statusCode, url).toBe(200);
      expect(timeouts.get(`GET ${url}`), url).toBe(TIMEOUT_MS);
    }
    for (const url of ['/api/shop/products', '/api/blog/posts']) {
      for (const headers of [{}, {}, reader.headers]) {
        // a miss (the handler), a kept answer (the onRequest hook), a reader's own list
        expect((await get(url, headers)).statusCode, url).toBe(200);
        expect(timeouts.get(`GET ${url}`), url).toBe(0);
      }
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(timeouts.get(`HEAD ${url}`), `HEAD ${url}`).toBe(0);
    }
  });

  it('the catalogue’s and the article list’s handlers time out at the app’s timeout', async () => {
    const reader = await createUser(app);
    for (const [table, url, headers] of [
      [products, '/api/shop/products?q=locked-miss', {}],
      [blogPosts, '/api/blog/posts?q=locked-miss', {}],
      [blogPosts, '/api/blog/posts', reader.headers],
    ] as const) {
      // The table locked by another transaction: the handler's query waits behind it.
      const answer = await app.db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${table} in access exclusive mode`);
        return get(url, headers);
      });
      expect(answer.statusCode, url).toBe(503);
      expect(answer.json()).toMatchObject({ code: 'timeout' });
      expect((await get(url, headers)).statusCode, url).toBe(200);
    }
  });

  it('the not-found handler keeps the app’s timeout: a page rendered too slowly is 503 timeout', async () => {
    const quick = await get('/api/test/pages/quick');
    expect(quick.statusCode).toBe(200);
    expect(quick.body).toBe('<p>page</p>');
    const slow = await get('/api/test/pages/slow');
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toMatchObject({ code: 'timeout' });
    // the late answer does not reach the client or break the app
    await sleep(SLOW_MS);
    expect((await get('/api/test/pages/quick')).statusCode).toBe(200);
  });
});

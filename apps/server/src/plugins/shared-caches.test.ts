import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageRenderer, RenderedPage } from '@lumiskin/contract/page-render';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../test/factories';
import { buildTestInstances, testRedisConfig } from '../../test/helper';
import { products } from '../modules/shop/schema';
import { contentSeeders, runSeeders } from '../seed';

/*
 * Two instances sharing one Redis (decision 027): a page rendered on A is served by B, an admin's
 * edit on A makes B render anew, concurrent misses render once, Markdown is rendered once for all,
 * and the routine's catalogue reloads everywhere after a product changed.
 */
const INDEX =
  '<!doctype html><html><head><title>Lumiskin</title></head><body><div id="root"></div></body></html>';

function page(html: string, cacheable = true): RenderedPage {
  return { status: 200, html, state: '', modules: [], cacheable };
}

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-shared-dist-'));
fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
const renders = [vi.fn<PageRenderer['render']>(), vi.fn<PageRenderer['render']>()];
const redisConfig = testRedisConfig();
let a: FastifyInstance;
let b: FastifyInstance;
let close: () => Promise<void>;
let raw: Redis;

beforeAll(async () => {
  ({
    apps: [a, b],
    close,
  } = (await buildTestInstances(2, (i) => ({
    webDist: dist,
    pageRenderer: { render: renders[i]! },
    redis: redisConfig,
  }))) as { apps: [FastifyInstance, FastifyInstance]; close: () => Promise<void> });
  await runSeeders(a.db, () => {}, contentSeeders);
  raw = new Redis(redisConfig.url);
});
beforeEach(() => {
  renders.forEach((render, i) => {
    render.mockReset();
    render.mockImplementation(async (url) =>
      page(`<p>${'AB'[i]} ${render.mock.calls.length} ${url}</p>`),
    );
  });
});
afterAll(async () => {
  raw.disconnect();
  await close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = async (app: FastifyInstance, url: string) =>
  (await app.inject({ method: 'GET', url })).body;

describe('the page cache across instances', () => {
  it('serves on B the page A rendered, and an admin edit on A makes B render anew', async () => {
    const first = await get(a, '/shop?shared=1');
    expect(first).toContain('<p>A 1 /shop?shared=1</p>');
    expect(await get(b, '/shop?shared=1')).toBe(first);
    expect(renders[1]).not.toHaveBeenCalled();

    const admin = await createUser(a, { role: 'admin' });
    const edit = await a.inject({
      method: 'PATCH',
      url: '/api/admin/products/aquahydra',
      headers: admin.headers,
      payload: { name: 'AquaHydra Renamed' },
    });
    expect(edit.statusCode).toBe(200);

    expect(await get(b, '/shop?shared=1')).toContain('<p>B 1 /shop?shared=1</p>');
    expect(await get(a, '/shop?shared=1')).toContain('<p>B 1 /shop?shared=1</p>');
    expect(renders[0]).toHaveBeenCalledTimes(1);
  });

  it('keeps pages in Redis under a hash of language and URL, for a few seconds only', async () => {
    await get(a, '/shop?ttl=1');
    const keys = await raw.keys(`${redisConfig.keyPrefix}pages:*`);
    const pageKeys = keys.filter((key) => !key.endsWith(':version'));
    expect(pageKeys.length).toBeGreaterThan(0);
    for (const key of pageKeys) {
      expect(key).not.toContain('/shop');
      expect(await raw.pttl(key)).toBeLessThanOrEqual(5_000);
    }
  });

  it('renders once for concurrent misses of one page, and per visitor for a page with an effect', async () => {
    renders[0]!.mockImplementation(
      (url) => new Promise((resolve) => setTimeout(() => resolve(page(`<p>once ${url}</p>`)), 150)),
    );
    const bodies = await Promise.all(Array.from({ length: 5 }, () => get(a, '/shop?burst=1')));
    expect(renders[0]).toHaveBeenCalledTimes(1);
    expect(new Set(bodies)).toEqual(
      new Set([expect.stringContaining('<p>once /shop?burst=1</p>')]),
    );

    renders[0]!.mockReset();
    renders[0]!.mockImplementation(
      () =>
        new Promise((resolve) =>
          setTimeout(
            () => resolve(page(`<p>view ${renders[0]!.mock.calls.length}</p>`, false)),
            50,
          ),
        ),
    );
    await Promise.all(Array.from({ length: 3 }, () => get(a, '/learn/an-article')));
    expect(renders[0]).toHaveBeenCalledTimes(3);
  });
});

describe('the Markdown cache across instances', () => {
  it('renders a text once: B reads what A stored, and concurrent calls share one rendering', async () => {
    const text = `## Shared ${Date.now()}\n\nSome *Markdown*.`;
    expect(await a.markdown.render(text)).toContain('<em>Markdown</em>');
    const [key, ...others] = await raw.keys(`${redisConfig.keyPrefix}markdown:*`);
    expect(others).toEqual([]);
    expect(await raw.ttl(key!)).toBeGreaterThan(23 * 3600);
    // B takes the stored HTML as it is: proof that it read Redis instead of rendering
    await raw.set(key!, '<p>from redis</p>', 'KEEPTTL');
    expect(await b.markdown.render(text)).toBe('<p>from redis</p>');

    const fresh = `## Concurrent ${Date.now()}`;
    const calls = [b.markdown.render(fresh), b.markdown.render(fresh)];
    expect(calls[0]).toBe(calls[1]);
    expect(await calls[0]).toContain('<h2>Concurrent');
  });
});

describe('the catalogue across instances', () => {
  it("reloads on B after A's invalidation, and not before", async () => {
    const name = async (app: FastifyInstance) => (await app.catalogue.get()).base('aquahydra').name;
    await a.catalogue.get();
    const before = await name(b);
    await a.db
      .update(products)
      .set({ name: 'AquaHydra Direct' })
      .where(eq(products.id, 'aquahydra'));
    expect(await name(b)).toBe(before);
    await a.catalogue.invalidate();
    expect(await name(b)).toBe('AquaHydra Direct');
  });
});

describe('the site settings across instances', () => {
  it("serve on B an admin's change on A at once (not after the 15 s without Redis)", async () => {
    const banner = async (app: FastifyInstance) =>
      (
        (await app.inject({ method: 'GET', url: '/api/settings' })).json() as {
          announcement: string;
        }
      ).announcement;
    const before = await banner(b);
    const admin = await createUser(a, { role: 'admin' });
    const text = `Maintenance tonight ${Date.now()}`;
    const res = await a.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { announcement: text },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(before).not.toBe(text);
    expect(await banner(b)).toBe(text);
  });
});

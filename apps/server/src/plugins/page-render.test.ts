import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageRenderer, RenderedPage } from '@lumiskin/contract/page-render';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { assemblePage, PAGE_TTL_MS, RENDER_TIMEOUT_MS, routeAssets } from './page-render';

const INDEX = [
  '<!doctype html><html><head><title>Lumiskin</title>',
  '<meta name="description" content="The app." />',
  '<script type="module" src="/assets/index-Ab12.js"></script></head>',
  '<body><div id="root"></div></body></html>',
].join('');

const MANIFEST = {
  'index.html': { file: 'assets/index-Ab12.js', isEntry: true },
  'src/features/shop/routes/shop.tsx': {
    file: 'assets/shop-Cd34.js',
    imports: ['_shared-Ef56.js', 'index.html'],
  },
  '_shared-Ef56.js': { file: 'assets/shared-Ef56.js', css: ['assets/shared-Gh78.css'] },
};

function page(overrides: Partial<RenderedPage> = {}): RenderedPage {
  return {
    status: 200,
    html: '<title>Shop — Lumiskin</title><meta name="description" content="Our shop."/><main>Shop</main>',
    state: '<script type="application/json" id="ssr-state">{"queries":[]}</script>',
    modules: ['src/features/shop/routes/shop.tsx'],
    cacheable: true,
    ...overrides,
  };
}

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-ssr-dist-'));
const render = vi.fn<PageRenderer['render']>();
let app: FastifyInstance;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  app = await buildTestApp({ webDist: dist, pageRenderer: { render } });
});
afterEach(() => {
  render.mockReset();
  vi.useRealTimers();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('assembling a server-rendered page', () => {
  it("puts the page's title and description in <head> instead of the app's, and its markup in #root", () => {
    const html = assemblePage(INDEX, page(), { stylesheets: '', scripts: '' });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(
      '<title>Shop — Lumiskin</title><meta name="description" content="Our shop."/></head>',
    );
    expect(html).not.toContain('The app.');
    expect(html).toContain(
      '<div id="root"><main>Shop</main></div><script type="application/json" id="ssr-state">',
    );
  });

  it('keeps the app title when the page has none, and markup with $ patterns as written', () => {
    const html = assemblePage(INDEX, page({ html: "<p>$& $1 $' costs £5</p>" }), {
      stylesheets: '',
      scripts: '',
    });
    expect(html).toContain('<title>Lumiskin</title>');
    expect(html).toContain('<div id="root"><p>$& $1 $\' costs £5</p></div>');
  });

  it("lists a route's chunk and its imports once, without what the page already loads", () => {
    const assets = routeAssets(MANIFEST, ['src/features/shop/routes/shop.tsx'], INDEX);
    expect(assets.stylesheets).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/shared-Gh78.css">',
    );
    const list = /<script type="application\/json" id="ssr-modules">(.*)<\/script>/.exec(
      assets.scripts,
    );
    expect(JSON.parse(list?.[1] ?? 'null')).toEqual([
      '/assets/shop-Cd34.js',
      '/assets/shared-Ef56.js',
    ]);
    expect(routeAssets(MANIFEST, ['src/unknown.tsx'], INDEX).scripts).toContain('[]');
  });
});

describe('serving server-rendered pages', () => {
  it('sends the rendered page, revalidated, under the same CSP, with the route assets', async () => {
    render.mockResolvedValue(page());
    const res = await app.inject({ method: 'GET', url: '/shop' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<div id="root"><main>Shop</main></div>');
    expect(res.body).toContain('href="/assets/shared-Gh78.css"');
    expect(res.body).toContain('["/assets/shop-Cd34.js","/assets/shared-Ef56.js"]');
    expect(render).toHaveBeenCalledWith('/shop', { fetch: expect.any(Function) });
  });

  it('answers the API calls of a render in process, as the visitor who asked', async () => {
    render.mockImplementation(async (_url, { fetch }) => {
      const health = await fetch('/api/health', { method: 'GET' });
      const missing = await fetch('/api/shop/products/nope', { method: 'GET' });
      const body = (await health.json()) as { status: string };
      return page({ html: `<p>${health.status} ${body.status} ${missing.status}</p>` });
    });
    const res = await app.inject({ method: 'GET', url: '/learn?q=from-api' });
    expect(res.body).toContain('<div id="root"><p>200 ok 404</p></div>');
  });

  it('sends the plain app when the path is not a server page, the render fails or it is slow', async () => {
    render.mockResolvedValueOnce(null);
    expect((await app.inject({ method: 'GET', url: '/dashboard' })).body).toBe(INDEX);

    render.mockRejectedValueOnce(new Error('renderer crashed'));
    const crashed = await app.inject({ method: 'GET', url: '/privacy' });
    expect(crashed.statusCode).toBe(200);
    expect(crashed.body).toBe(INDEX);

    render.mockResolvedValueOnce(page({ status: 404 }));
    expect((await app.inject({ method: 'GET', url: '/terms' })).body).toBe(INDEX);

    render.mockImplementationOnce(
      () => new Promise((resolve) => setTimeout(() => resolve(page()), RENDER_TIMEOUT_MS + 500)),
    );
    const started = Date.now();
    const slow = await app.inject({ method: 'GET', url: '/slow' });
    expect(slow.body).toBe(INDEX);
    expect(Date.now() - started).toBeLessThan(RENDER_TIMEOUT_MS + 400);
  });

  it('reuses a render for a few seconds per URL, and never a failed one', async () => {
    render.mockImplementation(async (url) =>
      page({ html: `<p>${url} ${render.mock.calls.length}</p>` }),
    );
    const get = async (url: string) => (await app.inject({ method: 'GET', url })).body;

    const first = await get('/?cached=1');
    expect(await get('/?cached=1')).toBe(first);
    expect(render).toHaveBeenCalledTimes(1);
    expect(await get('/?cached=2')).not.toBe(first);
    expect(render).toHaveBeenCalledTimes(2);

    await new Promise((resolve) => setTimeout(resolve, PAGE_TTL_MS + 50));
    expect(await get('/?cached=1')).not.toBe(first);
    expect(render).toHaveBeenCalledTimes(3);

    render.mockResolvedValueOnce(null);
    expect(await get('/?failed=1')).toBe(INDEX);
    expect(await get('/?failed=1')).toContain('<p>/?failed=1');
  });

  it("renders in the visitor's first language and keeps one page per language", async () => {
    render.mockImplementation(async (_url, options) =>
      page({ html: `<p>${options.acceptLanguage ?? 'none'}</p>` }),
    );
    const get = async (language?: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/?lang=1',
          headers: language ? { 'accept-language': language } : {},
        })
      ).body;

    expect(await get('en-US,en;q=0.9')).toContain('<p>en-US</p>');
    expect(await get('de-DE;q=1, en;q=0.5')).toContain('<p>de-DE</p>');
    expect(await get('en-US')).toContain('<p>en-US</p>');
    expect(await get()).toContain('<p>none</p>');
    expect(render).toHaveBeenCalledTimes(3); // the second en-US request was served from the cache
  });

  it('renders a page whose render has an effect (an article view) for every request', async () => {
    render.mockImplementation(async () =>
      page({ html: `<p>render ${render.mock.calls.length}</p>`, cacheable: false }),
    );
    const first = await app.inject({ method: 'GET', url: '/learn/some-article' });
    const second = await app.inject({ method: 'GET', url: '/learn/some-article' });
    expect(first.body).toContain('<p>render 1</p>');
    expect(second.body).toContain('<p>render 2</p>');
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('answers a page that does not exist with the shell and a 404', async () => {
    render.mockResolvedValue(page({ status: 404, html: '', state: '', modules: [] }));
    const res = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toBe(INDEX);
  });

  it('answers HEAD without rendering', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/learn/an-article' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(render).not.toHaveBeenCalled();
  });

  it('does not serve build metadata', async () => {
    const res = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});

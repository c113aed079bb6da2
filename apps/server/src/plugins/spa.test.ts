import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-dist-'));
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';
const BUNDLE = `console.log(${JSON.stringify('lumiskin '.repeat(500))});`;
/** A WebAssembly module's header (magic number and version): enough for the type and the headers. */
const WASM = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

let app: FastifyInstance;
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), BUNDLE);
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Lumiskin"}');
  // A file the build compressed (apps/web/vite.config.ts): the copies say which one was sent.
  fs.writeFileSync(path.join(dist, 'assets', 'main-Zz99Yy88.js'), BUNDLE);
  fs.writeFileSync(
    path.join(dist, 'assets', 'main-Zz99Yy88.js.br'),
    zlib.brotliCompressSync(`${BUNDLE}//br`),
  );
  fs.writeFileSync(
    path.join(dist, 'assets', 'main-Zz99Yy88.js.gz'),
    zlib.gzipSync(`${BUNDLE}//gz`),
  );
  // The on-device engine's files (apps/web/vite/engine-assets.ts), in their content-hash directory.
  fs.mkdirSync(path.join(dist, 'engine', '0123456789ab'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'engine', '0123456789ab', 'tfjs-backend-wasm.wasm'), WASM);
  app = await buildTestApp({ webDist: dist });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the built SPA', () => {
  it.each(['/', '/dashboard', '/quiz/category/3', '/analysis/6f1c?tab=1'])(
    '%s gets index.html, revalidated',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('caches hashed assets for a year, compressed', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
    expect(res.rawPayload.length).toBeLessThan(BUNDLE.length / 4);
  });

  it("sends the build's own compressed copies as they are, by what the browser accepts", async () => {
    const get = (encoding: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/main-Zz99Yy88.js',
        headers: { 'accept-encoding': encoding },
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(`${BUNDLE}//br`);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(`${BUNDLE}//gz`);

    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it("caches the on-device engine's files for a year, as WebAssembly, with the engine's CSP", async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/engine/0123456789ab/tfjs-backend-wasm.wasm',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('application/wasm');
    expect(res.rawPayload.equals(WASM)).toBe(true);
    // WebAssembly may be compiled (the engine's worker), nothing else is loosened.
    expect(res.headers['content-security-policy']).toContain(
      "script-src 'self' 'wasm-unsafe-eval';",
    );
    const missing = await app.inject({ method: 'GET', url: '/engine/0123456789ab/nope.bin' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });

  it('revalidates un-hashed files', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('missing files are 404s, not index.html', async () => {
    for (const url of ['/assets/missing-123.js', '/favicon-nope.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('unknown /api paths stay JSON 404s', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('without a build', () => {
  it('says how to build the web app', async () => {
    const bare = await buildTestApp({ webDist: path.join(dist, 'does-not-exist') });
    try {
      const res = await bare.inject({ method: 'GET', url: '/dashboard' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('npm run build');
      expect((await bare.inject({ method: 'GET', url: '/api/nope' })).json()).toMatchObject({
        code: 'not_found',
      });
    } finally {
      await bare.close();
    }
  });
});

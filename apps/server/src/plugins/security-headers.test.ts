import fs from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { createUser } from '../../test/factories';
import { HELMET_OPTIONS, helmetHeaders } from './security-headers';

/** What helmet's own middleware writes on a real Node response, as @fastify/helmet ran it. */
function headersHelmetWrites(): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  response.setHeader('X-Powered-By', 'something');
  helmet(HELMET_OPTIONS)(response.req, response, () => {});
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

const HELMET_WRITES = headersHelmetWrites();

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-dist-'));
let app: FastifyInstance;
let signedIn: Record<string, string>;
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-Ab12Cd34.js'), 'console.log(1)');
  app = await buildTestApp({ webDist: dist });
  signedIn = (await createUser(app, { email: 'headers@example.test' })).headers;
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('security headers, computed once', () => {
  it('are exactly what helmet writes for our options, CSP included', () => {
    const expected = HELMET_WRITES;
    expect(expected['x-powered-by']).toBeUndefined();
    expect(helmetHeaders(HELMET_OPTIONS)).toEqual(expected);
    expect(Object.keys(expected).sort()).toEqual([
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]);
    expect(expected['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';script-src 'self' 'wasm-unsafe-eval';style-src 'self' 'unsafe-inline';" +
        "img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';" +
        "media-src 'self' blob:;worker-src 'self' blob:;manifest-src 'self';object-src 'none';" +
        "frame-ancestors 'self';form-action 'self';script-src-attr 'none'",
    );
  });

  it('refuses options whose headers would depend on the request', () => {
    expect(() =>
      helmetHeaders({
        contentSecurityPolicy: {
          directives: { scriptSrc: ["'self'", (_req, res) => `'nonce-${String(res)}'`] },
        },
      }),
    ).toThrow(/depend on the request/);
  });

  it.each([
    ['the cached catalogue', { method: 'GET', url: '/api/shop/products' }, 200],
    ['articles', { method: 'GET', url: '/api/blog/posts' }, 200],
    ['a signed-out /me', { method: 'GET', url: '/api/auth/me' }, 401],
    ['an unknown API path', { method: 'GET', url: '/api/no-such-thing' }, 404],
    ['a bad body', { method: 'POST', url: '/api/auth/login', payload: { email: 1 } }, 400],
    ['a page', { method: 'GET', url: '/shop' }, 200],
    ['a built file', { method: 'GET', url: '/assets/app-Ab12Cd34.js' }, 200],
    ['the health check', { method: 'GET', url: '/api/health' }, 200],
  ] as const)('are on every response: %s', async (_name, request, status) => {
    const res = await app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject(HELMET_WRITES);
  });

  it('are on signed-in answers and on a 304', async () => {
    for (const url of ['/api/auth/me', '/api/dashboard/stats']) {
      const res = await app.inject({ method: 'GET', url, headers: signedIn });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject(HELMET_WRITES);
    }
    const first = await app.inject({ method: 'GET', url: '/api/shop/products' });
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await app.inject({
      method: 'GET',
      url: '/api/shop/products',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers).toMatchObject(HELMET_WRITES);
  });
});

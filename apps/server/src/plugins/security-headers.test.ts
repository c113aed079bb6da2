import fs from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { createUser } from '../../test/factories';
import { API_HELMET_OPTIONS, HELMET_OPTIONS, helmetHeaders, isApiAnswer } from './security-headers';

/** What helmet's own middleware writes on a real Node response, as @fastify/helmet ran it. */
function headersHelmetWrites(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  response.setHeader('X-Powered-By', 'something');
  helmet(options)(response.req, response, () => {});
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

/** Documents: helmet's full set with our CSP. */
const HELMET_WRITES = headersHelmetWrites(HELMET_OPTIONS);
/** API answers: the JSON set (decision 117). */
const API_WRITES = headersHelmetWrites(API_HELMET_OPTIONS);
/** Headers that only mean something for a document, never on an API answer. */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function expectApiSet(headers: Record<string, unknown>) {
  expect(headers).toMatchObject(API_WRITES);
  expect(headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  for (const name of DOCUMENT_ONLY) expect(headers[name], name).toBeUndefined();
}

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

  it('for API answers are the JSON set: a strict CSP, nothing only documents use', () => {
    expect(helmetHeaders(API_HELMET_OPTIONS)).toEqual(API_WRITES);
    expect(API_WRITES).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': HELMET_WRITES['strict-transport-security'],
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });

  it.each([
    ['/api/shop/products', true],
    ['/api/shop/products?q=dry', true],
    ['/api', true],
    ['/api?x=1', true],
    ['/api/health', true],
    ['/api/docs', false],
    ['/api/docs/', false],
    ['/api/docs/static/index.html', false],
    ['/api/docsearch', true],
    ['/apis', false],
    ['/shop', false],
    ['/', false],
    ['/assets/app.js', false],
  ] as const)('tell an API answer by its path: %s', (url, api) => {
    expect(isApiAnswer(url)).toBe(api);
  });

  it.each([
    ['the cached catalogue', { method: 'GET', url: '/api/shop/products' }, 200],
    ['articles', { method: 'GET', url: '/api/blog/posts' }, 200],
    ['a signed-out /me', { method: 'GET', url: '/api/auth/me' }, 401],
    ['an unknown API path', { method: 'GET', url: '/api/no-such-thing' }, 404],
    ['a bad body', { method: 'POST', url: '/api/auth/login', payload: { email: 1 } }, 400],
    ['the health check', { method: 'GET', url: '/api/health' }, 200],
  ] as const)('API answers carry the JSON set: %s', async (_name, request, status) => {
    const res = await app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    expectApiSet(res.headers);
  });

  it.each([
    ['a page', '/shop'],
    ['an unknown page', '/no-such-page'],
    ['a built file', '/assets/app-Ab12Cd34.js'],
    ['the API documentation', '/api/docs/'],
  ] as const)("documents carry helmet's full set: %s", async (_name, url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeLessThan(400);
    expect(res.headers).toMatchObject(HELMET_WRITES);
  });

  it('signed-in answers and a 304 carry the JSON set', async () => {
    for (const url of ['/api/auth/me', '/api/dashboard/stats']) {
      const res = await app.inject({ method: 'GET', url, headers: signedIn });
      expect(res.statusCode).toBe(200);
      expectApiSet(res.headers);
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
    expectApiSet(again.headers);
  });
});

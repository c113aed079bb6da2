import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helper';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('HTTP basics', () => {
  it('sends documents a CSP that allows only our own scripts', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/img-src 'self' data: blob:/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('sends API answers a CSP that allows nothing (decision 117)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('answers an address the router cannot take with {detail, code}, as every error', async () => {
    // A path segment over the router's 100 characters, and one that does not decode: Fastify
    // answered these itself as {error, code, message}.
    const long = await app.inject({ method: 'GET', url: `/api/shop/products/${'a'.repeat(101)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      detail: 'A part of the address is too long',
      code: 'uri_too_long',
    });
    const undecodable = await app.inject({ method: 'DELETE', url: '/api/shop/favorites/%E0%A4%A' });
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json()).toEqual({ detail: 'The address is not valid', code: 'bad_url' });
    expect(undecodable.headers['content-type']).toMatch(/application\/json/);
  });

  it('compresses responses when the client accepts it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('publishes OpenAPI with the auth routes at /api/docs', async () => {
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const spec = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }
        >
      >;
    }>();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/register',
        '/api/auth/login',
        '/api/auth/logout',
        '/api/auth/me',
      ]),
    );
    const registerBody =
      spec.paths['/api/auth/register']?.post?.requestBody?.content['application/json']?.schema;
    expect(registerBody?.required).toEqual(
      expect.arrayContaining(['name', 'email', 'password', 'confirmPassword']),
    );
  });
});

describe('GET /api/health', () => {
  it('reports the database up', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'up',
      version: 'test',
      uptime_s: expect.any(Number),
    });
  });

  it('reports 503 degraded when the database does not answer', async () => {
    const down = await buildTestApp();
    // Point the pool at a port nobody listens on by ending it: queries now fail.
    await down.sql.end();
    try {
      const res = await down.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
    } finally {
      await down.close();
    }
  });
});

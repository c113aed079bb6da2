import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, captureLogs } from './helper';

const logs = captureLogs();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ logLevel: 'info', logStream: logs.stream, bodyLimitBytes: 2048 });
  await app.register(
    async (api) => {
      api.get('/boom', async () => {
        throw new Error('relation "users" does not exist at SELECT password_hash FROM users');
      });
      api.get('/slow', { handlerTimeout: 100 }, async () => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        return { late: true };
      });
      api.post(
        '/echo',
        {
          schema: {
            body: z.object({
              title: z.string().min(3, 'Title is too short'),
              tags: z.array(z.string()),
            }),
          },
        },
        async (request) => request.body,
      );
      api.post('/big', { bodyLimit: 64 * 1024 }, async (request) => ({
        size: JSON.stringify(request.body).length,
      }));
    },
    { prefix: '/api/test' },
  );
});
afterAll(() => app.close());

describe('one error handler', () => {
  it('unknown /api paths are a JSON 404 for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/no/such/thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({
        detail: `No route for ${method} /api/no/such/thing`,
        code: 'not_found',
      });
    }
  });

  it('validation: the first issue is the detail, every issue in fields', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: 'ab', tags: [1] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Title is too short',
      code: 'validation_error',
      fields: { title: 'Title is too short', 'tags.0': expect.any(String) },
    });
  });

  it('strips unknown fields from validated bodies', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: 'abc', tags: [], role: 'admin' },
    });
    expect(res.json()).toEqual({ title: 'abc', tags: [] });
  });

  it('bad JSON is a 400 JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'The request body is not valid JSON',
      code: 'validation_error',
    });
  });

  it('a body over the limit is a 413 JSON; a route may raise its limit', async () => {
    const payload = { title: 'x'.repeat(4000), tags: [] };
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      detail: 'The request body is too large',
      code: 'payload_too_large',
    });
    expect((await app.inject({ method: 'POST', url: '/api/test/big', payload })).statusCode).toBe(
      200,
    );
  });

  it('a 5xx hides internals and is logged with the request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json<{ detail: string; code: string }>();
    expect(body.code).toBe('internal_error');
    expect(res.body).not.toMatch(/relation|SELECT|password_hash|at /);
    const requestId = body.detail.match(/request ([0-9a-f-]{36})/)?.[1];
    expect(requestId).toBeDefined();
    const logged = logs.lines().find((l) => l.reqId === requestId && l.level === 50);
    expect(logged?.msg).toBe('request failed');
    expect(JSON.stringify(logged)).toContain('relation \\"users\\" does not exist');
  });

  it('a handler that runs past the request timeout answers 503 JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/slow' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'timeout' });
  });
});

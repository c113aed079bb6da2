import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUser } from './factories';
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
      api.post(
        '/nested',
        {
          schema: {
            body: z.object({
              settings: z.object({ theme: z.string() }).partial().optional(),
              steps: z.array(z.object({ name: z.string() })).default([]),
              kind: z
                .discriminatedUnion('type', [
                  z.object({ type: z.literal('a'), a: z.number() }),
                  z.object({ type: z.literal('b'), b: z.number() }),
                ])
                .optional(),
              // Declared loose on purpose: its extra keys are the route's business.
              extra: z.looseObject({ known: z.string() }).optional(),
            }),
          },
        },
        async (request) => request.body,
      );
      api.patch(
        '/thing',
        { schema: { body: z.object({ name: z.string().optional() }) } },
        async (request) => ({ patched: request.body }),
      );
      api.post(
        '/big',
        { bodyLimit: 64 * 1024, config: { readsItsOwnBody: true } },
        async (request) => ({ size: JSON.stringify(request.body).length }),
      );
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

  it('refuses unknown body fields with a 400 that names them (decision 074)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: 'abc', tags: [], role: 'admin', isAdmin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Unknown fields: role, isAdmin',
      code: 'unknown_field',
      fields: { role: 'Unknown field', isAdmin: 'Unknown field' },
    });
    const one = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: 'abc', tags: [], role: 'admin' },
    });
    expect(one.json()).toMatchObject({ detail: 'Unknown field: role', code: 'unknown_field' });
    // A known body still passes as it was.
    const ok = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: 'abc', tags: ['x'] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ title: 'abc', tags: ['x'] });
  });

  it('names unknown fields inside nested objects, arrays and unions too', async () => {
    const nested = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/test/nested', payload });
    expect((await nested({ settings: { theme: 'dark', colour: 'red' } })).json()).toMatchObject({
      code: 'unknown_field',
      detail: 'Unknown field: settings.colour',
    });
    expect((await nested({ steps: [{ name: 'a' }, { name: 'b', id: 3 }] })).json()).toMatchObject({
      code: 'unknown_field',
      detail: 'Unknown field: steps.id',
    });
    expect((await nested({ kind: { type: 'a', a: 1, b: 2 } })).json()).toMatchObject({
      code: 'unknown_field',
      detail: 'Unknown field: kind.b',
    });
    const loose = await nested({ extra: { known: 'k', anything: 1 }, kind: { type: 'b', b: 2 } });
    expect(loose.statusCode).toBe(200);
    expect(loose.json()).toEqual({
      extra: { known: 'k', anything: 1 },
      kind: { type: 'b', b: 2 },
      steps: [],
    });
  });

  it('a write route that reads no body refuses one that says something, and changes nothing', async () => {
    const person = await createUser(app);
    const logout = (payload?: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: person.headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const me = async () =>
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: person.headers }))
        .statusCode;

    const everyone = await logout({ everywhere: true });
    expect(everyone.statusCode).toBe(400);
    expect(everyone.json()).toEqual({
      detail: 'Unknown field: everywhere',
      code: 'unknown_field',
      fields: { everywhere: 'Unknown field' },
    });
    expect((await logout([1])).json()).toMatchObject({
      code: 'validation_error',
      detail: 'This request takes no body',
    });
    expect(await me()).toBe(200);
    // `{}` is no body at all.
    expect((await logout({})).statusCode).toBe(204);
    expect(await me()).toBe(401);
  });

  it('a JSON content type with nothing after it is no body where none is read, and empty where one is', async () => {
    const person = await createUser(app);
    const bare = (url: string, payload = '') =>
      app.inject({
        method: 'POST',
        url,
        headers: { ...person.headers, 'content-type': 'application/json' },
        payload,
      });
    // As fetch(url, {method: 'POST', headers: {'content-type': 'application/json'}}) sends it.
    expect((await bare('/api/notifications/read-all')).json()).toEqual({ updated: 0, unread: 0 });
    expect((await bare('/api/notifications/read-all', ' \n')).statusCode).toBe(200);
    const needsOne = await bare('/api/users/me/password');
    expect(needsOne.statusCode).toBe(400);
    expect(needsOne.json()).toEqual({
      detail: 'The request body is empty',
      code: 'validation_error',
    });
  });

  it('every write route without a body schema refuses an unknown field before its handler', async () => {
    await app.ready();
    const admin = await createUser(app, { role: 'admin' });
    const doc = app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    // The app's routes (this file's own test routes aside).
    const appPaths = Object.entries(doc.paths).filter(([path]) => !path.startsWith('/api/test/'));
    const bodiless = appPaths.flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([method, op]) => ['post', 'put', 'patch', 'delete'].includes(method) && !op.requestBody,
        )
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
    // The likes, sign-out, "mark all read", admin suspensions…: more than a handful.
    expect(bodiless.length).toBeGreaterThan(15);
    for (const { method, path } of bodiless) {
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const res = await app.inject({
        method: method as 'POST',
        url,
        headers: admin.headers,
        payload: { surprise: 1 },
      });
      expect({
        method,
        path,
        status: res.statusCode,
        code: res.json<{ code: string }>().code,
      }).toEqual({
        method,
        path,
        status: 400,
        code: 'unknown_field',
      });
    }
  });

  it('an empty PATCH is a 400 nothing_to_change before the handler runs', async () => {
    const empty = await app.inject({ method: 'PATCH', url: '/api/test/thing', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'nothing_to_change' });
    const named = await app.inject({
      method: 'PATCH',
      url: '/api/test/thing',
      payload: { name: 'x' },
    });
    expect(named.json()).toEqual({ patched: { name: 'x' } });
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

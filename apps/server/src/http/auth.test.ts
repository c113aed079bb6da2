import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { authenticateDeclared, currentUser, requireRole } from './auth';
import { notFoundUnless } from './errors';

const security = [{ bearer: [] }];

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  // Routes the way the modules write them: the declared security authenticates (as under /api).
  await app.register(
    async (api) => {
      api.addHook('onRequest', authenticateDeclared);
      api.get('/mine', { schema: { security } }, async (request) => ({
        id: request.user.id,
      }));
      api.get(
        '/moderation',
        { onRequest: requireRole('moderator'), schema: { security } },
        async (request) => ({ role: request.user.role }),
      );
      api.get('/admin', { onRequest: requireRole('admin'), schema: { security } }, async () => ({
        ok: true,
      }));
      api.get('/maybe', async (request) => ({
        signedIn: (await currentUser(request)) !== null,
      }));
      api.get('/undeclared', async (request) => ({ id: request.user.id }));
      api.get('/things/:id', async (request) => {
        const { id } = request.params as { id: string };
        return notFoundUnless(id === 'known' ? { id } : undefined, 'No such thing');
      });
    },
    { prefix: '/api/guarded' },
  );
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('guards', () => {
  it('declared bearer security: 401 JSON when signed out, request.user when signed in', async () => {
    const signedOut = await get('/api/guarded/mine');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({
      detail: expect.any(String),
      code: 'unauthorized',
    });
    const badToken = await get('/api/guarded/mine', {
      authorization: 'Bearer not-a-live-token-at-all',
    });
    expect(badToken.statusCode).toBe(401);

    const { user, headers } = await createUser(app);
    const res = await get('/api/guarded/mine', headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id });
  });

  it('requireRole: 401 signed out, 403 below the role, admin passes moderator checks', async () => {
    const user = await createUser(app);
    const moderator = await createUser(app, { role: 'moderator' });
    const admin = await createUser(app, { role: 'admin' });

    expect((await get('/api/guarded/moderation')).statusCode).toBe(401);
    const denied = await get('/api/guarded/moderation', user.headers);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      detail: expect.any(String),
      code: 'forbidden',
    });
    expect((await get('/api/guarded/moderation', moderator.headers)).json()).toEqual({
      role: 'moderator',
    });
    expect((await get('/api/guarded/moderation', admin.headers)).json()).toEqual({ role: 'admin' });

    expect((await get('/api/guarded/admin')).statusCode).toBe(401);
    expect((await get('/api/guarded/admin', user.headers)).statusCode).toBe(403);
    expect((await get('/api/guarded/admin', moderator.headers)).statusCode).toBe(403);
    expect((await get('/api/guarded/admin', admin.headers)).statusCode).toBe(200);
  });

  it('currentUser: the user or null on a route open to visitors', async () => {
    const { headers } = await createUser(app);
    expect((await get('/api/guarded/maybe')).json()).toEqual({
      signedIn: false,
    });
    expect((await get('/api/guarded/maybe', headers)).json()).toEqual({
      signedIn: true,
    });
  });

  it('request.user on a route that declares no security is a bug (500), never a silent pass', async () => {
    const { headers } = await createUser(app);
    const res = await get('/api/guarded/undeclared', headers);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      detail: expect.any(String),
      code: 'internal_error',
    });
  });

  it('notFoundUnless: a missing row is a 404 JSON', async () => {
    expect((await get('/api/guarded/things/known')).json()).toEqual({
      id: 'known',
    });
    const res = await get('/api/guarded/things/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No such thing', code: 'not_found' });
  });
});

describe('signed-in answers are never cached', () => {
  it('marks signed-in JSON private, no-store, even where visitors get a public cache', async () => {
    const { headers } = await createUser(app);
    const mine = await get('/api/guarded/mine', headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    // the catalogue is public for visitors, private for a signed-in user
    expect((await get('/api/shop/products')).headers['cache-control']).toBe('public, max-age=60');
    const shop = await get('/api/shop/products', headers);
    expect(shop.headers['cache-control']).toBe('private, no-store');
  });

  it('marks the sign-in answer (it carries a token) private, no-store', async () => {
    const { user, password } = await createUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';

/**
 * Every /api/admin/* route in the OpenAPI document, called as nobody, a user and a moderator.
 * A new route fails here until it is listed below as moderator or admin-only, so none is left open.
 */
const ADMIN_ONLY = new Set([
  'PUT /api/admin/users/{id}/role',
  'POST /api/admin/users/{id}/suspend',
  'POST /api/admin/users/{id}/unsuspend',
  'POST /api/admin/users/{id}/reset-link',
  'POST /api/admin/users/{id}/sign-out',
  'DELETE /api/admin/users/{id}',
  'POST /api/admin/products',
  'PUT /api/admin/products/{id}/price',
  'PUT /api/admin/products/{id}/visibility',
  'PUT /api/admin/products/{id}/featured',
  'PUT /api/admin/products/{id}/formulation',
  'GET /api/admin/audit',
  'GET /api/admin/audit.csv',
  'GET /api/admin/settings',
  'PUT /api/admin/settings',
  'GET /api/admin/orders',
  'PUT /api/admin/orders/{id}/status',
]);
const MODERATOR = new Set([
  'GET /api/admin/overview',
  'GET /api/admin/users',
  'GET /api/admin/users/{id}',
  'GET /api/admin/products',
  'PATCH /api/admin/products/{id}',
  'POST /api/admin/products/{id}/image',
  'GET /api/admin/articles',
  'POST /api/admin/articles',
  'POST /api/admin/articles/preview',
  'PUT /api/admin/articles/{id}',
  'DELETE /api/admin/articles/{id}',
  'GET /api/admin/quiz',
  'POST /api/admin/quiz/questions',
  'PUT /api/admin/quiz/questions/{id}',
  'GET /api/admin/quiz/categories',
  'POST /api/admin/quiz/categories',
  'PUT /api/admin/quiz/categories/order',
  'PATCH /api/admin/quiz/categories/{id}',
]);

let app: FastifyInstance;
let user: CreatedUser;
let moderator: CreatedUser;
let routes: { method: string; path: string; key: string }[];

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  user = await createUser(app);
  moderator = await createUser(app, { role: 'moderator' });
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => {
        const method = m.toUpperCase();
        return { method, path, key: `${method} ${path}` };
      }),
    );
});
afterAll(() => app.close());

/** A concrete URL: path parameters filled with well-formed ids that exist nowhere. */
const urlOf = (path: string) =>
  path.replace(
    '{id}',
    path.includes('/products/') || path.includes('/quiz/') ? 'no-such-id' : crypto.randomUUID(),
  );

describe('the admin API guard sweep', () => {
  it('finds the routes in the OpenAPI document, each classified', () => {
    expect(routes.length).toBe(ADMIN_ONLY.size + MODERATOR.size);
    for (const { key } of routes) expect(ADMIN_ONLY.has(key) || MODERATOR.has(key), key).toBe(true);
  });

  it('answers 401 without a token and 403 for a user, on every route', async () => {
    for (const { method, path, key } of routes) {
      const url = urlOf(path);
      const anonymous = await app.inject({ method: method as 'GET', url, payload: {} });
      expect(anonymous.statusCode, key).toBe(401);
      expect(anonymous.json(), key).toMatchObject({ code: 'unauthorized' });
      const asUser = await app.inject({
        method: method as 'GET',
        url,
        headers: user.headers,
        payload: {},
      });
      expect(asUser.statusCode, key).toBe(403);
      expect(asUser.json(), key).toMatchObject({ code: 'forbidden' });
    }
  });

  it('answers 403 to a moderator on user, role, price, visibility, formulation, audit, settings and order routes only', async () => {
    for (const { method, path, key } of routes) {
      const res = await app.inject({
        method: method as 'GET',
        url: urlOf(path),
        headers: moderator.headers,
        payload: {},
      });
      if (ADMIN_ONLY.has(key)) expect(res.statusCode, key).toBe(403);
      else expect(res.statusCode, key).not.toBe(403);
    }
  });
});

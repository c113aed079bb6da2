import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from './factories';
import { buildTestApp } from './helper';

// Decision 145: @fastify/multipart (its parser and its per-request onRequest/onResponse hooks) is
// registered only in the scopes of the two upload routes, not at the root where every public
// read passed its hooks. The uploads themselves are tested in products.test.ts, scan.test.ts,
// scan-refusals.test.ts and hardening.test.ts.

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  app.get('/api/test/multipart-here', async (request) => ({
    decorated: typeof (request as { isMultipart?: unknown }).isMultipart,
  }));
});
afterAll(() => app.close());

const body =
  '--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.test\r\n--XyZ--\r\n';

it('is not registered at the root: a route outside the upload scopes has none of it', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/test/multipart-here' });
  expect(res.json()).toEqual({ decorated: 'undefined' });
});

it('answers a multipart body to a route that takes none with 415 JSON', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
    payload: body,
  });
  expect(res.statusCode).toBe(415);
  expect(res.json()).toMatchObject({ code: 'unsupported_media_type' });
});

it('still parses multipart on the upload routes', async () => {
  const user = await createUser(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/analysis/scan-upload',
    headers: { ...user.headers, 'content-type': 'multipart/form-data; boundary=XyZ' },
    payload: body,
  });
  // The parts were read (the route's own 400 for a body without the photo, not a 415).
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ reason: 'no_image' });
});

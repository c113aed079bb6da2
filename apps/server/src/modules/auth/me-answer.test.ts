import { MeResponse, PROFILE_CONCERNS } from '@lumiskin/contract/auth';
import { DashboardStatsResponse } from '@lumiskin/contract/dashboard';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUser } from '../../../test/factories';
import { buildTestApp, testConfig } from '../../../test/helper';
import { COMPRESS_FROM_BYTES } from '../../http/cached-body';
import { findUserById, toUser } from './repository';
import { sessions } from './schema';
import { hashToken } from './tokens';

/*
 * Decision 131: a signed-in read finds a kept session without a promise, `/api/auth/me` writes
 * its body once per kept user row, and the two small signed-in reads carry no compression hooks.
 * What they answer must not change: the same bytes zod writes, the same headers, the same 401s.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const get = (url: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url, headers: { ...BROWSER, ...headers } });

describe('GET /api/auth/me', () => {
  it('answers the bytes zod writes for the user, and the same bytes again from memory', async () => {
    const person = await createUser(app, { name: 'Zoë "Quoted" \\ O’Brien' });
    const row = await findUserById(app.db, person.user.id);
    const zodWrites = JSON.stringify(z.encode(MeResponse, { user: toUser(row!) }));
    const first = await get('/api/auth/me', person.headers);
    const second = await get('/api/auth/me', person.headers);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe(zodWrites);
    expect(second.body).toBe(zodWrites);
    expect(MeResponse.parse(second.json()).user.name).toBe('Zoë "Quoted" \\ O’Brien');
  });

  it('answers a profile edit at once on the same instance (a new row, a new body)', async () => {
    const person = await createUser(app);
    expect((await get('/api/auth/me', person.headers)).statusCode).toBe(200);
    const edited = await app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: person.headers,
      payload: { name: 'Renamed Here', skinType: 'oily' },
    });
    expect(edited.statusCode).toBe(200);
    const after = MeResponse.parse((await get('/api/auth/me', person.headers)).json());
    expect(after.user).toMatchObject({ name: 'Renamed Here', profile: { skinType: 'oily' } });
  });

  it('is 401 without a token, with an unknown one, and after sign-out, also once kept', async () => {
    const person = await createUser(app);
    expect((await get('/api/auth/me', {})).statusCode).toBe(401);
    const unknown = await get('/api/auth/me', { authorization: `Bearer ${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    expect((await get('/api/auth/me', person.headers)).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: person.headers,
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await get('/api/auth/me', person.headers)).statusCode).toBe(401);
  });

  it('looks a kept session up without a promise, anything else with one', async () => {
    const person = await createUser(app);
    const header = person.headers.authorization;
    expect(app.lookupSession(undefined)).toBeUndefined();
    expect(app.lookupSession('Basic abc')).toBeUndefined();
    const first = app.lookupSession(header);
    expect(first).toBeInstanceOf(Promise);
    expect((await first)?.user.id).toBe(person.user.id);
    const kept = app.lookupSession(header);
    expect(kept).not.toBeInstanceOf(Promise);
    expect((kept as Awaited<typeof first>)?.user.id).toBe(person.user.id);
    const unknown = app.lookupSession(`Bearer ${'y'.repeat(43)}`);
    expect(unknown).toBeInstanceOf(Promise);
    expect(await unknown).toBeUndefined();
  });

  it('finds the session in the database when it is not kept, then keeps it', async () => {
    const person = await createUser(app);
    // Not yet kept: read from the database (the promise path).
    expect((await get('/api/auth/me', person.headers)).statusCode).toBe(200);
    // Kept: a row removed behind the app's back still answers within the TTL (the kept path).
    await app.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(person.token)));
    expect((await get('/api/auth/me', person.headers)).statusCode).toBe(200);
  });
});

describe('the small signed-in reads without compression hooks', () => {
  it('stay below the compression threshold with the longest ordinary profile', async () => {
    const person = await createUser(app, {
      name: 'é'.repeat(100),
      email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.test`,
    });
    const concerns = await app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: person.headers,
      payload: {
        skinConcerns: [...PROFILE_CONCERNS],
      },
    });
    expect(concerns.statusCode).toBe(200);
    for (const url of ['/api/auth/me', '/api/dashboard/stats']) {
      const answer = await get(url, person.headers);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.rawPayload.length, url).toBeLessThan(COMPRESS_FROM_BYTES);
    }
  });

  it('answer as before: identity JSON, its length, private, the JSON security headers', async () => {
    const person = await createUser(app);
    for (const url of ['/api/auth/me', '/api/dashboard/stats']) {
      const answer = await get(url, person.headers);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-encoding'], url).toBeUndefined();
      expect(answer.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(Number(answer.headers['content-length']), url).toBe(answer.rawPayload.length);
      expect(answer.headers['cache-control'], url).toBe('private, no-store');
      expect(answer.headers['content-security-policy'], url).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const stats = await get('/api/dashboard/stats', person.headers);
    expect(DashboardStatsResponse.parse(stats.json()).stats.total_analyses).toBe(0);
  });
});

describe('what the fast path leaves in place', () => {
  it('the general per-IP limit still counts /me and the stats, kept session or not', async () => {
    const limited = await buildTestApp({ rateLimit: { ...testConfig.rateLimit, max: 4 } });
    try {
      const person = await createUser(limited);
      const codes: number[] = [];
      for (const url of ['/api/auth/me', '/api/auth/me', '/api/dashboard/stats', '/api/auth/me']) {
        codes.push((await limited.inject({ url, headers: person.headers })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200]);
      const refused = await limited.inject({ url: '/api/auth/me', headers: person.headers });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json()).toMatchObject({
        code: expect.any(String),
        detail: expect.any(String),
      });
    } finally {
      await limited.close();
    }
  });
});

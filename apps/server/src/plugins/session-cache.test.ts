import { MeResponse } from '@lumiskin/contract/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/factories';
import { buildTestInstances, testRedisConfig } from '../../test/helper';
import { sessionCache } from '../lib/session-cache';
import { createSession } from '../modules/auth/repository';
import { sessions } from '../modules/auth/schema';
import { hashToken } from '../modules/auth/tokens';

/*
 * Sessions kept in memory (decision 087): two instances on one PostgreSQL and one Redis. Each
 * keeps a session it read; sign-out, a password change, a suspension, a role change, a deletion
 * or a profile edit on one instance is what the other answers with next, without waiting.
 */
let a: FastifyInstance;
let b: FastifyInstance;
let close: () => Promise<void>;
let admin: CreatedUser;

beforeAll(async () => {
  ({
    apps: [a, b],
    close,
  } = (await buildTestInstances(2, { redis: testRedisConfig() })) as {
    apps: [FastifyInstance, FastifyInstance];
    close: () => Promise<void>;
  });
  admin = await createUser(a, { role: 'admin' });
});
afterAll(() => close());

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
/** Both instances have read (and keep) the session. */
async function knownToBoth(token: string) {
  expect((await me(a, token)).statusCode).toBe(200);
  expect((await me(b, token)).statusCode).toBe(200);
}
async function secondSession(person: CreatedUser) {
  const { token } = await createSession(a.db, {
    userId: person.user.id,
    ttlDays: 1,
    userAgent: 'second device',
  });
  return token;
}

describe('sessions kept in memory', () => {
  it('are kept: a row removed behind the app’s back still answers within the TTL (the control)', async () => {
    const person = await createUser(a);
    await knownToBoth(person.token);
    await b.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(person.token)));
    expect((await me(b, person.token)).statusCode).toBe(200);
  });

  it('sign-out on A ends the session on B at once', async () => {
    const person = await createUser(a);
    await knownToBoth(person.token);
    const out = await a.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: person.headers,
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await me(b, person.token)).statusCode).toBe(401);
    expect((await me(a, person.token)).statusCode).toBe(401);
  });

  it('a password change on A ends the other sessions on B, and keeps the one that changed it', async () => {
    const person = await createUser(a);
    const other = await secondSession(person);
    await knownToBoth(person.token);
    await knownToBoth(other);
    const changed = await a.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: person.headers,
      payload: {
        currentPassword: person.password,
        password: 'a-new-password-2026',
        confirmPassword: 'a-new-password-2026',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(b, other)).statusCode).toBe(401);
    expect((await me(b, person.token)).statusCode).toBe(200);
  });

  it('a suspension on A ends every session on B at once; so does deleting the account', async () => {
    const person = await createUser(a);
    await knownToBoth(person.token);
    const suspended = await a.inject({
      method: 'POST',
      url: `/api/admin/users/${person.user.id}/suspend`,
      headers: admin.headers,
    });
    expect(suspended.statusCode).toBe(200);
    expect((await me(b, person.token)).statusCode).toBe(401);

    const another = await createUser(a);
    await knownToBoth(another.token);
    const deleted = await b.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: another.headers,
      payload: { password: another.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await me(a, another.token)).statusCode).toBe(401);
  });

  it('a role taken away on A is B’s at once (no admin route for a kept admin session)', async () => {
    const moderator = await createUser(a, { role: 'moderator' });
    const overview = () =>
      b.inject({ method: 'GET', url: '/api/admin/overview', headers: moderator.headers });
    expect((await overview()).statusCode).toBe(200);
    const demoted = await a.inject({
      method: 'PUT',
      url: `/api/admin/users/${moderator.user.id}/role`,
      headers: admin.headers,
      payload: { role: 'user' },
    });
    expect(demoted.statusCode).toBe(200);
    expect((await overview()).statusCode).toBe(403);
  });

  it('a profile edit on A is what B’s /auth/me says next', async () => {
    const person = await createUser(a);
    await knownToBoth(person.token);
    const edited = await a.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: person.headers,
      payload: { name: 'Renamed On A' },
    });
    expect(edited.statusCode).toBe(200);
    expect(MeResponse.parse((await me(b, person.token)).json()).user.name).toBe('Renamed On A');
  });
});

describe('the cache itself', () => {
  it('does not keep a lookup that was under way when a forget arrived', () => {
    const cache = sessionCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const before = cache.generation();
    cache.forget('someone');
    cache.set('hash', 'someone', 'row read before the change', Date.now() + 60_000, before);
    expect(cache.get('hash', Date.now())).toBeUndefined();
    cache.set('hash', 'someone', 'row', Date.now() + 60_000, cache.generation());
    expect(cache.get('hash', Date.now())).toBe('row');
  });

  it('never keeps a session past its expiry, and keeps at most maxEntries', () => {
    const cache = sessionCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    const now = Date.now();
    cache.set('expiring', 'u1', 'row', now + 10, cache.generation());
    expect(cache.get('expiring', now + 11)).toBeUndefined();
    for (const key of ['k1', 'k2', 'k3']) cache.set(key, 'u2', key, now + 60_000, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('k1', now)).toBeUndefined();
  });

  it('shares one load among requests that miss together, and a forget starts a new one', async () => {
    const cache = sessionCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const started: { generation: number; finish: (row: string) => void }[] = [];
    const load = (generation: number) =>
      new Promise<string>((resolve) => started.push({ generation, finish: resolve }));
    const first = cache.loadOnce('hash', load);
    const second = cache.loadOnce('hash', load);
    const other = cache.loadOnce('other hash', load);
    expect(started).toHaveLength(2);
    cache.forget('someone');
    // after a change, a request never takes a row read before it
    const third = cache.loadOnce('hash', load);
    expect(started).toHaveLength(3);
    expect(started[2]!.generation).toBe(cache.generation());
    started[0]!.finish('old row');
    started[1]!.finish('other row');
    started[2]!.finish('new row');
    expect(await Promise.all([first, second, other, third])).toEqual([
      'old row',
      'old row',
      'other row',
      'new row',
    ]);
    // once settled, the next miss loads again
    const fourth = cache.loadOnce('hash', load);
    expect(started).toHaveLength(4);
    started[3]!.finish('fourth row');
    expect(await fourth).toBe('fourth row');
  });

  it('shares a failed load with those waiting for it, then loads again', async () => {
    const cache = sessionCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    let loads = 0;
    const failing = () => {
      loads++;
      return Promise.reject(new Error('database down'));
    };
    const both = [cache.loadOnce('hash', failing), cache.loadOnce('hash', failing)];
    await expect(Promise.all(both)).rejects.toThrow('database down');
    expect(loads).toBe(1);
    expect(await cache.loadOnce('hash', () => Promise.resolve('row'))).toBe('row');
  });
});

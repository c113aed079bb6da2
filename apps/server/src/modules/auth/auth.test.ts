import { AuthMessages, AuthResponse, MeResponse } from '@lumiskin/contract/auth';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { SESSION_CACHE_TTL_MS } from '../../lib/session-cache';
import { buildTestApp, testRedisConfig } from '../../../test/helper';
import { IP_FACTOR } from './rate-limits';
import { sessions, users } from './schema';
import { hashToken } from './tokens';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

let n = 0;
const uniqueEmail = () => `person${++n}.${Date.now()}@example.test`;
const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Glow',
  email: uniqueEmail(),
  password: 'secret-pass',
  confirmPassword: 'secret-pass',
  ...overrides,
});
const register = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
const login = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
const me = (token?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('POST /api/auth/register', () => {
  it('creates the account and signs in with the spec wire format', async () => {
    const payload = registration();
    const res = await register(payload);
    expect(res.statusCode).toBe(201);
    const body = AuthResponse.strict().parse(res.json());
    expect(body.user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ada Glow',
      email: payload.email,
      role: 'user',
      created_at: expect.any(String),
      profile: { skinType: 'normal', skinConcerns: [] },
    });
    expect(Object.keys(body.user).sort()).toEqual([
      'created_at',
      'email',
      'id',
      'name',
      'profile',
      'role',
    ]);
    expect(res.body).not.toMatch(/argon2|password/i);
    // the token is 32 random bytes, base64url
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(body.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    const who = await me(body.access_token);
    expect(who.statusCode).toBe(200);
    expect(MeResponse.parse(who.json()).user.id).toBe(body.user.id);
  });

  it('stores an argon2id hash and only the sha256 of the token', async () => {
    const payload = registration();
    const body = AuthResponse.parse((await register(payload)).json());
    const [row] = await app.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(payload.password);
    const stored = await app.db.select().from(sessions).where(eq(sessions.userId, body.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(hashToken(body.access_token));
    expect(JSON.stringify(stored)).not.toContain(body.access_token);
  });

  it.each([
    ['name missing', { name: undefined }, AuthMessages.fillAllFields],
    ['blank name', { name: '   ' }, AuthMessages.fillAllFields],
    ['email missing', { email: undefined }, AuthMessages.fillAllFields],
    ['password missing', { password: '' }, AuthMessages.fillAllFields],
    ['confirmation missing', { confirmPassword: undefined }, AuthMessages.fillAllFields],
    ['passwords differ', { confirmPassword: 'secret-pasS' }, AuthMessages.passwordsDontMatch],
    [
      'password too short',
      { password: 'tulip-7', confirmPassword: 'tulip-7' },
      AuthMessages.passwordTooShort,
    ],
    [
      'password one of the first anyone would try (decision 180)',
      { password: 'Password123!', confirmPassword: 'Password123!' },
      AuthMessages.passwordTooEasy,
    ],
    ['invalid email', { email: 'not-an-email' }, AuthMessages.invalidEmail],
  ])('refuses %s with the spec message', async (_case, overrides, message) => {
    const res = await register(registration(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: message,
      code: 'validation_error',
      fields: expect.any(Object),
    });
  });

  it('accepts a password of exactly eight characters (decision 180; the spec had six)', async () => {
    const res = await register(registration({ password: 'tulip-78', confirmPassword: 'tulip-78' }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses an email already registered, ignoring case', async () => {
    const email = uniqueEmail();
    expect((await register(registration({ email }))).statusCode).toBe(201);
    const res = await register(registration({ email: email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: AuthMessages.emailTaken, code: 'email_taken' });
  });

  it('refuses role and any other extra field by name, creating nothing (mass assignment)', async () => {
    const plain = registration();
    const attempt = {
      ...plain,
      role: 'admin',
      id: '00000000-0000-0000-0000-000000000000',
      profile: { skinType: 'oily' },
      skinType: 'dry',
      password_hash: 'x',
    };
    const res = await register(attempt);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'unknown_field',
      detail: 'Unknown fields: role, id, profile, skinType, password_hash',
    });
    const rows = await app.db.select().from(users).where(eq(users.email, plain.email));
    expect(rows).toEqual([]);
    // The same sign-up without the extras makes an ordinary account.
    const ok = await register(plain);
    expect(ok.statusCode).toBe(201);
    const body = AuthResponse.parse(ok.json());
    expect(body.user.role).toBe('user');
    expect(body.user.profile.skinType).toBe('normal');
    const [row] = await app.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.role).toBe('user');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('says a missing body is invalid in JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/register' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', detail: expect.any(String) });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the email in any case', async () => {
    const { user, password } = await createUser(app, { email: `Mixed.${Date.now()}@Example.test` });
    const res = await login({ email: user.email.toLowerCase(), password });
    expect(res.statusCode).toBe(200);
    const body = AuthResponse.parse(res.json());
    expect(body.user).toEqual(user);
    expect((await me(body.access_token)).statusCode).toBe(200);
  });

  it('answers an unknown email and a wrong password the same way', async () => {
    const { user } = await createUser(app);
    const wrongPassword = await login({ email: user.email, password: 'not-the-password' });
    const unknownEmail = await login({
      email: `nobody.${Date.now()}@example.test`,
      password: 'whatever-it-is',
    });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        detail: AuthMessages.invalidCredentials,
        code: 'invalid_credentials',
      });
    }
  });

  it('spends about the same time on an unknown email as on a wrong password', async () => {
    const { user } = await createUser(app);
    const time = async (email: string) => {
      const started = performance.now();
      await login({ email, password: 'not-the-password' });
      return performance.now() - started;
    };
    await time(user.email); // warm-up (the dummy hash is computed once)
    await time('warmup@example.test');
    // Interleaved, the fastest of four each: a busy machine slows both alike, not one of them.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 4; round++) {
      known.push(await time(user.email));
      unknown.push(await time('nobody@example.test'));
    }
    // Without the dummy hash an unknown email answers in ~1 ms instead of tens of ms.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.4);
  });

  it('asks for both fields with the spec message', async () => {
    for (const payload of [{ email: 'a@b.test' }, { password: 'x' }, { email: '', password: '' }]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        detail: AuthMessages.fillAllFields,
        code: 'validation_error',
      });
    }
  });
});

describe('tokens', () => {
  it('401s without a token, with an unknown token and with a malformed header', async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${'x'.repeat(43)}` },
      { authorization: 'Basic abc' },
    ]) {
      const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized', detail: expect.any(String) });
    }
  });

  it('logout revokes that token only', async () => {
    const first = await createUser(app);
    const second = AuthResponse.parse(
      (await login({ email: first.user.email, password: first.password })).json(),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: first.headers,
    });
    expect(res.statusCode).toBe(204);
    expect((await me(first.token)).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/logout', headers: first.headers }))
        .statusCode,
    ).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(200);
    const [row] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(first.token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });

  it('401s an expired token', async () => {
    const { token } = await createUser(app);
    expect((await me(token)).statusCode).toBe(200);
    await app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    // Changed behind the app's back: a session kept in memory is read afresh after its TTL.
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_TTL_MS.alone + 50));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('issues tokens that expire after TOKEN_TTL_DAYS', async () => {
    const short = await buildTestApp({ tokenTtlDays: 2 });
    try {
      const res = await short.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: registration(),
      });
      const { expires_at } = AuthResponse.parse(res.json());
      const days = (new Date(expires_at).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(1.99);
      expect(days).toBeLessThanOrEqual(2);
    } finally {
      await short.close();
    }
  });
});

describe('registration is one transaction', () => {
  it('leaves no half account when the session cannot be written', async () => {
    // A trigger that fails the session insert for one user agent stands in for a dropped
    // connection or a full disk between the two statements.
    await app.db.execute(sql`
      create or replace function fail_session_insert() returns trigger language plpgsql as $$
      begin
        if new.user_agent = 'fail-session' then raise exception 'session write failed'; end if;
        return new;
      end $$`);
    await app.db.execute(sql`
      create trigger fail_session before insert on sessions
      for each row execute function fail_session_insert()`);
    try {
      const payload = registration();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'user-agent': 'fail-session' },
        payload,
      });
      expect(res.statusCode).toBe(500);
      const rows = await app.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${payload.email})`);
      expect(rows).toEqual([]);
      // and the same email can register once the fault is gone
      expect((await register(payload)).statusCode).toBe(201);
    } finally {
      await app.db.execute(sql`drop trigger fail_session on sessions`);
    }
  });
});

// The same rules whether the counts live in this process or in Redis (decision 027).
describe.each([
  { store: 'in memory', redis: () => null },
  { store: 'in Redis', redis: () => testRedisConfig() },
])('rate limits on credentials, counted $store (no lock-out lever, decision 021)', ({ redis }) => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await buildTestApp({
      rateLimit: { max: 10_000, authMax: 3, authWindowS: 60, slowdownMaxMs: 600 },
      redis: redis(),
    });
  });
  afterAll(() => limited.close());

  const attempt = (email: string, remoteAddress: string, password = 'wrong-password') =>
    limited.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { email, password },
    });

  it('limits one IP trying many accounts', async () => {
    for (let i = 0; i < 3 * IP_FACTOR; i++)
      expect((await attempt(`ip${i}@example.test`, '10.0.0.1')).statusCode).toBe(401);
    const res = await attempt('ip-last@example.test', '10.0.0.1');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({
      detail: expect.stringMatching(/try again/i),
      code: 'rate_limited',
    });
    // another IP is not affected
    expect((await attempt('ip-other@example.test', '10.0.0.2')).statusCode).toBe(401);
  });

  it('ten wrong passwords from ten IPs do not lock the owner out of an eleventh IP', async () => {
    const { user, password } = await createUser(limited);
    for (let i = 0; i < 10; i++)
      expect((await attempt(user.email, `10.1.0.${i}`)).statusCode).toBe(401);
    const owner = await attempt(user.email.toUpperCase(), '10.1.0.200', password);
    expect(owner.statusCode).toBe(200);
  });

  it('slows an attacked account down, measurably but boundedly', async () => {
    const { user, password } = await createUser(limited);
    const timed = async (ip: string, pw?: string) => {
      const started = performance.now();
      const res = await attempt(user.email, ip, pw);
      return { status: res.statusCode, ms: performance.now() - started };
    };
    const fresh = await timed('10.3.0.1', password);
    expect(fresh.status).toBe(200);
    for (let i = 0; i < 8; i++) expect((await timed(`10.3.1.${i}`)).status).toBe(401);
    const slowed = await timed('10.3.2.1', password);
    expect(slowed.status).toBe(200);
    // capped at slowdownMaxMs (600 ms): slower than a fresh sign-in, never a lock-out
    expect(slowed.ms - fresh.ms).toBeGreaterThan(400);
    expect(slowed.ms).toBeLessThan(3_000);
  });

  it('refuses an (account, IP) pair that keeps failing, and a right password forgives it', async () => {
    const { user, password } = await createUser(limited);
    const ip = '10.4.0.1';
    for (let i = 0; i < 2; i++) expect((await attempt(user.email, ip)).statusCode).toBe(401);
    expect((await attempt(user.email, ip, password)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await attempt(user.email, ip)).statusCode).toBe(401);
    expect((await attempt(user.email, ip, password)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await attempt(user.email, ip)).statusCode).toBe(401);
    expect((await attempt(user.email, ip, password)).statusCode).toBe(429);
    // the same account from an IP that has not failed is still welcome
    expect((await attempt(user.email, '10.4.0.2', password)).statusCode).toBe(200);
  });

  it('limits registration per IP', async () => {
    const reg = (i: number) =>
      limited.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '10.2.0.1',
        payload: registration({ email: `r${i}.${Date.now()}@example.test` }),
      });
    for (let i = 0; i < 3; i++) expect((await reg(i)).statusCode).toBe(201);
    const res = await reg(4);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
  });
});

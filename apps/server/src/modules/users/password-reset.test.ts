import { AccountMessages, MessageResponse } from '@lumiskin/contract/account';
import { AuthMessages } from '@lumiskin/contract/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { buildTestApp, testRedisConfig } from '../../../test/helper';
import { IP_FACTOR } from '../auth/rate-limits';
import { hashToken } from '../auth/tokens';
import { readOutbox } from '../mail/mailer';
import { FORGOT_PASSWORD_FLOOR_MS } from './password-reset-routes';
import { passwordResetTokens } from './schema';

let app: FastifyInstance;
let clock = new Date();
beforeAll(async () => {
  app = await buildTestApp({ now: () => clock, appUrl: 'https://glow.example' });
});
afterAll(() => app.close());

const forgot = (email: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    remoteAddress,
    payload: { email },
  });
const reset = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

async function linkToken(email: string): Promise<string> {
  const [mail] = await readOutbox(app.db, email);
  const match = mail?.text.match(/https:\/\/glow\.example\/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no reset link in ${JSON.stringify(mail)}`);
  return match[1];
}

describe('forgot and reset password', () => {
  it('answers an unknown email exactly like a known one, and mails only the known', async () => {
    clock = new Date();
    const { user } = await createUser(app);
    const unknown = `nobody.${Date.now()}@example.test`;
    const known = await forgot(user.email.toUpperCase());
    const missing = await forgot(unknown);
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(known.body).toBe(missing.body);
    expect(MessageResponse.parse(known.json()).message).toBe(AccountMessages.resetRequested);
    expect(await readOutbox(app.db, unknown)).toHaveLength(0);
    const mails = await readOutbox(app.db, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/reset/i);
    // only the hash of the token is stored
    const token = await linkToken(user.email);
    const rows = await app.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
  });

  it('sets the password once, signs out every session, and the link then stops working', async () => {
    clock = new Date();
    const person = await createUser(app);
    await forgot(person.user.email);
    const token = await linkToken(person.user.email);

    const mismatch = await reset({ token, password: 'new-secret', confirmPassword: 'new-secreT' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ detail: AuthMessages.passwordsDontMatch });
    const short = await reset({ token, password: 'abc', confirmPassword: 'abc' });
    expect(short.json()).toMatchObject({ detail: AuthMessages.passwordTooShort });

    const ok = await reset({ token, password: 'new-secret', confirmPassword: 'new-secret' });
    expect(ok.statusCode).toBe(200);
    // The account's email comes back so the page can sign in with the new password at once.
    expect(ok.json()).toEqual({ message: AccountMessages.resetDone, email: person.user.email });
    const meAfter = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: person.headers,
    });
    expect(meAfter.statusCode).toBe(401);
    expect((await login(person.user.email, person.password)).statusCode).toBe(401);
    expect((await login(person.user.email, 'new-secret')).statusCode).toBe(200);

    const again = await reset({ token, password: 'third-secret', confirmPassword: 'third-secret' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      detail: AccountMessages.resetInvalid,
      code: 'invalid_reset_token',
    });
    expect((await login(person.user.email, 'new-secret')).statusCode).toBe(200);
  });

  it('tells the address the password was changed, even one not yet confirmed (the link went there)', async () => {
    clock = new Date('2026-06-01T09:30:00Z');
    const person = await createUser(app, { emailConfirmed: false });
    await forgot(person.user.email);
    const token = await linkToken(person.user.email);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: {
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      },
      payload: { token, password: 'fresh-secret', confirmPassword: 'fresh-secret' },
    });
    expect(ok.statusCode).toBe(200);
    const [notice, ...older] = await readOutbox(app.db, person.user.email);
    expect(older.map((mail) => mail.subject)).toEqual(['Reset your Lumiskin password']);
    expect(notice?.subject).toBe('Your Lumiskin password was changed');
    expect(notice?.text).toContain(
      '2026-06-01 09:30 UTC, with a reset link sent here, on Chrome on Android',
    );
    expect(notice?.text).toContain('Every device was signed out.');
    expect(notice?.text).toContain('https://glow.example/forgot-password');
    expect(notice?.text).not.toContain('fresh-secret');
    expect(notice?.text).not.toContain(token);
  });

  it('expires after an hour', async () => {
    clock = new Date('2026-05-01T10:00:00Z');
    const person = await createUser(app);
    await forgot(person.user.email);
    const token = await linkToken(person.user.email);
    clock = new Date('2026-05-01T11:00:01Z');
    const res = await reset({ token, password: 'new-secret', confirmPassword: 'new-secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_reset_token' });
    expect((await login(person.user.email, person.password)).statusCode).toBe(200);

    // a fresh link within the hour works
    clock = new Date('2026-05-01T12:00:00Z');
    await forgot(person.user.email);
    const fresh = await linkToken(person.user.email);
    clock = new Date('2026-05-01T12:59:00Z');
    expect(
      (await reset({ token: fresh, password: 'new-secret', confirmPassword: 'new-secret' }))
        .statusCode,
    ).toBe(200);
  });

  it('says whether a link still works before a password is typed, and uses nothing up', async () => {
    clock = new Date('2026-07-01T10:00:00Z');
    const person = await createUser(app);
    await forgot(person.user.email);
    const token = await linkToken(person.user.email);
    const check = async (body: Record<string, unknown>) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/check',
        payload: body,
      });
      return { status: res.statusCode, body: res.json() as unknown };
    };

    expect(await check({ token })).toEqual({ status: 200, body: { valid: true } });
    // Checked twice, still usable: the check changes nothing.
    expect(await check({ token })).toEqual({ status: 200, body: { valid: true } });
    expect(await check({ token: 'x'.repeat(43) })).toEqual({ status: 200, body: { valid: false } });
    clock = new Date('2026-07-01T11:00:01Z');
    expect(await check({ token })).toEqual({ status: 200, body: { valid: false } });
    clock = new Date('2026-07-01T10:30:00Z');
    expect(
      (await reset({ token, password: 'new-secret', confirmPassword: 'new-secret' })).statusCode,
    ).toBe(200);
    expect(await check({ token })).toEqual({ status: 200, body: { valid: false } });

    // Bad bodies are a 400 with a code; a field the route does not know too.
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(201) }]) {
      const res = await check(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_error' });
    }
    expect((await check({ token, extra: 1 })).body).toMatchObject({ code: 'unknown_field' });
  });

  it('refuses a made-up token', async () => {
    const res = await reset({
      token: 'x'.repeat(43),
      password: 'new-secret',
      confirmPassword: 'new-secret',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_reset_token' });
  });
});

describe.each([
  { store: 'in memory', redis: () => null },
  { store: 'in Redis', redis: () => testRedisConfig() },
])('forgot-password rate limit, counted $store (no lock-out lever, decision 021)', ({ redis }) => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await buildTestApp({
      rateLimit: { max: 10_000, authMax: 2, authWindowS: 60, slowdownMaxMs: 300 },
      redis: redis(),
    });
  });
  afterAll(() => limited.close());
  const ask = (email: string, ip: string) =>
    limited.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: ip,
      payload: { email },
    });

  it('never refuses the owner because others asked for the same address', async () => {
    const { user } = await createUser(limited);
    for (let i = 0; i < 6; i++) expect((await ask(user.email, `10.9.0.${i}`)).statusCode).toBe(200);
    expect((await ask(user.email, '10.9.1.1')).statusCode).toBe(200);
  });

  it('limits one IP asking for many addresses, and one (address, IP) pair', async () => {
    for (let i = 0; i < 2 * IP_FACTOR; i++)
      expect((await ask(`many${i}@example.test`, '10.8.0.1')).statusCode).toBe(200);
    const res = await ask('last@example.test', '10.8.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });

    for (let i = 0; i < 2; i++)
      expect((await ask('pair@example.test', '10.8.1.1')).statusCode).toBe(200);
    expect((await ask('pair@example.test', '10.8.1.1')).statusCode).toBe(429);
  });
});

describe('forgot-password timing', () => {
  it('answers known and unknown emails no sooner than the same floor', async () => {
    const { user } = await createUser(app);
    const timed = async (email: string, ip: string) => {
      const started = performance.now();
      expect((await forgot(email, ip)).statusCode).toBe(200);
      return performance.now() - started;
    };
    const known = await timed(user.email, '10.7.0.1');
    const unknown = await timed(`nobody.${Date.now()}@example.test`, '10.7.0.2');
    expect(known).toBeGreaterThanOrEqual(FORGOT_PASSWORD_FLOOR_MS - 5);
    expect(unknown).toBeGreaterThanOrEqual(FORGOT_PASSWORD_FLOOR_MS - 5);
  });
});

import {
  AccountMessages,
  AccountResponse,
  ConfirmEmailResponse,
  EMAIL_CHANGE_TTL_MINUTES,
  MessageResponse,
  PendingEmailChangeResponse,
} from '@lumiskin/contract/account';
import { AuthMessages } from '@lumiskin/contract/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp, captureLogs } from '../../../test/helper';
import { hashToken } from '../auth/tokens';
import { readOutbox } from '../mail/mailer';
import { EMAIL_CHANGES_PER_HOUR } from './email-change';
import { emailChangeTokens } from './schema';

const logs = captureLogs();
let app: FastifyInstance;
let clock = new Date();
beforeAll(async () => {
  app = await buildTestApp({
    now: () => clock,
    appUrl: 'https://glow.example',
    logLevel: 'info',
    logStream: logs.stream,
  });
});
afterAll(() => app.close());
beforeEach(() => {
  clock = new Date();
});

let sequence = 0;
const freshAddress = () => `moved.${++sequence}.${Date.now()}@example.test`;

const requestChange = (user: CreatedUser, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/users/me/email', headers: user.headers, payload });
const confirm = (token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = async (user: CreatedUser) =>
  AccountResponse.parse(
    (await app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers })).json(),
  ).user;

const LINK = /https:\/\/glow\.example\/confirm-email\?token=([A-Za-z0-9_-]+)/;

/** The token of the newest confirmation link mailed to `email`. */
async function linkToken(email: string): Promise<string> {
  const [mail] = await readOutbox(app.db, email);
  const token = mail?.text.match(LINK)?.[1];
  if (!token) throw new Error(`no confirmation link in ${JSON.stringify(mail?.subject)}`);
  return token;
}

describe('changing the email', () => {
  it("never carries the requester's display name to the stranger's address (no phishing from our domain)", async () => {
    const bait = 'URGENT: your bank account is locked, call +1 555 0100 or visit evil.test';
    const user = await createUser(app, { name: bait });
    const stranger = freshAddress();
    const res = await requestChange(user, { newEmail: stranger, currentPassword: user.password });
    expect(res.statusCode).toBe(200);
    const toStranger = await readOutbox(app.db, stranger);
    expect(toStranger).toHaveLength(1);
    expect(toStranger[0]!.text).not.toContain('evil.test');
    expect(toStranger[0]!.subject).not.toContain('evil.test');
    // Nor to any other mail this sends (the account's own, perhaps also unproved, address).
    for (const mail of await readOutbox(app.db, user.user.email))
      expect(mail.text).not.toContain('evil.test');
    // A password reset to the account's address neither.
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.user.email },
    });
    const [reset] = await readOutbox(app.db, user.user.email);
    expect(reset?.subject).toMatch(/reset/i);
    expect(reset?.text).not.toContain('evil.test');
  });

  it('takes effect only when the link sent to the new address is opened; the old address hears of it', async () => {
    const user = await createUser(app);
    const next = freshAddress();
    const res = await requestChange(user, {
      newEmail: `  ${next}  `,
      currentPassword: user.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(MessageResponse.parse(res.json()).message).toBe(AccountMessages.emailChangeRequested);

    // Nothing changed yet.
    expect((await me(user)).email).toBe(user.user.email);
    expect((await login(next, user.password)).statusCode).toBe(401);
    const [notice] = await readOutbox(app.db, user.user.email);
    expect(notice?.subject).toBe('Your Lumiskin email change was requested');
    expect(notice?.text).toContain(next);
    expect(notice?.text).not.toMatch(LINK);

    // Only the hash of the token is stored.
    const token = await linkToken(next);
    const [row] = await app.db
      .select()
      .from(emailChangeTokens)
      .where(eq(emailChangeTokens.userId, user.user.id));
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const done = await confirm(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(ConfirmEmailResponse.parse(done.json())).toEqual({
      message: AccountMessages.emailChanged,
      email: next,
      kind: 'changed',
    });
    expect((await me(user)).email).toBe(next);
    expect((await login(next, user.password)).statusCode).toBe(200);
    expect((await login(user.user.email, user.password)).statusCode).toBe(401);
    const [changed] = await readOutbox(app.db, user.user.email);
    expect(changed?.subject).toBe('Your Lumiskin email was changed');
    expect(changed?.text).toContain(next);

    // Single use.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      detail: AccountMessages.emailConfirmInvalid,
      code: 'invalid_email_token',
    });

    // Neither the addresses nor the token reach the log.
    expect(logs.text()).toContain('email change requested');
    for (const secret of [token, next, user.user.email, hashToken(token)]) {
      expect(logs.text()).not.toContain(secret);
    }
  });

  it('needs the current password and a session; a wrong one changes and mails nothing', async () => {
    const user = await createUser(app);
    const next = freshAddress();
    const wrong = await requestChange(user, { newEmail: next, currentPassword: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'wrong_password',
      detail: AccountMessages.wrongPassword,
    });
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/users/me/email',
      payload: { newEmail: next, currentPassword: user.password },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await readOutbox(app.db, next)).toHaveLength(0);
    expect(await readOutbox(app.db, user.user.email)).toHaveLength(0);
  });

  it.each([
    ['a bad address', { newEmail: 'nope' }],
    ['no address', {}],
    ['an address of 300 characters', { newEmail: `${'a'.repeat(290)}@example.test` }],
    ['no password', { newEmail: 'x@example.test', currentPassword: '' }],
  ])('refuses %s with a 400', async (_case, payload) => {
    const user = await createUser(app);
    const res = await requestChange(user, { currentPassword: user.password, ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', detail: expect.any(String) });
  });

  it('refuses the address the account already has, in any case', async () => {
    const user = await createUser(app);
    const res = await requestChange(user, {
      newEmail: user.user.email.toUpperCase(),
      currentPassword: user.password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: AccountMessages.emailUnchanged });
  });

  it('answers an address with an account like any other, and never sends it a link', async () => {
    const owner = await createUser(app);
    const user = await createUser(app);
    const free = await requestChange(user, {
      newEmail: freshAddress(),
      currentPassword: user.password,
    });
    const taken = await requestChange(user, {
      newEmail: owner.user.email.toUpperCase(),
      currentPassword: user.password,
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toBe(free.body);
    const [mail] = await readOutbox(app.db, owner.user.email);
    expect(mail?.subject).toBe('Someone tried to use this address on Lumiskin');
    expect(mail?.text).not.toMatch(LINK);
    expect((await me(user)).email).toBe(user.user.email);
  });

  it('answers 409 when the address got an account between the request and the click', async () => {
    const user = await createUser(app);
    const next = freshAddress();
    await requestChange(user, { newEmail: next, currentPassword: user.password });
    const token = await linkToken(next);
    await createUser(app, { email: next });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: AuthMessages.emailTaken, code: 'email_taken' });
    expect((await me(user)).email).toBe(user.user.email);
  });

  it('expires the link after an hour', async () => {
    const user = await createUser(app);
    const next = freshAddress();
    await requestChange(user, { newEmail: next, currentPassword: user.password });
    const token = await linkToken(next);
    clock = new Date(Date.now() + (EMAIL_CHANGE_TTL_MINUTES + 1) * 60_000);
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await me(user)).email).toBe(user.user.email);
  });

  it('keeps only the newest link working', async () => {
    const user = await createUser(app);
    const first = freshAddress();
    const second = freshAddress();
    await requestChange(user, { newEmail: first, currentPassword: user.password });
    await requestChange(user, { newEmail: second, currentPassword: user.password });
    expect((await confirm(await linkToken(first))).statusCode).toBe(400);
    expect((await confirm(await linkToken(second))).statusCode).toBe(200);
    expect((await me(user)).email).toBe(second);
  });

  it('is cancelled by a password change (what the notice to the old address advises)', async () => {
    const user = await createUser(app);
    const next = freshAddress();
    await requestChange(user, { newEmail: next, currentPassword: user.password });
    const changed = await app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: user.headers,
      payload: {
        currentPassword: user.password,
        password: 'brand-new',
        confirmPassword: 'brand-new',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(await linkToken(next))).statusCode).toBe(400);
    expect((await me(user)).email).toBe(user.user.email);
  });

  it('voids reset links still waiting in the old inbox once the change is made', async () => {
    const user = await createUser(app);
    const next = freshAddress();
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.user.email },
    });
    const [resetMail] = await readOutbox(app.db, user.user.email);
    const resetToken = resetMail?.text.match(/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];
    expect(resetToken).toBeDefined();
    await requestChange(user, { newEmail: next, currentPassword: user.password });
    expect((await confirm(await linkToken(next))).statusCode).toBe(200);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'taken-over', confirmPassword: 'taken-over' },
    });
    expect(reset.statusCode).toBe(400);
    expect((await login(next, user.password)).statusCode).toBe(200);
  });

  it(`allows ${EMAIL_CHANGES_PER_HOUR} requests an hour per account, then 429`, async () => {
    const user = await createUser(app);
    for (let i = 0; i < EMAIL_CHANGES_PER_HOUR; i++) {
      const res = await requestChange(user, {
        newEmail: freshAddress(),
        currentPassword: user.password,
      });
      expect(res.statusCode).toBe(200);
    }
    const next = freshAddress();
    const over = await requestChange(user, { newEmail: next, currentPassword: user.password });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rate_limited' });
    expect(await readOutbox(app.db, next)).toHaveLength(0);
    clock = new Date(Date.now() + 61 * 60_000);
    const later = await requestChange(user, { newEmail: next, currentPassword: user.password });
    expect(later.statusCode).toBe(200);
  });

  it('shows the change waiting for its link, until it is made, replaced, expired or cancelled', async () => {
    const pending = async (user: CreatedUser) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/users/me/email',
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
      return PendingEmailChangeResponse.parse(res.json()).pending;
    };
    const cancel = (user: CreatedUser, payload?: Record<string, unknown>) =>
      app.inject({
        method: 'DELETE',
        url: '/api/users/me/email',
        headers: user.headers,
        ...(payload ? { payload } : {}),
      });
    const user = await createUser(app);
    const other = await createUser(app);
    expect(await pending(user)).toBeNull();
    const first = freshAddress();
    const second = freshAddress();
    await requestChange(user, { newEmail: first, currentPassword: user.password });
    expect(await pending(user)).toEqual({
      new_email: first,
      expires_at: new Date(clock.getTime() + EMAIL_CHANGE_TTL_MINUTES * 60_000).toISOString(),
    });
    // only the account's own
    expect(await pending(other)).toBeNull();
    await requestChange(user, { newEmail: second, currentPassword: user.password });
    expect((await pending(user))?.new_email).toBe(second);

    // an hour later the link is dead: nothing pending
    const requestedAt = clock;
    clock = new Date(requestedAt.getTime() + (EMAIL_CHANGE_TTL_MINUTES + 1) * 60_000);
    expect(await pending(user)).toBeNull();
    clock = requestedAt;

    // another account cannot cancel it; a body the route does not know changes nothing
    expect((await cancel(other)).json()).toEqual({ pending: null });
    const odd = await cancel(user, { newEmail: second });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    expect((await pending(user))?.new_email).toBe(second);
    expect((await app.inject({ method: 'DELETE', url: '/api/users/me/email' })).statusCode).toBe(
      401,
    );

    const cancelled = await cancel(user);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ pending: null });
    expect(await pending(user)).toBeNull();
    expect((await confirm(await linkToken(second))).statusCode).toBe(400);
    expect((await me(user)).email).toBe(user.user.email);
    // cancelling twice is fine
    expect((await cancel(user)).statusCode).toBe(200);

    // made: nothing pending either
    const third = freshAddress();
    await requestChange(user, { newEmail: third, currentPassword: user.password });
    expect((await confirm(await linkToken(third))).statusCode).toBe(200);
    expect(await pending(user)).toBeNull();
  });

  it('refuses an unknown, empty or oversized token with a 400', async () => {
    for (const token of ['made-up-token-0123456789', '', 'x'.repeat(201)]) {
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    }
  });
});

// Issue 30 item 1: the admin bootstrap never hands a role to an account someone registered first,
// and sign-up proves the address before an account can hold any staff role (decision 070).
import { AccountResponse, ConfirmEmailResponse } from '@lumiskin/contract/account';
import { AdminUserDetail, AuditList } from '@lumiskin/contract/admin';
import { AuthResponse } from '@lumiskin/contract/auth';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { readOutbox } from '../mail/mailer';
import { emailChangeTokens } from '../users/schema';
import { AdminBootstrapRefused, bootstrapAdmin } from './bootstrap-admin';
import { findUserByEmail } from './repository';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ mail: { smtpUrl: null, from: 'Lumiskin <no-reply@lumiskin.test>' } });
});
afterAll(() => app.close());

let sequence = 0;
const PASSWORD = 'squatter-pass-1';

async function register(email: string, name = 'Ops Team') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(res.statusCode).toBe(201);
  return AuthResponse.parse(res.json());
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const uniqueEmail = (what: string) => `${what}.${++sequence}.${Date.now()}@company.test`;

/** The token of the newest link mailed to `to` (from the outbox; no SMTP in tests). */
async function linkToken(to: string): Promise<string> {
  const [mail] = await readOutbox(app.db, to);
  const token = /confirm-email\?token=([^\s&]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link mailed to ${to}`);
  return decodeURIComponent(token);
}

describe('the admin bootstrap and a pre-registered address', () => {
  it('refuses to promote an account someone registered first: its token stays a plain user', async () => {
    const email = uniqueEmail('ops');
    const squatter = await register(email);

    await expect(
      bootstrapAdmin(app.db, { email, password: 'operator-pass-1', via: 'create-admin' }),
    ).rejects.toBeInstanceOf(AdminBootstrapRefused);

    const res = await me(squatter.access_token);
    expect(res.statusCode).toBe(200);
    expect(AuthResponse.shape.user.parse(res.json().user).role).toBe('user');
    const admin = await app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: bearer(squatter.access_token),
    });
    expect(admin.statusCode).toBe(403);
    // Nothing changed: the squatter's password still works, the operator's does not.
    const row = await findUserByEmail(app.db, email);
    expect(row).toMatchObject({ role: 'user', emailConfirmedAt: null });
  });

  it('with --promote-existing: every session is revoked, pending links voided, and the audit log says so', async () => {
    const email = uniqueEmail('ops');
    const squatter = await register(email);
    // The squatter asks to move the account to an address they hold, and keeps the link.
    const change = await app.inject({
      method: 'POST',
      url: '/api/users/me/email',
      headers: bearer(squatter.access_token),
      payload: { newEmail: uniqueEmail('squatter'), currentPassword: PASSWORD },
    });
    expect(change.statusCode).toBe(200);

    const { user, outcome, revokedSessions } = await bootstrapAdmin(app.db, {
      email,
      password: 'operator-pass-1',
      promoteExisting: true,
      via: 'create-admin',
    });
    expect(outcome).toBe('promoted');
    expect(revokedSessions).toBe(1);
    expect(user.role).toBe('admin');

    // The squatter's token is refused; their password no longer signs in; the operator's does.
    expect((await me(squatter.access_token)).statusCode).toBe(401);
    const login = (password: string) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect((await login(PASSWORD)).statusCode).toBe(401);
    const operator = await login('operator-pass-1');
    expect(operator.statusCode).toBe(200);
    const { access_token } = AuthResponse.parse(operator.json());

    // The email-change link waiting in the squatter's inbox is void.
    const pending = await app.db
      .select()
      .from(emailChangeTokens)
      .where(and(eq(emailChangeTokens.userId, user.id), isNull(emailChangeTokens.usedAt)));
    expect(pending).toEqual([]);

    const audit = await app.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=user&entity_id=${user.id}`,
      headers: bearer(access_token),
    });
    const entries = AuditList.parse(audit.json()).entries;
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'user.bootstrap_promote',
        actor_name: 'operator (create-admin)',
        before: expect.objectContaining({ role: 'user' }),
        after: expect.objectContaining({ role: 'admin', revoked_sessions: 1 }),
      }),
    ]);
  });

  it('creates a new admin, and re-running with the same password keeps its sessions', async () => {
    const email = uniqueEmail('root');
    const first = await bootstrapAdmin(app.db, {
      email,
      password: 'operator-pass-1',
      via: 'ADMIN_EMAIL',
    });
    expect(first).toMatchObject({ outcome: 'created', user: { role: 'admin' } });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'operator-pass-1' },
    });
    const { access_token } = AuthResponse.parse(login.json());
    // ADMIN_EMAIL at every start: same password, nothing revoked.
    const again = await bootstrapAdmin(app.db, {
      email,
      password: 'operator-pass-1',
      via: 'ADMIN_EMAIL',
    });
    expect(again).toMatchObject({ outcome: 'updated', revokedSessions: 0 });
    expect((await me(access_token)).statusCode).toBe(200);
    // A new password: the old sessions end.
    const changed = await bootstrapAdmin(app.db, {
      email,
      password: 'operator-pass-2',
      via: 'ADMIN_EMAIL',
    });
    expect(changed).toMatchObject({ outcome: 'updated', revokedSessions: 1 });
    // As the server's start does after revoking: every instance reads sessions afresh.
    await app.forgetUser('*');
    expect((await me(access_token)).statusCode).toBe(401);
  });
});

describe('sign-up proves the address before any staff role', () => {
  it('mails a confirmation link without the display name; until it is opened no staff role', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const email = uniqueEmail('new');
    const signup = await register(email, 'Your bank: verify at https://evil.test');
    const [mail] = await readOutbox(app.db, email);
    expect(mail?.subject).toBe('Confirm your email for Lumiskin');
    expect(mail?.text).not.toContain('evil.test');

    const account = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: bearer(signup.access_token),
    });
    expect(AccountResponse.parse(account.json()).user.email_confirmed).toBe(false);

    for (const role of ['moderator', 'admin']) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/admin/users/${signup.user.id}/role`,
        headers: admin.headers,
        payload: { role },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'email_not_confirmed',
        detail: expect.stringContaining('confirmed'),
      });
    }
    expect((await findUserByEmail(app.db, email))?.role).toBe('user');

    const confirm = await app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: await linkToken(email) },
    });
    expect(confirm.statusCode).toBe(200);
    expect(ConfirmEmailResponse.parse(confirm.json())).toMatchObject({ kind: 'confirmed', email });

    const promoted = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${signup.user.id}/role`,
      headers: admin.headers,
      payload: { role: 'moderator' },
    });
    expect(promoted.statusCode).toBe(200);
    expect(AdminUserDetail.parse(promoted.json())).toMatchObject({
      role: 'moderator',
      email_confirmed: true,
    });
  });

  it('a link works once, and not after the account moved to another address', async () => {
    const email = uniqueEmail('once');
    const signup = await register(email);
    const token = await linkToken(email);
    const open = () =>
      app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
    expect((await open()).statusCode).toBe(200);
    const again = await open();
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_email_token' });

    // Asking again once confirmed: 400, nothing sent.
    const resend = await app.inject({
      method: 'POST',
      url: '/api/users/me/email/confirmation',
      headers: bearer(signup.access_token),
    });
    expect(resend.statusCode).toBe(400);
    expect(resend.json()).toMatchObject({ code: 'email_already_confirmed' });
  });

  it('a new link can be asked for, at most three an hour; the older ones stop working', async () => {
    const email = uniqueEmail('resend');
    const signup = await register(email);
    const first = await linkToken(email);
    const ask = () =>
      app.inject({
        method: 'POST',
        url: '/api/users/me/email/confirmation',
        headers: bearer(signup.access_token),
      });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', detail: expect.any(String) });
    const stale = await app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: first },
    });
    expect(stale.statusCode).toBe(400);
    const newest = await app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: await linkToken(email) },
    });
    expect(newest.statusCode).toBe(200);
  });
});

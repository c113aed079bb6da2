import { AdminUserDetail, AuditList } from '@lumiskin/contract/admin';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { users } from '../auth/schema';
import { readOutbox } from '../mail/mailer';
import { passwordResetTokens } from '../users/schema';

/**
 * Decision 032: an admin's write on an account and its audit entry commit together or not at all,
 * and two admins acting on each other at the same instant never leave the site without an active
 * admin. Failures are injected with triggers on this test's own database.
 */

let app: FastifyInstance;
let admin: CreatedUser;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await createUser(app, { role: 'admin', name: 'Ada Admin' });
  await app.db.execute(sql`
    create function test_refuse() returns trigger language plpgsql as $$
    begin raise exception 'refused by the test'; end $$`);
});
afterAll(() => app.close());

/** Makes `table` refuse `event` rows whose `column` is `id`, until the returned function runs. */
async function refuse(
  table: 'audit_log' | 'users' | 'password_reset_tokens',
  event: 'insert' | 'update' | 'delete',
  column: string,
  id: string,
): Promise<() => Promise<void>> {
  const name = `refuse_${table}_${event}`;
  const row = event === 'insert' ? 'new' : 'old';
  await app.db.execute(
    sql.raw(
      `create trigger ${name} before ${event} on ${table} for each row ` +
        `when (${row}.${column}::text = '${id.replace(/'/g, '')}') execute function test_refuse()`,
    ),
  );
  return async () => {
    await app.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
  };
}

async function auditFor(id: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/admin/audit?entity=user&entity_id=${id}`,
    headers: admin.headers,
  });
  return AuditList.parse(res.json()).entries;
}

async function userRow(id: string) {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  return row;
}

const call = (who: CreatedUser, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api/admin/users/${url}`, headers: who.headers, payload });

describe('an account change and its audit entry are one transaction', () => {
  const actions = [
    {
      name: 'role change',
      run: (id: string) => call(admin, 'PUT', `${id}/role`, { role: 'moderator' }),
      changed: async (id: string) => (await userRow(id))?.role === 'moderator',
      table: 'users' as const,
      event: 'update' as const,
    },
    {
      name: 'suspension',
      run: (id: string) => call(admin, 'POST', `${id}/suspend`),
      changed: async (id: string) => (await userRow(id))?.suspendedAt != null,
      table: 'users' as const,
      event: 'update' as const,
    },
    {
      name: 'deletion',
      run: (id: string) => call(admin, 'DELETE', id),
      changed: async (id: string) => (await userRow(id)) === undefined,
      table: 'users' as const,
      event: 'delete' as const,
    },
  ];

  for (const action of actions) {
    it(`a failing audit insert rolls the ${action.name} back`, async () => {
      const target = await createUser(app, { emailConfirmed: true });
      const restore = await refuse('audit_log', 'insert', 'entity_id', target.user.id);
      try {
        const res = await action.run(target.user.id);
        expect(res.statusCode).toBe(500);
      } finally {
        await restore();
      }
      expect(await action.changed(target.user.id)).toBe(false);
      // A suspension's session revocation went with it: the user is still signed in.
      const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: target.headers });
      expect(me.statusCode).toBe(200);
      expect(await auditFor(target.user.id)).toEqual([]);
      // The same request succeeds once the audit log accepts entries again.
      expect((await action.run(target.user.id)).statusCode).toBeLessThan(300);
      expect(await action.changed(target.user.id)).toBe(true);
      expect(await auditFor(target.user.id)).toHaveLength(1);
    });

    it(`a failing ${action.name} writes no audit entry`, async () => {
      const target = await createUser(app, { emailConfirmed: true });
      const restore = await refuse(action.table, action.event, 'id', target.user.id);
      try {
        expect((await action.run(target.user.id)).statusCode).toBe(500);
      } finally {
        await restore();
      }
      expect(await action.changed(target.user.id)).toBe(false);
      expect(await auditFor(target.user.id)).toEqual([]);
    });
  }

  it('a reset link: no token and no mail without its audit entry, no entry without its token', async () => {
    const target = await createUser(app, { emailConfirmed: true });
    const tokens = async () =>
      (
        await app.db
          .select({ n: count() })
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.userId, target.user.id))
      )[0]!.n;

    let restore = await refuse('audit_log', 'insert', 'entity_id', target.user.id);
    try {
      expect((await call(admin, 'POST', `${target.user.id}/reset-link`)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await tokens()).toBe(0);
    expect(await readOutbox(app.db, target.user.email)).toEqual([]);

    restore = await refuse('password_reset_tokens', 'insert', 'user_id', target.user.id);
    try {
      expect((await call(admin, 'POST', `${target.user.id}/reset-link`)).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await auditFor(target.user.id)).toEqual([]);
    expect(await readOutbox(app.db, target.user.email)).toEqual([]);

    expect((await call(admin, 'POST', `${target.user.id}/reset-link`)).statusCode).toBe(200);
    expect(await tokens()).toBe(1);
    expect(await readOutbox(app.db, target.user.email)).toHaveLength(1);
    expect((await auditFor(target.user.id)).map((e) => e.action)).toEqual(['user.reset_link']);
  });
});

describe('two admins acting on each other at once', () => {
  /** Admins who can still act: role admin, not suspended. */
  const activeAdmins = async (server: FastifyInstance) =>
    (
      await server.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.suspendedAt)))
    )[0]!.n;

  const ROUNDS = 15;
  type Move = (
    server: FastifyInstance,
    me: CreatedUser,
    other: CreatedUser,
  ) => Promise<LightMyRequestResponse>;
  const onUser =
    (method: 'PUT' | 'POST' | 'DELETE', path: (other: string) => string, payload?: object): Move =>
    (server, me, other) =>
      server.inject({
        method,
        url: `/api/admin/users/${path(other.user.id)}`,
        headers: me.headers,
        payload,
      });
  const demote = onUser('PUT', (id) => `${id}/role`, { role: 'moderator' });
  const suspend = onUser('POST', (id) => `${id}/suspend`);
  const remove = onUser('DELETE', (id) => id);
  const stepDown: Move = (server, me) =>
    server.inject({
      method: 'PUT',
      url: `/api/admin/users/${me.user.id}/role`,
      headers: me.headers,
      payload: { role: 'user' },
    });
  const leave: Move = (server, me) =>
    server.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: me.headers,
      payload: { password: me.password },
    });

  // [what they do, A's move on B, B's move on A, whether exactly one can succeed]
  const pairs: [string, Move, Move, boolean][] = [
    ['demote each other', demote, demote, true],
    ['suspend each other', suspend, suspend, true],
    ['delete each other', remove, remove, true],
    ['one demotes, the other suspends', demote, suspend, true],
    // Both may succeed here (stepping down first leaves A, who may then delete B).
    ['one deletes the other, who steps down', remove, stepDown, false],
    ['one suspends the other, who deletes their own account', suspend, leave, false],
  ];

  it.each(pairs)(
    'never leaves zero active admins when they %s (many rounds)',
    async (_name, first, second, exactlyOne) => {
      // A server of its own, where these two are the only admins.
      const solo = await buildTestApp();
      try {
        for (let round = 0; round < ROUNDS; round++) {
          await solo.db.delete(users).where(eq(users.role, 'admin'));
          const a = await createUser(solo, { role: 'admin', name: `A${round}` });
          const b = await createUser(solo, { role: 'admin', name: `B${round}` });
          const [ra, rb] = await Promise.all([first(solo, a, b), second(solo, b, a)]);
          const said = `round ${round}: ${ra.statusCode} ${ra.body} / ${rb.statusCode} ${rb.body}`;
          expect(await activeAdmins(solo), said).toBeGreaterThanOrEqual(1);
          // Every refusal is an answer with a reason, never a 500.
          for (const res of [ra, rb])
            expect([200, 204, 401, 403, 404, 409], said).toContain(res.statusCode);
          const succeeded = [ra, rb].filter((res) => res.statusCode < 300).length;
          if (exactlyOne) expect(succeeded, said).toBe(1);
          else expect(succeeded, said).toBeGreaterThanOrEqual(1);
        }
      } finally {
        await solo.close();
      }
    },
  );

  it('the refused admin is told why (last admin, or no longer an admin)', async () => {
    const solo = await buildTestApp();
    try {
      const a = await createUser(solo, { role: 'admin' });
      const b = await createUser(solo, { role: 'admin' });
      const [ra, rb] = await Promise.all([demote(solo, a, b), demote(solo, b, a)]);
      const [won, lost] = ra.statusCode === 200 ? [ra, rb] : [rb, ra];
      expect(AdminUserDetail.parse(won.json()).role).toBe('moderator');
      expect(['last_admin', 'forbidden']).toContain((lost.json() as { code: string }).code);
    } finally {
      await solo.close();
    }
  });
});

import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../admin/audit-repository';
import { userSnapshot } from '../admin/users-repository';
import { emailChangeTokens, emailConfirmationTokens, passwordResetTokens } from '../users/schema';
import { hashPassword, verifyPassword } from './password';
import { findUserByEmail, insertUser } from './repository';
import { sessions, users, type UserRow } from './schema';

/**
 * The operator's admin bootstrap (`npm run create-admin`, ADMIN_EMAIL at start), decision 070.
 * The operator names the address and sets the password, so a new account is theirs. An account
 * that already exists under that address may be someone else's (anyone can register any address
 * before the operator does): it is never promoted unless the operator says so explicitly, and then
 * every way in its earlier holder had (sessions, pending links) ends, and the audit log says so.
 */

export type BootstrapOutcome = 'created' | 'updated' | 'promoted';

export class AdminBootstrapRefused extends Error {
  constructor(
    public readonly email: string,
    public readonly role: string,
  ) {
    super(
      `${email} already has an account (role ${role}) that was not made by this command: it may ` +
        'belong to someone who registered the address first, so it was not promoted. If it is ' +
        'yours, run again with --promote-existing (ADMIN_PROMOTE_EXISTING=true at start): its ' +
        'password is replaced, every session it has is revoked, its pending links are voided and ' +
        'the promotion is written to the audit log.',
    );
    this.name = 'AdminBootstrapRefused';
  }
}

/** The audit log's actor for what the operator does from the command line or the environment. */
export const OPERATOR_ACTOR_ID = '00000000-0000-0000-0000-000000000000';

export interface BootstrapInput {
  email: string;
  password: string;
  name?: string | undefined;
  /** Promote an existing non-admin account (the operator vouches that the address is theirs). */
  promoteExisting?: boolean;
  /** Where the operator spoke from, for the audit log: 'create-admin' or 'ADMIN_EMAIL'. */
  via: 'create-admin' | 'ADMIN_EMAIL';
}

/**
 * Creates the admin, or, for an existing admin, sets the password (revoking its sessions when the
 * password changed), or promotes an existing account when `promoteExisting` says so. Throws
 * AdminBootstrapRefused for an existing non-admin account otherwise; nothing changes then.
 */
export async function bootstrapAdmin(
  db: Db,
  input: BootstrapInput,
): Promise<{ user: UserRow; outcome: BootstrapOutcome; revokedSessions: number }> {
  const actor: Actor = {
    id: OPERATOR_ACTOR_ID,
    name: `operator (${input.via})`,
    role: 'admin',
  };
  const existing = await findUserByEmail(db, input.email);
  if (!existing) {
    const passwordHash = await hashPassword(input.password);
    const created = await db.transaction(async (tx) => {
      const user = await insertUser(
        tx,
        { ...input, name: input.name ?? 'Admin', role: 'admin', emailConfirmed: true },
        passwordHash,
      );
      if (user) {
        await audit(tx, actor, {
          action: 'user.bootstrap_create',
          entity: 'user',
          entityId: user.id,
          before: null,
          after: userSnapshot(user),
        });
      }
      return user;
    });
    if (created) return { user: created, outcome: 'created', revokedSessions: 0 };
    // Registered between the look-up and the insert: decide on that account like any other.
    return bootstrapAdmin(db, input);
  }

  if (existing.role !== 'admin' && !input.promoteExisting) {
    throw new AdminBootstrapRefused(existing.email, existing.role);
  }
  const samePassword =
    existing.role === 'admin' && (await verifyPassword(existing.passwordHash, input.password));
  const passwordHash = samePassword ? existing.passwordHash : await hashPassword(input.password);
  const isPromotion = existing.role !== 'admin';

  return db.transaction(async (tx) => {
    const now = new Date();
    const [user] = await tx
      .update(users)
      .set({
        role: 'admin',
        passwordHash,
        ...(input.name && { name: input.name }),
        // The operator vouches for the address they named.
        emailConfirmedAt: existing.emailConfirmedAt ?? now,
      })
      .where(eq(users.id, existing.id))
      .returning();
    if (!user) throw new Error(`Could not update ${input.email}`);
    let revokedSessions = 0;
    // Whoever held the account before (or knew the old password) is out: no session, and no link
    // (reset, email change, confirmation) still waiting in an inbox that may not be the operator's.
    if (!samePassword) {
      const revoked = await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      revokedSessions = revoked.length;
      for (const table of [passwordResetTokens, emailChangeTokens, emailConfirmationTokens]) {
        await tx
          .update(table)
          .set({ usedAt: now })
          .where(and(eq(table.userId, user.id), isNull(table.usedAt)));
      }
    }
    if (isPromotion || !samePassword) {
      await audit(tx, actor, {
        action: isPromotion ? 'user.bootstrap_promote' : 'user.bootstrap_password',
        entity: 'user',
        entityId: user.id,
        before: userSnapshot(existing),
        after: { ...userSnapshot(user), revoked_sessions: revokedSessions },
      });
    }
    return { user, outcome: isPromotion ? 'promoted' : 'updated', revokedSessions };
  });
}

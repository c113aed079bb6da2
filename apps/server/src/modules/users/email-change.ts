import { EMAIL_CHANGE_TTL_MINUTES, type PendingEmailChange } from '@lumiskin/contract/account';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { findUserByEmail } from '../auth/repository';
import { users, type UserRow } from '../auth/schema';
import { hashToken, newToken } from '../auth/tokens';
import { isUniqueViolation } from './repository';
import { emailChangeTokens, passwordResetTokens } from './schema';

/**
 * Changing the email (decision 035): the current password, then a single-use link to the new
 * address; the change happens when the link is opened. The current address hears of the request
 * and of the change.
 */

/** Requests per account per hour (each mails two addresses). */
export const EMAIL_CHANGES_PER_HOUR = 3;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export type EmailChangeRequest = 'sent' | 'unchanged' | 'limit';

/**
 * Records the request and mails: the link to the new address, or, when that address already has an
 * account, a note that nothing can change (the answer to the requester is the same either way);
 * and a notice to the current address. A new request voids the account's older links.
 */
export async function requestEmailChange(
  app: FastifyInstance,
  user: UserRow,
  newEmail: string,
): Promise<EmailChangeRequest> {
  if (sameEmail(newEmail, user.email)) return 'unchanged';
  const now = app.config.now?.() ?? new Date();
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  const [recent] = await app.db
    .select({ n: count() })
    .from(emailChangeTokens)
    .where(and(eq(emailChangeTokens.userId, user.id), gt(emailChangeTokens.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= EMAIL_CHANGES_PER_HOUR) return 'limit';

  const holder = await findUserByEmail(app.db, newEmail);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_MINUTES * 60_000);
  await app.db.transaction(async (tx) => {
    await cancelEmailChange(tx, user.id, now);
    // Also when the address is taken, so those requests count towards the hourly limit too; that
    // token is never sent anywhere.
    await tx.insert(emailChangeTokens).values({
      userId: user.id,
      newEmail,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
    });
  });

  const appUrl = app.config.appUrl ?? 'http://localhost:3000';
  const link = `${appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  await app.mailer.send(
    holder
      ? {
          userId: holder.id,
          to: newEmail,
          subject: 'Someone tried to use this address on Lumiskin',
          text: [
            'Hello,',
            '',
            'Someone asked to move another Lumiskin account to this email address. It already',
            'belongs to a Lumiskin account (yours), so nothing has changed.',
            '',
            'If it was you, sign in with this address instead, or reset its password from the',
            `sign-in page: ${appUrl}/forgot-password`,
          ].join('\n'),
        }
      : {
          userId: user.id,
          to: newEmail,
          subject: 'Confirm your new Lumiskin email',
          text: [
            // No display name: this address may be anyone's, and the name is whatever the
            // requester typed (decision 070).
            'Hello,',
            '',
            'You asked to use this address for your Lumiskin account. Open this link within',
            `${EMAIL_CHANGE_TTL_MINUTES} minutes to confirm it. It works once:`,
            '',
            link,
            '',
            'Until you open it, your account keeps its current email. If you did not ask for this,',
            'ignore this email.',
          ].join('\n'),
        },
  );
  await app.mailer.send({
    userId: user.id,
    to: user.email,
    subject: 'Your Lumiskin email change was requested',
    text: [
      'Hello,',
      '',
      `Someone signed in to your Lumiskin account asked to change its email to ${newEmail}.`,
      'The change happens only if the link we sent to that address is opened.',
      '',
      'If this was not you, change your password now (Profile, Settings): that cancels the',
      `request. If you forgot it, reset it here: ${appUrl}/forgot-password`,
    ].join('\n'),
  });
  return 'sent';
}

/** The change waiting for its link: the newest request whose link still works (older ones are void). */
export async function pendingEmailChange(
  db: Db,
  userId: string,
  now: Date,
): Promise<PendingEmailChange | null> {
  const [row] = await db
    .select({ newEmail: emailChangeTokens.newEmail, expiresAt: emailChangeTokens.expiresAt })
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.userId, userId),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(emailChangeTokens.createdAt))
    .limit(1);
  return row ? { new_email: row.newEmail, expires_at: row.expiresAt.toISOString() } : null;
}

/**
 * Cancels the account's pending change: its link stops working. The request still counts towards
 * the hourly limit (it mailed two addresses). True when there was one.
 */
export async function cancelEmailChange(db: Executor, userId: string, now: Date): Promise<boolean> {
  const voided = await db
    .update(emailChangeTokens)
    .set({ usedAt: now })
    .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)))
    .returning({ id: emailChangeTokens.id });
  return voided.length > 0;
}

export type EmailChangeResult =
  | { status: 'changed'; user: UserRow; oldEmail: string }
  | { status: 'invalid' }
  | { status: 'taken' };

/**
 * Opens a link: in one transaction the token is marked used (so two clicks at once change it once),
 * the email set, and reset links still waiting in the old inbox voided. 'taken' when the address
 * got an account after the request (nothing changes and the link stays usable until it expires).
 */
export async function confirmEmailChange(
  db: Db,
  token: string,
  now: Date,
): Promise<EmailChangeResult> {
  try {
    return await db.transaction(async (tx): Promise<EmailChangeResult> => {
      const [link] = await tx
        .update(emailChangeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailChangeTokens.tokenHash, hashToken(token)),
            isNull(emailChangeTokens.usedAt),
            gt(emailChangeTokens.expiresAt, now),
          ),
        )
        .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail });
      if (!link) return { status: 'invalid' };
      const [before] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, link.userId))
        .for('update');
      if (!before) return { status: 'invalid' };
      const [user] = await tx
        .update(users)
        // Opening the link proved the new address (decision 070).
        .set({ email: link.newEmail, emailConfirmedAt: now, updatedAt: now })
        .where(eq(users.id, link.userId))
        .returning();
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(eq(passwordResetTokens.userId, link.userId), isNull(passwordResetTokens.usedAt)),
        );
      return user ? { status: 'changed', user, oldEmail: before.email } : { status: 'invalid' };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'taken' };
    throw error;
  }
}

/** The notice to the address the account just left. */
export async function sendEmailChangedNotice(
  app: FastifyInstance,
  user: UserRow,
  oldEmail: string,
): Promise<void> {
  const appUrl = app.config.appUrl ?? 'http://localhost:3000';
  await app.mailer.send({
    userId: user.id,
    to: oldEmail,
    subject: 'Your Lumiskin email was changed',
    text: [
      'Hello,',
      '',
      `The email of your Lumiskin account is now ${user.email}; mail about your account goes`,
      'there from now on, and password-reset links sent to this address no longer work.',
      '',
      'If you did not make this change, sign in with your password at',
      `${appUrl}/login using the new address and change both your email and your password.`,
    ].join('\n'),
  });
}

import { EMAIL_CONFIRMATION_TTL_HOURS } from '@lumiskin/contract/account';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../auth/schema';
import { hashToken, newToken } from '../auth/tokens';
import { emailConfirmationTokens } from './schema';

/**
 * Proving the address an account was made with (decision 070): a single-use link mailed to it at
 * sign-up, and again on request. Until it is opened the account works as ever, but it cannot hold
 * a staff role, and no optional mail (notifications) goes to the address.
 */

/** Links per account per hour (sign-up's own included). */
export const EMAIL_CONFIRMATIONS_PER_HOUR = 3;

export type ConfirmationRequest = 'sent' | 'confirmed' | 'limit';

/**
 * Mails a confirmation link to the account's address; a new link voids the older ones. The text
 * carries nothing the account's holder typed (no name): the address may be a stranger's.
 */
export async function sendEmailConfirmation(
  app: FastifyInstance,
  user: UserRow,
): Promise<ConfirmationRequest> {
  if (user.emailConfirmedAt) return 'confirmed';
  const now = app.config.now?.() ?? new Date();
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  const [recent] = await app.db
    .select({ n: count() })
    .from(emailConfirmationTokens)
    .where(
      and(
        eq(emailConfirmationTokens.userId, user.id),
        gt(emailConfirmationTokens.createdAt, hourAgo),
      ),
    );
  if ((recent?.n ?? 0) >= EMAIL_CONFIRMATIONS_PER_HOUR) return 'limit';

  const token = newToken();
  await app.db.transaction(async (tx) => {
    await tx
      .update(emailConfirmationTokens)
      .set({ usedAt: now })
      .where(
        and(eq(emailConfirmationTokens.userId, user.id), isNull(emailConfirmationTokens.usedAt)),
      );
    await tx.insert(emailConfirmationTokens).values({
      userId: user.id,
      email: user.email,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_HOURS * 60 * 60_000),
    });
  });
  const appUrl = app.config.appUrl ?? 'http://localhost:3000';
  await app.mailer.send({
    userId: user.id,
    to: user.email,
    subject: 'Confirm your email for Lumiskin',
    text: [
      'Hello,',
      '',
      'A Lumiskin account was made with this email address. Open this link within',
      `${EMAIL_CONFIRMATION_TTL_HOURS} hours to confirm that the address is yours. It works once:`,
      '',
      `${appUrl}/confirm-email?token=${encodeURIComponent(token)}`,
      '',
      'If you did not make an account, ignore this email: nothing more will be sent to you',
      'about it unless someone asks for a password reset.',
    ].join('\n'),
  });
  return 'sent';
}

/**
 * Opens a confirmation link: marks it used and the address proved, in one statement each inside a
 * transaction. Undefined when the token is unknown, used, replaced or expired, or when the account
 * no longer has the address the link went to.
 */
export async function confirmEmailAddress(
  db: Db,
  token: string,
  now: Date,
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailConfirmationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailConfirmationTokens.tokenHash, hashToken(token)),
          isNull(emailConfirmationTokens.usedAt),
          gt(emailConfirmationTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailConfirmationTokens.userId, email: emailConfirmationTokens.email });
    if (!link) return undefined;
    const [user] = await tx
      .update(users)
      .set({
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(
        and(
          eq(users.id, link.userId),
          eq(sql`lower(${users.email})`, link.email.trim().toLowerCase()),
        ),
      )
      .returning();
    return user;
  });
}

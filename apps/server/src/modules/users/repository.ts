import type { Account, UpdateAccountBody } from '@lumiskin/contract/account';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashPassword } from '../auth/password';
import { toUser } from '../auth/repository';
import { sessions, users, type UserRow } from '../auth/schema';
import { hashToken, newToken } from '../auth/tokens';
import { emailChangeTokens, passwordResetTokens } from './schema';
import { recordPhotoDeletion } from '../analysis/photo-sweeps';
import { anonymiseOrdersForUser } from '../orders/repository';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function toAccount(row: UserRow): Account {
  return {
    ...toUser(row),
    notes: row.notes,
    timezone: row.timezone,
    settings: {
      email_notifications: row.emailNotifications,
      data_sharing: row.dataSharing,
      marketing: row.marketing,
      morning_reminder_time: row.morningReminderTime,
      evening_reminder_time: row.eveningReminderTime,
      notify: {
        routine: row.notifyRoutine,
        daily_quiz: row.notifyDailyQuiz,
        streak: row.notifyStreak,
        progress_scan: row.notifyProgressScan,
        new_article: row.notifyNewArticle,
      },
      analyse_on_device: row.analyseOnDevice,
    },
    goals: { target_score: row.goalTargetScore, scans_per_week: row.goalScansPerWeek },
    email_confirmed: row.emailConfirmedAt !== null,
  };
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function notifyColumns(
  notify: Partial<Account['settings']['notify']> | undefined,
): Partial<typeof users.$inferInsert> {
  if (!notify) return {};
  return {
    ...(notify.routine !== undefined && { notifyRoutine: notify.routine }),
    ...(notify.daily_quiz !== undefined && { notifyDailyQuiz: notify.daily_quiz }),
    ...(notify.streak !== undefined && { notifyStreak: notify.streak }),
    ...(notify.progress_scan !== undefined && { notifyProgressScan: notify.progress_scan }),
    ...(notify.new_article !== undefined && { notifyNewArticle: notify.new_article }),
  };
}

type AccountChanges = Partial<typeof users.$inferInsert>;

/** The columns the fields sent set, except the email (it changes through a confirmation link only). */
export function accountChanges(body: Omit<UpdateAccountBody, 'email'>): AccountChanges {
  return {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.skinType !== undefined && { skinType: body.skinType }),
    ...(body.skinConcerns !== undefined && { skinConcerns: body.skinConcerns }),
    ...(body.notes !== undefined && { notes: body.notes }),
    ...(body.timezone !== undefined && { timezone: body.timezone }),
    ...(body.settings?.email_notifications !== undefined && {
      emailNotifications: body.settings.email_notifications,
    }),
    ...(body.settings?.data_sharing !== undefined && { dataSharing: body.settings.data_sharing }),
    ...(body.settings?.marketing !== undefined && { marketing: body.settings.marketing }),
    ...(body.settings?.morning_reminder_time !== undefined && {
      morningReminderTime: body.settings.morning_reminder_time,
    }),
    ...(body.settings?.evening_reminder_time !== undefined && {
      eveningReminderTime: body.settings.evening_reminder_time,
    }),
    ...notifyColumns(body.settings?.notify),
    ...(body.settings?.analyse_on_device !== undefined && {
      analyseOnDevice: body.settings.analyse_on_device,
    }),
    ...(body.goals?.target_score !== undefined && { goalTargetScore: body.goals.target_score }),
    ...(body.goals?.scans_per_week !== undefined && {
      goalScansPerWeek: body.goals.scans_per_week,
    }),
  };
}

/** Applies `accountChanges(body)`; the route refuses a body that changes nothing first. */
export async function updateAccount(
  db: Db,
  userId: string,
  set: AccountChanges,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Whether PostgreSQL knows the zone too (the streak query converts in SQL). */
export async function isKnownTimezone(db: Db, tz: string): Promise<boolean> {
  const rows = await db.execute<{ ok: boolean }>(
    sql`select exists (select 1 from pg_timezone_names where name = ${tz}) or ${tz} in ('UTC', 'Etc/UTC') as ok`,
  );
  return Boolean(rows[0]?.ok);
}

/**
 * Sets the password and ends every session except `keepSessionId` (null: all of them).
 * With `replacing` (the hash the caller checked the current password against), it changes
 * nothing and answers false when the password has changed since: of two changes sent at once
 * with the same current password, one holds and the other is told the password is wrong, instead
 * of both being acknowledged and one silently lost.
 */
export async function setPassword(
  db: Db,
  userId: string,
  password: string,
  keepSessionId: string | null,
  replacing?: string,
): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(
        and(
          eq(users.id, userId),
          replacing === undefined ? undefined : eq(users.passwordHash, replacing),
        ),
      )
      .returning({ id: users.id });
    if (changed.length === 0) return false;
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
        ),
      );
    // A password change also voids reset links still in someone's inbox, and email-change links
    // (the owner's answer to a change they did not ask for: decision 035).
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await tx
      .update(emailChangeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)));
    return true;
  });
}

/**
 * Deletes the user. Every table holding a user_id references users with ON DELETE CASCADE
 * (scans, consents, sessions, routine and its history, mix, favourites, likes, saved posts, quiz
 * attempts, answers and badges, reset links, outbox mail, photos kept in PostgreSQL); blog view
 * counters key a signed-in reader as 'u:<id>' text, so those go by hand. The photo store is told
 * in the same transaction (`photo_deletions`): the caller then queues the photo sweep, which
 * calls `deleteForUser` on the store, retrying until it succeeds.
 */
export async function deleteAccount(db: Db | Tx, userId: string): Promise<void> {
  // Inside a caller's transaction this is a savepoint: the caller's audit entry and lock hold.
  await db.transaction(async (tx) => {
    await recordPhotoDeletion(tx, { userId, analysisId: null });
    await tx.execute(sql`delete from post_views where visitor = ${`u:${userId}`}`);
    // An article's like counter is kept on the article (it starts from the seeded figure): the
    // person's likes leave it with them, as an unlike would (the cascade only drops the rows).
    await tx.execute(sql`
      update blog_posts set likes = greatest(likes - 1, 0)
      where id in (select post_id from post_likes where user_id = ${userId})`);
    // Orders stay for the accounts, without the address; the link goes with the row (decision 083).
    await anonymiseOrdersForUser(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));
  });
}

export async function createResetToken(
  db: Db | Tx,
  userId: string,
  expiresAt: Date,
): Promise<string> {
  const token = newToken();
  await db.insert(passwordResetTokens).values({ userId, tokenHash: hashToken(token), expiresAt });
  return token;
}

/** The reset token's row while it works: known, unused and unexpired at `now`. */
function usableResetToken(token: string, now: Date) {
  return and(
    eq(passwordResetTokens.tokenHash, hashToken(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
}

/** Whether a reset token would be accepted now; it stays unused. */
export async function isResetTokenUsable(db: Db, token: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(usableResetToken(token, now))
    .limit(1);
  return row !== undefined;
}

/**
 * Marks the token used and returns its user, in one statement so a link works exactly once even
 * when clicked twice at the same moment; undefined when unknown, used or expired at `now`.
 */
export async function consumeResetToken(
  db: Db,
  token: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(usableResetToken(token, now))
    .returning({ userId: passwordResetTokens.userId });
  // The link reached the account's inbox and was opened: the address is proved (decision 070).
  // An email change voids reset links, so this is always the address the link went to.
  if (row) {
    await db
      .update(users)
      .set({
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(users.id, row.userId));
  }
  return row?.userId;
}

import type { AdminUser, AdminUserDetail } from '@lumiskin/contract/admin';
import type { Role } from '@lumiskin/contract/auth';
import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyses } from '../analysis/schema';
import { sessions, users, type UserRow } from '../auth/schema';
import { liveSessionsOf } from '../auth/repository';
import { postLikes, postSaves, postViews } from '../blog/schema';
import { quizAttempts, quizPlayerTotals } from '../quiz/schema';
import type { Executor } from '../../db/client';

/** The admin area's accounts: counts and dates only. */

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.suspendedAt ? 'suspended' : 'active',
    created_at: row.createdAt.toISOString(),
    suspended_at: row.suspendedAt?.toISOString() ?? null,
    email_confirmed: row.emailConfirmedAt !== null,
  };
}

/** What the audit log keeps of a user: no email (it is personal data the log need not hold). */
export const userSnapshot = (row: UserRow) => ({
  name: row.name,
  role: row.role,
  suspended_at: row.suspendedAt?.toISOString() ?? null,
});

const USER_SORTS = {
  created_desc: [desc(users.createdAt), asc(users.id)],
  created_asc: [asc(users.createdAt), asc(users.id)],
  name: [asc(users.name), asc(users.id)],
} as const;

export async function listUsers(
  db: Db,
  query: {
    q?: string | undefined;
    role?: Role | undefined;
    status?: 'active' | 'suspended' | undefined;
    sort: keyof typeof USER_SORTS;
    page: number;
    page_size: number;
  },
): Promise<{ users: AdminUser[]; total: number }> {
  const conditions: SQL[] = [];
  const q = query.q?.trim().toLowerCase();
  if (q) {
    // The search text is a bound parameter; only LIKE's own wildcards need escaping.
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(lower(${users.name}) like ${pattern} or lower(${users.email}) like ${pattern})`,
    );
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status === 'suspended') conditions.push(isNotNull(users.suspendedAt));
  if (query.status === 'active') conditions.push(isNull(users.suspendedAt));
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...USER_SORTS[query.sort])
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toAdminUser), total: totals?.n ?? 0 };
}

export async function userDetail(db: Executor, row: UserRow): Promise<AdminUserDetail> {
  const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const [scans, plays, read, liked, saved, [lastSession], [points], devices] = await Promise.all([
    countOf(db.select({ n: count() }).from(analyses).where(eq(analyses.userId, row.id))),
    countOf(
      db
        .select({ n: count() })
        .from(quizAttempts)
        .where(and(eq(quizAttempts.userId, row.id), isNotNull(quizAttempts.submittedAt))),
    ),
    // Blog views key a signed-in reader as 'u:<id>' (blog module).
    countOf(
      db
        .select({ n: count() })
        .from(postViews)
        .where(eq(postViews.visitor, `u:${row.id}`)),
    ),
    countOf(db.select({ n: count() }).from(postLikes).where(eq(postLikes.userId, row.id))),
    countOf(db.select({ n: count() }).from(postSaves).where(eq(postSaves.userId, row.id))),
    db
      .select({ at: sql<string | null>`max(${sessions.lastUsedAt})` })
      .from(sessions)
      .where(eq(sessions.userId, row.id)),
    db
      .select({ points: quizPlayerTotals.points })
      .from(quizPlayerTotals)
      .where(eq(quizPlayerTotals.userId, row.id)),
    countOf(db.select({ n: count() }).from(sessions).where(liveSessionsOf(row.id))),
  ]);
  return {
    ...toAdminUser(row),
    last_active_at: lastSession?.at ? new Date(lastSession.at).toISOString() : null,
    signed_in_devices: devices,
    scan_count: scans,
    quiz_points: points?.points ?? 0,
    quiz_plays: plays,
    articles_read: read,
    articles_liked: liked,
    articles_saved: saved,
    timezone: row.timezone,
    email_notifications: row.emailNotifications,
    marketing: row.marketing,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Admins who can act: role admin and not suspended. */
export async function countActiveAdmins(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.suspendedAt)));
  return row?.n ?? 0;
}

export const isActiveAdmin = (row: UserRow) => row.role === 'admin' && row.suspendedAt === null;

/** Suspends and revokes every live session, or lifts the suspension; inside the caller's transaction. */
export async function setSuspended(
  tx: Executor,
  userId: string,
  suspended: boolean,
): Promise<UserRow> {
  const now = new Date();
  const [row] = await tx
    .update(users)
    .set({ suspendedAt: suspended ? now : null })
    .where(eq(users.id, userId))
    .returning();
  if (suspended) {
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
  if (!row) throw new Error('user vanished');
  return row;
}

/** Sets the role of one account; inside the caller's transaction. */
export async function setRole(tx: Executor, userId: string, role: Role): Promise<UserRow> {
  const [row] = await tx.update(users).set({ role }).where(eq(users.id, userId)).returning();
  if (!row) throw new Error('user vanished');
  return row;
}

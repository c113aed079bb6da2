import {
  PROFILE_CONCERNS,
  type ProfileConcern,
  type Role,
  type User,
} from '@lumiskin/contract/auth';
import { and, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashPassword } from './password';
import { sessions, users, type SessionRow, type UserRow } from './schema';
import { hashToken, newToken } from './tokens';

type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY_MS = 24 * 60 * 60 * 1000;
/** last_used_at is refreshed at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

const KNOWN_CONCERNS = new Set<string>(PROFILE_CONCERNS);

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    created_at: row.createdAt.toISOString(),
    profile: {
      skinType: row.skinType,
      skinConcerns: row.skinConcerns.filter((c): c is ProfileConcern => KNOWN_CONCERNS.has(c)),
    },
  };
}

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user; undefined when the email (ignoring case) is taken. */
export async function insertUser(
  db: DbOrTx,
  input: {
    name: string;
    email: string;
    password: string;
    role?: Role;
    /** Only for an address someone vouched for (the operator's bootstrap, test factories). */
    emailConfirmed?: boolean;
  },
  passwordHash?: string,
): Promise<UserRow | undefined> {
  passwordHash ??= await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({
      name: input.name.trim(),
      email: input.email.trim(),
      passwordHash,
      role: input.role ?? 'user',
      emailConfirmedAt: input.emailConfirmed ? new Date() : null,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * A new account and its first session in one transaction: a failure leaves neither (no half
 * account whose email is taken but which never signed in). Undefined when the email is taken.
 */
export async function registerUser(
  db: Db,
  input: { name: string; email: string; password: string },
  session: { ttlDays: number; userAgent: string | undefined },
): Promise<{ user: UserRow; token: string; expiresAt: Date } | undefined> {
  // Hashed before the transaction opens, so no connection is held for argon2's ~50 ms.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, input, passwordHash);
    if (!user) return undefined;
    const { token, expiresAt } = await createSession(tx, { ...session, userId: user.id });
    return { user, token, expiresAt };
  });
}

export async function createSession(
  db: DbOrTx,
  input: { userId: string; ttlDays: number; userAgent: string | undefined },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + input.ttlDays * DAY_MS);
  const [row] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      tokenHash: hashToken(token),
      expiresAt,
      userAgent: input.userAgent?.slice(0, 500),
    })
    .returning({ id: sessions.id });
  return { id: row!.id, token, expiresAt };
}

function prepareLiveSession(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        // A suspended account's sessions were revoked; this keeps any straggler out too.
        isNull(users.suspendedAt),
      ),
    )
    .limit(1)
    .prepare('live_session');
}

// Every authenticated request runs this: build the SQL once per pool, not per request.
const liveSessionQueries = new WeakMap<Db, ReturnType<typeof prepareLiveSession>>();

/** The live (not revoked, not expired) session of a token (by its hash), with its user. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  let query = liveSessionQueries.get(db);
  if (!query) liveSessionQueries.set(db, (query = prepareLiveSession(db)));
  const [row] = await query.execute({ tokenHash });
  if (row && Date.now() - row.session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: new Date() })
      .where(eq(sessions.id, row.session.id));
  }
  return row;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** A live session listed at most: an account signed in this often is shown its latest ones. */
const MAX_LISTED_SESSIONS = 100;

/** The account's live sessions: not signed out, not expired. */
export const liveSessionsOf = (userId: string) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** The account's live sessions: `currentId` first, then by last use, newest first. */
export async function listLiveSessions(db: Db, userId: string, currentId: string) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(liveSessionsOf(userId))
    .orderBy(
      desc(eq(sessions.id, currentId)),
      desc(sessions.lastUsedAt),
      desc(sessions.createdAt),
      desc(sessions.id),
    )
    .limit(MAX_LISTED_SESSIONS);
}

/** Signs out the account's live sessions that `which` picks; how many it ended. */
async function revokeLive(db: DbOrTx, userId: string, which: SQL): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(liveSessionsOf(userId), which))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Signs out one of the account's live sessions; false when it is not one. */
export async function revokeOwnSession(db: Db, userId: string, sessionId: string) {
  return (await revokeLive(db, userId, eq(sessions.id, sessionId))) > 0;
}

/** Signs out every live session of the account (staff, for a person whose account was taken). */
export function revokeAllSessions(db: DbOrTx, userId: string) {
  return revokeLive(db, userId, sql`true`);
}

/** Signs out every live session of the account but `keepSessionId`; how many it ended. */
export function revokeOtherSessions(db: Db, userId: string, keepSessionId: string) {
  return revokeLive(db, userId, ne(sessions.id, keepSessionId));
}

/**
 * The person's sessions for the account export, newest first: when and from what device. The
 * token hash is a credential, not personal data, and is never selected.
 */
export async function exportForUser(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      created_at: sessions.createdAt,
      expires_at: sessions.expiresAt,
      revoked_at: sessions.revokedAt,
      last_used_at: sessions.lastUsedAt,
      user_agent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}

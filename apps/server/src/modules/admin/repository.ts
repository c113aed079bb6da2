import type {
  AdminArticle,
  AdminProduct,
  AdminUser,
  AdminUserDetail,
  AuditEntity,
  AuditEntry,
} from '@lumiskin/contract/admin';
import type { Role } from '@lumiskin/contract/auth';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyses } from '../analysis/schema';
import { sessions, users, type UserRow } from '../auth/schema';
import { blogPosts, postLikes, postSaves, postViews, type BlogPostRow } from '../blog/schema';
import { mixItems } from '../mix/schema';
import { quizAttempts, quizPlayerTotals } from '../quiz/schema';
import { toShopProduct } from '../shop/repository';
import { products, type ProductRow } from '../shop/schema';
import { auditLog, type AuditRow } from './schema';

// ---- Audit ----

export interface Actor {
  id: string;
  name: string;
  role: Role;
}

/** The app's database or an open transaction on it. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Appends one entry; written in the same transaction as the change it records. */
export async function audit(
  db: Executor,
  actor: Actor,
  entry: {
    action: string;
    entity: AuditEntity;
    entityId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    actorRole: actor.role,
    ...entry,
  });
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor_id: row.actorId,
    actor_name: row.actorName,
    actor_role: row.actorRole,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    before: row.before,
    after: row.after,
    created_at: row.createdAt.toISOString(),
  };
}

interface AuditFilter {
  entity?: string | undefined;
  entity_id?: string | undefined;
  action?: string | undefined;
  actor_id?: string | undefined;
}

function auditConditions(query: AuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.entity_id) conditions.push(eq(auditLog.entityId, query.entity_id));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.actor_id) conditions.push(eq(auditLog.actorId, query.actor_id));
  return conditions;
}

export async function listAudit(
  db: Db,
  query: AuditFilter & { page: number; page_size: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where = and(...auditConditions(query));
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(toAuditEntry), total: totals?.n ?? 0 };
}

/** At most `limit` entries, newest first, for the CSV export. */
export async function exportAudit(
  db: Db,
  query: AuditFilter,
  limit: number,
): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...auditConditions(query)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map(toAuditEntry);
}

// ---- Users: counts and dates only ----

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
  const [scans, plays, read, liked, saved, [lastSession], [points]] = await Promise.all([
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
  ]);
  return {
    ...toAdminUser(row),
    last_active_at: lastSession?.at ? new Date(lastSession.at).toISOString() : null,
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

/**
 * One key for every change that can take an active admin away (demote, suspend, delete, the
 * admin's own deletion). Taken first inside the change's transaction, it makes two such changes
 * run one after the other, so the second counts what the first left (decision 032). Released at
 * commit or rollback.
 */
const LOCK_SPACE = 0x4c756d69; // 'Lumi'
const LOCKS = { adminSeats: 1, settings: 2 } as const;

async function advisoryLock(tx: Executor, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, ${key}::int)`);
}

export const lockAdminSeats = (tx: Executor) => advisoryLock(tx, LOCKS.adminSeats);

/** Two admins saving settings at once: the second reads what the first wrote (honest audit). */
export const lockSettings = (tx: Executor) => advisoryLock(tx, LOCKS.settings);

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

// ---- Products ----

const { search: _search, ...productColumns } = getTableColumns(products);

export function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    ...toShopProduct(row),
    hidden: row.hidden,
    targets: row.targets,
    formulation_flags: row.formulationFlags,
  };
}

export async function listAdminProducts(db: Db): Promise<AdminProduct[]> {
  const rows = await db.select(productColumns).from(products).orderBy(asc(products.position));
  return rows.map((row) => toAdminProduct(row as ProductRow));
}

export async function findAdminProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
  return row as ProductRow | undefined;
}

// ---- Articles ----

export function articleStatus(row: BlogPostRow, now = new Date()): AdminArticle['status'] {
  if (row.status === 'draft') return 'draft';
  return row.publishedAt > now ? 'scheduled' : 'published';
}

export function toAdminArticle(row: BlogPostRow): AdminArticle {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    category: row.category,
    tags: row.tags,
    author: row.author,
    featured: row.featured,
    image: row.image,
    status: articleStatus(row),
    published_at: row.publishedAt.toISOString(),
    views: row.views,
    likes: row.likes,
  };
}

export const articleSnapshot = (row: BlogPostRow) => {
  const { content: _content, views: _v, likes: _l, ...rest } = toAdminArticle(row);
  return { ...rest, content_length: row.content.length };
};

const { search: _articleSearch, ...articleColumns } = getTableColumns(blogPosts);

export async function listArticles(db: Db): Promise<AdminArticle[]> {
  const rows = await db
    .select(articleColumns)
    .from(blogPosts)
    .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.slug));
  return rows.map((row) => toAdminArticle(row as BlogPostRow));
}

export async function findArticle(db: Db, id: string): Promise<BlogPostRow | undefined> {
  const [row] = await db
    .select(articleColumns)
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .limit(1);
  return row as BlogPostRow | undefined;
}

// ---- Overview: aggregates only ----

async function perDay(db: Db, table: string, column: string, days: number) {
  const rows = await db.execute<{ day: string; count: number }>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(c.n, 0)::int as count
    from generate_series((now() at time zone 'UTC')::date - ${days - 1}::int, (now() at time zone 'UTC')::date, interval '1 day') as d(day)
    left join (
      select (${sql.identifier(column)} at time zone 'UTC')::date as day, count(*) as n
      from ${sql.identifier(table)}
      where ${sql.identifier(column)} >= now() - make_interval(days => ${days})
      group by 1
    ) c on c.day = d.day
    order by d.day`);
  return [...rows].map((row) => ({ day: row.day, count: Number(row.count) }));
}

export async function overview(db: Db, days: number) {
  const [[u], [s], [q], [a], [p], signups, scans, quizPlays, top, mixed] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(analyses),
    db.select({ n: count() }).from(quizAttempts).where(isNotNull(quizAttempts.submittedAt)),
    db.select({ n: count() }).from(blogPosts),
    db.select({ n: count() }).from(products),
    perDay(db, 'users', 'created_at', days),
    perDay(db, 'analyses', 'created_at', days),
    perDay(db, 'quiz_attempts', 'submitted_at', days),
    db
      .select({ title: blogPosts.title, views: blogPosts.views, likes: blogPosts.likes })
      .from(blogPosts)
      .orderBy(desc(blogPosts.views), desc(blogPosts.likes))
      .limit(5),
    db
      .select({ name: products.name, type: products.type, mixes: count(mixItems.userId) })
      .from(mixItems)
      .innerJoin(products, eq(products.id, mixItems.productId))
      .where(inArray(products.type, ['base', 'booster']))
      .groupBy(products.id, products.name, products.type)
      .orderBy(desc(count(mixItems.userId)), asc(products.name))
      .limit(8),
  ]);
  return {
    totals: {
      users: u?.n ?? 0,
      scans: s?.n ?? 0,
      quiz_plays: q?.n ?? 0,
      articles: a?.n ?? 0,
      products: p?.n ?? 0,
    },
    signups,
    scans,
    quiz_plays: quizPlays,
    most_mixed: mixed,
    top_articles: top,
  };
}

import { asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { analyses } from '../analysis/schema';
import { users } from '../auth/schema';
import { blogPosts } from '../blog/schema';
import { mixItems } from '../mix/schema';
import { quizAttempts } from '../quiz/schema';
import { products } from '../shop/schema';

/*
 * What the admin area's parts share (the transaction type, the advisory locks) and the overview's
 * aggregates. Each part keeps its own SQL: users-, products-, articles-, audit-repository.ts.
 */

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

import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scanJobs } from '../analysis/schema';
import { sessions } from '../auth/schema';
import { postViews } from '../blog/schema';
import { mailOutbox } from '../mail/schema';
import { quizAttempts } from '../quiz/schema';
import { passwordResetTokens } from '../users/schema';
import type { Jobs } from './queue';

/**
 * The scheduled clean-up (decision 029): rows that have served their purpose. Each function
 * deletes in batches (no statement holds locks for long or meets the statement timeout) and
 * returns how many rows went; each runs as its own recurring job.
 */

const DAY_MS = 24 * 60 * 60_000;
const BATCH = 5000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
/** A time as a bound value: the driver takes text, not Date, for raw SQL parameters. */
const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/** Runs `statement(batch)` until a run deletes fewer than a batch; the total deleted. */
async function deleteInBatches(db: Db, statement: (limit: SQL) => SQL): Promise<number> {
  let total = 0;
  for (;;) {
    // A literal: a bound LIMIT is typed bigint, which the driver will not take from a number.
    const result = await db.execute(statement(sql.raw(String(BATCH))));
    total += result.count;
    if (result.count < BATCH) return total;
  }
}

/** A signed-out or expired session is kept this long (the account export lists devices). */
export const SESSION_RETENTION_DAYS = 7;

/**
 * Sessions expired or revoked more than a week ago. Each person's most recently used session
 * stays whatever its state: the admin area's "last active" reads it.
 */
export function deleteDeadSessions(db: Db, now: Date): Promise<number> {
  const cutoff = daysBefore(now, SESSION_RETENTION_DAYS);
  return deleteInBatches(
    db,
    (limit) => sql`
      delete from ${sessions} where id in (
        select s.id from ${sessions} s
        where (s.expires_at < ${at(cutoff)} or s.revoked_at < ${at(cutoff)})
          and exists (
            select 1 from ${sessions} newer
            where newer.user_id = s.user_id
              and (newer.last_used_at, newer.id) > (s.last_used_at, s.id)
          )
        limit ${limit}
      )`,
  );
}

/** Reset links that were used or have expired: they can never work again. */
export function deleteSpentResetTokens(db: Db, now: Date): Promise<number> {
  return deleteInBatches(
    db,
    (limit) => sql`
      delete from ${passwordResetTokens} where id in (
        select id from ${passwordResetTokens}
        where used_at is not null or expires_at < ${at(now)}
        limit ${limit}
      )`,
  );
}

/**
 * Anonymous view rows from before yesterday. They only stop a visitor's second view of a post on
 * the same day from counting (their key hashes the day, so they can never match again); the count
 * itself lives in blog_posts.views. A signed-in reader's rows are their reading history (in the
 * account export) and stay until the account goes.
 */
export function deleteOldPostViews(db: Db, now: Date): Promise<number> {
  const before = daysBefore(now, 2).toISOString().slice(0, 10);
  return deleteInBatches(
    db,
    (limit) => sql`
      delete from ${postViews} where ctid in (
        select ctid from ${postViews}
        where visitor like 'a:%' and day < ${before}::date
        limit ${limit}
      )`,
  );
}

/**
 * Quiz attempts served but never submitted, once they can no longer be submitted (2 hours after
 * last served) and their day is over everywhere: quiz_day two UTC dates back has ended in every
 * time zone (UTC-12 to UTC+14). Stats, streaks and the leaderboard read submitted attempts only.
 */
export function deleteStaleQuizAttempts(db: Db, now: Date): Promise<number> {
  const dayOver = daysBefore(now, 2).toISOString().slice(0, 10);
  return deleteInBatches(
    db,
    (limit) => sql`
      delete from ${quizAttempts} where id in (
        select id from ${quizAttempts}
        where submitted_at is null and expires_at < ${at(now)} and quiz_day <= ${dayOver}::date
        limit ${limit}
      )`,
  );
}

/** Outbox mail older than 30 days (sent, failed or kept): it holds addresses. */
export function deleteOldMail(db: Db, now: Date): Promise<number> {
  const cutoff = daysBefore(now, 30);
  return deleteInBatches(
    db,
    (limit) => sql`
      delete from ${mailOutbox} where id in (
        select id from ${mailOutbox}
        where created_at < ${at(cutoff)} and status <> 'pending'
        limit ${limit}
      )`,
  );
}

/**
 * Queued-scan rows a week old: the client stopped polling long ago, and any still unfinished was
 * given up by the queue (its photos go with it).
 */
export function deleteOldScanJobs(db: Db, now: Date): Promise<number> {
  const cutoff = daysBefore(now, 7);
  return deleteInBatches(
    db,
    (limit) => sql`
      delete from ${scanJobs} where id in (
        select id from ${scanJobs} where created_at < ${at(cutoff)} limit ${limit}
      )`,
  );
}

/** Every clean-up, its job name and when it runs (cron, UTC). */
export const CLEANUPS: ReadonlyArray<{
  name: string;
  cron: string;
  run: (db: Db, now: Date) => Promise<number>;
}> = [
  { name: 'cleanup-sessions', cron: '7 * * * *', run: deleteDeadSessions },
  { name: 'cleanup-reset-tokens', cron: '17 * * * *', run: deleteSpentResetTokens },
  { name: 'cleanup-post-views', cron: '27 3 * * *', run: deleteOldPostViews },
  { name: 'cleanup-quiz-attempts', cron: '37 3 * * *', run: deleteStaleQuizAttempts },
  { name: 'cleanup-mail', cron: '47 3 * * *', run: deleteOldMail },
  { name: 'cleanup-scan-jobs', cron: '57 * * * *', run: deleteOldScanJobs },
];

/** Declares each clean-up as a job and schedules it. */
export function declareCleanupJobs(
  jobs: Jobs,
  deps: { db: Db; log: FastifyBaseLogger; now?: () => Date },
): void {
  for (const { name, cron, run } of CLEANUPS) {
    jobs.handle(
      name,
      async () => {
        const deleted = await run(deps.db, deps.now?.() ?? new Date());
        deps.log.info({ job: name, deleted }, 'clean-up done');
      },
      { retries: 1, retryDelayS: 60, timeoutS: 30 * 60 },
    );
    jobs.schedule(name, cron);
  }
}

/**
 * Data access for the quiz: Drizzle reads and writes, nothing else. No HTTP errors and no rules
 * here; a missing row comes back as `undefined` and the use cases decide what it means.
 */
import type { QuizType } from '@lumiskin/contract/quiz';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../auth/schema';
import {
  quizAnswers,
  quizAttempts,
  quizCategories,
  quizPlayerTotals,
  quizQuestions,
  quizUserBadges,
  type QuizAttemptRow,
  type QuizQuestionRow,
} from './schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/* ---------- questions and categories ---------- */

/** The daily draw's pool: active questions of categories that are not hidden. */
export async function activeQuestionPool(db: Executor) {
  return db
    .select({ id: quizQuestions.id, categoryId: quizQuestions.categoryId })
    .from(quizQuestions)
    .innerJoin(quizCategories, eq(quizCategories.id, quizQuestions.categoryId))
    .where(and(eq(quizQuestions.active, true), eq(quizCategories.hidden, false)));
}

export async function activeQuestionsOf(db: Executor, categoryId: string) {
  return db
    .select()
    .from(quizQuestions)
    .where(and(eq(quizQuestions.categoryId, categoryId), eq(quizQuestions.active, true)));
}

/** The rows of `ids`, in the order of `ids`; unknown ids are left out. */
export async function questionsByIds(db: Executor, ids: string[]): Promise<QuizQuestionRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(quizQuestions).where(inArray(quizQuestions.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findCategory(db: Executor, categoryId: string) {
  const [row] = await db.select().from(quizCategories).where(eq(quizCategories.id, categoryId));
  return row;
}

export async function allCategories(db: Executor) {
  return db.select().from(quizCategories).orderBy(asc(quizCategories.position));
}

/** Every category players see (not hidden) with its number of active questions, in display order. */
export async function categoriesWithCounts(db: Executor) {
  return db
    .select({
      category: quizCategories,
      total: sql<number>`count(${quizQuestions.id})::int`,
    })
    .from(quizCategories)
    .leftJoin(
      quizQuestions,
      and(eq(quizQuestions.categoryId, quizCategories.id), eq(quizQuestions.active, true)),
    )
    .where(eq(quizCategories.hidden, false))
    .groupBy(quizCategories.id)
    .orderBy(asc(quizCategories.position), asc(quizCategories.name));
}

/** The categories the given questions belong to. */
export async function categoryIdsOf(db: Executor, questionIds: string[]): Promise<Set<string>> {
  if (questionIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ categoryId: quizQuestions.categoryId })
    .from(quizQuestions)
    .where(inArray(quizQuestions.id, questionIds));
  return new Set(rows.map((r) => r.categoryId));
}

/* ---------- what a player has answered ---------- */

/** Questions this player has answered right at least once (of `questionIds`, if given). */
export async function masteredQuestionIds(
  db: Executor,
  userId: string,
  questionIds?: string[],
): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: quizAnswers.questionId })
    .from(quizAnswers)
    .where(
      and(
        eq(quizAnswers.userId, userId),
        eq(quizAnswers.isCorrect, true),
        questionIds ? inArray(quizAnswers.questionId, questionIds) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Per category: how many of its active questions this player has answered right. */
export async function masteredCountsByCategory(
  db: Executor,
  userId: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      categoryId: quizQuestions.categoryId,
      mastered: sql<number>`count(distinct ${quizAnswers.questionId})::int`,
    })
    .from(quizAnswers)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
    .where(
      and(
        eq(quizAnswers.userId, userId),
        eq(quizAnswers.isCorrect, true),
        eq(quizQuestions.active, true),
      ),
    )
    .groupBy(quizQuestions.categoryId);
  return new Map(rows.map((r) => [r.categoryId, r.mastered]));
}

/** Questions served in submitted quizzes, those answered right, and those given any answer. */
export async function answerCounts(db: Executor, userId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      correct: sql<number>`count(*) filter (where ${quizAnswers.isCorrect})::int`,
      chosen: sql<number>`count(${quizAnswers.chosen})::int`,
    })
    .from(quizAnswers)
    .where(eq(quizAnswers.userId, userId));
  return { total: row?.total ?? 0, correct: row?.correct ?? 0, chosen: row?.chosen ?? 0 };
}

/* ---------- attempts ---------- */

export type NewAttempt = typeof quizAttempts.$inferInsert;

/**
 * Stores today's daily for a player, or (served again) only extends the time to submit it. One
 * row per user and day; no row back means it was submitted in the meantime.
 */
export async function upsertDailyAttempt(
  db: Executor,
  values: NewAttempt,
): Promise<QuizAttemptRow | undefined> {
  const [row] = await db
    .insert(quizAttempts)
    .values(values)
    .onConflictDoUpdate({
      target: [quizAttempts.userId, quizAttempts.quizDay],
      targetWhere: sql`quiz_type = 'daily'`,
      set: { lastServedAt: values.lastServedAt, expiresAt: values.expiresAt },
      setWhere: isNull(quizAttempts.submittedAt),
    })
    .returning();
  return row;
}

/** Stores a fresh category draw in place of an unfinished one of the same category. */
export async function replaceCategoryAttempt(
  db: Db,
  values: NewAttempt & { categoryId: string },
): Promise<QuizAttemptRow | undefined> {
  return db.transaction(async (tx) => {
    await tx
      .delete(quizAttempts)
      .where(
        and(
          eq(quizAttempts.userId, values.userId),
          eq(quizAttempts.quizType, 'category'),
          eq(quizAttempts.categoryId, values.categoryId),
          isNull(quizAttempts.submittedAt),
        ),
      );
    const [row] = await tx.insert(quizAttempts).values(values).returning();
    return row;
  });
}

/** The question ids of this player's latest draw from a category. */
export async function lastDrawOf(
  db: Executor,
  userId: string,
  categoryId: string,
): Promise<string[]> {
  const [row] = await db
    .select({ questionIds: quizAttempts.questionIds })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.categoryId, categoryId)))
    .orderBy(desc(quizAttempts.servedAt))
    .limit(1);
  return row?.questionIds ?? [];
}

export async function findAttempt(db: Executor, userId: string, attemptId: string) {
  const [row] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, userId)));
  return row;
}

/** The latest unsubmitted attempt of a kind (and category), for clients that send no id. */
export async function findOpenAttempt(
  db: Executor,
  userId: string,
  quizType: QuizType,
  categoryId: string | null | undefined,
) {
  const [row] = await db
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.quizType, quizType),
        quizType === 'category' && categoryId ? eq(quizAttempts.categoryId, categoryId) : undefined,
        isNull(quizAttempts.submittedAt),
      ),
    )
    .orderBy(desc(quizAttempts.lastServedAt))
    .limit(1);
  return row;
}

/** The time zone of this player's latest daily completed since `since`, or null. */
export async function recentDailyTimeZone(
  db: Executor,
  userId: string,
  since: Date,
): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: quizAttempts.timeZone })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.quizType, 'daily'),
        gte(quizAttempts.submittedAt, since),
      ),
    )
    .orderBy(desc(quizAttempts.submittedAt))
    .limit(1);
  return row?.timeZone ?? null;
}

/** Days (YYYY-MM-DD, newest first) on which this player completed the daily, optionally before one. */
export async function completedDailyDays(
  db: Executor,
  userId: string,
  before?: string,
): Promise<string[]> {
  const rows = await db
    .select({ day: quizAttempts.quizDay })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.quizType, 'daily'),
        isNotNull(quizAttempts.submittedAt),
        before ? lt(quizAttempts.quizDay, before) : undefined,
      ),
    )
    .orderBy(desc(quizAttempts.quizDay));
  return rows.map((r) => r.day);
}

/** The scored result of an attempt; false if it was already submitted. */
export async function markSubmitted(
  tx: Tx,
  attemptId: string,
  result: {
    submittedAt: Date;
    timeTaken: number;
    correctAnswers: number;
    pointsEarned: number;
    streakBonus: number;
    streak: number | null;
  },
): Promise<boolean> {
  const updated = await tx
    .update(quizAttempts)
    .set(result)
    .where(and(eq(quizAttempts.id, attemptId), isNull(quizAttempts.submittedAt)))
    .returning({ id: quizAttempts.id });
  return updated.length > 0;
}

export async function insertAnswers(tx: Tx, rows: (typeof quizAnswers.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(quizAnswers).values(rows);
}

export async function longestStreak(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ longest: sql<number>`coalesce(max(${quizAttempts.streak}), 0)::int` })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), isNotNull(quizAttempts.submittedAt)));
  return row?.longest ?? 0;
}

/** Submitted attempts whose day falls in [start, end]. */
export async function submittedAttemptsBetween(
  db: Executor,
  userId: string,
  start: string,
  end: string,
) {
  return db
    .select({
      quizType: quizAttempts.quizType,
      categoryId: quizAttempts.categoryId,
      quizDay: quizAttempts.quizDay,
      correct: quizAttempts.correctAnswers,
    })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        isNotNull(quizAttempts.submittedAt),
        gte(quizAttempts.quizDay, start),
        lte(quizAttempts.quizDay, end),
      ),
    );
}

/* ---------- points totals, rank and leaderboard ---------- */

/**
 * Serialises everything one player's submissions touch: racing submissions of the same person
 * are scored one after another, so exactly one counts and the total adds up.
 */
export async function lockPlayer(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`quiz:${userId}`}, 0))`);
}

export async function playerTotal(db: Executor, userId: string) {
  const [row] = await db
    .select({ points: quizPlayerTotals.points, attempts: quizPlayerTotals.attempts })
    .from(quizPlayerTotals)
    .where(eq(quizPlayerTotals.userId, userId));
  return { points: row?.points ?? 0, attempts: row?.attempts ?? 0 };
}

/** Adds one submitted attempt and its points to the player's total; returns the new total. */
export async function addToPlayerTotal(
  tx: Executor,
  userId: string,
  points: number,
  at: Date,
): Promise<{ points: number; attempts: number }> {
  const [row] = await tx
    .insert(quizPlayerTotals)
    .values({ userId, points, attempts: 1, updatedAt: at })
    .onConflictDoUpdate({
      target: quizPlayerTotals.userId,
      set: {
        points: sql`${quizPlayerTotals.points} + excluded.points`,
        attempts: sql`${quizPlayerTotals.attempts} + 1`,
        updatedAt: at,
      },
    })
    .returning({ points: quizPlayerTotals.points, attempts: quizPlayerTotals.attempts });
  if (!row) throw new Error('player total was not stored');
  return row;
}

/** 1 + the number of players with more points; null without points (unranked). */
export async function playerRank(db: Executor, userId: string): Promise<number | null> {
  const rows = await db.execute<{ rank: number | null }>(sql`
    select case when t.points > 0 then (
      select count(*)::int + 1 from ${quizPlayerTotals} o where o.points > t.points
    ) end as rank
    from ${quizPlayerTotals} t
    where t.user_id = ${userId}`);
  return rows[0]?.rank ?? null;
}

export type LeaderboardRow = {
  user_id: string;
  points: number;
  rank: number;
  name: string;
  badges_count: number;
};

/**
 * The top `limit` players by points; equal points share a rank (1, 2, 2, 4), then by name. Reads
 * only the rows down to the `limit`-th player's points (plus ties there) through the points index:
 * rank() over that prefix equals the rank over everyone.
 */
export async function leaderboardRows(db: Executor, limit: number): Promise<LeaderboardRow[]> {
  const rows = await db.execute<LeaderboardRow>(sql`
    with cutoff as (
      select points from ${quizPlayerTotals}
      where points > 0
      order by points desc
      limit 1 offset ${Math.max(limit - 1, 0)}
    )
    select t.user_id, t.points, (rank() over (order by t.points desc))::int as rank,
      ${users.name} as name,
      (select count(*)::int from ${quizUserBadges} b where b.user_id = t.user_id) as badges_count
    from ${quizPlayerTotals} t
    join ${users} on ${users.id} = t.user_id
    where t.points > 0 and t.points >= coalesce((select points from cutoff), 0)
    order by rank, ${users.name}, t.user_id
    limit ${limit}`);
  return [...rows];
}

/* ---------- badges ---------- */

export async function earnedBadges(db: Executor, userId: string): Promise<Map<string, Date>> {
  const rows = await db
    .select({ id: quizUserBadges.badgeId, at: quizUserBadges.earnedAt })
    .from(quizUserBadges)
    .where(eq(quizUserBadges.userId, userId));
  return new Map(rows.map((r) => [r.id, r.at]));
}

/** Records badges not yet earned; returns the ids that were new. */
export async function insertBadges(
  tx: Executor,
  rows: { userId: string; badgeId: string; attemptId: string; earnedAt: Date }[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await tx
    .insert(quizUserBadges)
    .values(rows)
    .onConflictDoNothing()
    .returning({ badgeId: quizUserBadges.badgeId });
  return new Set(inserted.map((r) => r.badgeId));
}

/** Attempts, answers and badges for the account export; explicit columns, oldest first. */
export async function exportForUser(db: Db, userId: string) {
  const [attempts, answers, badges] = await Promise.all([
    db
      .select({
        id: quizAttempts.id,
        user_id: quizAttempts.userId,
        quiz_type: quizAttempts.quizType,
        category_id: quizAttempts.categoryId,
        quiz_day: quizAttempts.quizDay,
        time_zone: quizAttempts.timeZone,
        question_ids: quizAttempts.questionIds,
        served_at: quizAttempts.servedAt,
        last_served_at: quizAttempts.lastServedAt,
        expires_at: quizAttempts.expiresAt,
        submitted_at: quizAttempts.submittedAt,
        time_taken: quizAttempts.timeTaken,
        correct_answers: quizAttempts.correctAnswers,
        points_earned: quizAttempts.pointsEarned,
        streak_bonus: quizAttempts.streakBonus,
        streak: quizAttempts.streak,
        // The answers given one at a time, before (or without) a submission: theirs too.
        answers: quizAttempts.answers,
      })
      .from(quizAttempts)
      .where(eq(quizAttempts.userId, userId))
      .orderBy(asc(quizAttempts.servedAt), asc(quizAttempts.id)),
    db
      .select({
        attempt_id: quizAnswers.attemptId,
        question_id: quizAnswers.questionId,
        user_id: quizAnswers.userId,
        chosen: quizAnswers.chosen,
        is_correct: quizAnswers.isCorrect,
        points_earned: quizAnswers.pointsEarned,
        answered_at: quizAnswers.answeredAt,
      })
      .from(quizAnswers)
      .where(eq(quizAnswers.userId, userId))
      .orderBy(
        asc(quizAnswers.answeredAt),
        asc(quizAnswers.attemptId),
        asc(quizAnswers.questionId),
      ),
    db
      .select({
        user_id: quizUserBadges.userId,
        badge_id: quizUserBadges.badgeId,
        attempt_id: quizUserBadges.attemptId,
        earned_at: quizUserBadges.earnedAt,
      })
      .from(quizUserBadges)
      .where(eq(quizUserBadges.userId, userId))
      .orderBy(asc(quizUserBadges.earnedAt), asc(quizUserBadges.badgeId)),
  ]);
  return { quiz_attempts: attempts, quiz_answers: answers, quiz_badges: badges };
}

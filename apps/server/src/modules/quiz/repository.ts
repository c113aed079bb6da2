import crypto from 'node:crypto';
import {
  QuizErrorCode,
  QuizMessages,
  type BadgeShelfItem,
  type LeaderboardEntry,
  type QuestionReview,
  type QuizBadge,
  type QuizCategory,
  type QuizChallenges,
  type QuizQuestion,
  type QuizResult,
  type QuizSession,
  type QuizStats,
  type QuizType,
  type SubmitQuizBody,
} from '@lumiskin/contract/quiz';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { HttpError, badRequest, conflict, notFound } from '../../plugins/errors';
import { users } from '../auth/schema';
import {
  ATTEMPT_TTL_MS,
  BADGES,
  MIN_SECONDS_PER_QUESTION,
  QUESTIONS_PER_QUIZ,
  TIME_SLACK_SECONDS,
  WEEKLY_CHALLENGES,
  categoryBadge,
  currentStreak,
  levelFor,
  levelProgress,
  localDay,
  nextStreak,
  qualifyingBadges,
  questionPoints,
  scorePercent,
  streakBonus,
  streakMilestone,
  weekOf,
  type BadgeDefinition,
} from './rules';
import {
  quizAnswers,
  quizAttempts,
  quizCategories,
  quizQuestions,
  quizUserBadges,
  type QuizAttemptRow,
  type QuizCategoryRow,
  type QuizQuestionRow,
} from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** Who is asking, and when and where "today" is for them. */
export interface QuizContext {
  userId: string;
  now: Date;
  timeZone: string;
}

const DAILY_TITLE = 'Daily Challenge';

/* ---------- helpers ---------- */

/** A stable pseudo-random number from text: the same day gives everyone the same daily. */
function hashOf(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

function shuffled<T>(items: readonly T[], key?: (item: T) => string): T[] {
  if (key) return [...items].sort((a, b) => (hashOf(key(a)) < hashOf(key(b)) ? -1 : 1));
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = crypto.randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * What the browser may see of a question. Options are shuffled (the bank lists the right one
 * first); for the daily by day so everyone sees the same order, otherwise at random.
 */
function toServedQuestion(
  row: QuizQuestionRow,
  quizType: QuizType,
  seed: string | null,
): QuizQuestion {
  return {
    id: row.id,
    category_id: row.categoryId,
    question_text: row.questionText,
    options: seed ? shuffled(row.options, (o) => `${seed}:${row.id}:${o}`) : shuffled(row.options),
    difficulty: row.difficulty,
    points: questionPoints(quizType, row.difficulty),
    image_url: row.imageUrl,
    tags: row.tags,
  };
}

async function questionsByIds(db: Executor, ids: string[]): Promise<QuizQuestionRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(quizQuestions).where(inArray(quizQuestions.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The day's five: one per category (then more if there are fewer categories), by hash of the day. */
export function pickDailyQuestions(
  day: string,
  questions: { id: string; categoryId: string }[],
): string[] {
  const ordered = shuffled(questions, (q) => `daily:${day}:${q.id}`);
  const picked: string[] = [];
  const seenCategories = new Set<string>();
  for (const q of ordered) {
    if (picked.length === QUESTIONS_PER_QUIZ) break;
    if (seenCategories.has(q.categoryId)) continue;
    seenCategories.add(q.categoryId);
    picked.push(q.id);
  }
  for (const q of ordered) {
    if (picked.length === QUESTIONS_PER_QUIZ) break;
    if (!picked.includes(q.id)) picked.push(q.id);
  }
  return picked;
}

function expiry(now: Date): Date {
  return new Date(now.getTime() + ATTEMPT_TTL_MS);
}

function toSession(attempt: QuizAttemptRow, title: string, questions: QuizQuestion[]): QuizSession {
  return {
    attempt_id: attempt.id,
    quiz_type: attempt.quizType,
    category_id: attempt.categoryId,
    title,
    quiz_day: attempt.quizDay,
    expires_at: attempt.expiresAt.toISOString(),
    questions,
  };
}

async function latestCompletedDaily(db: Executor, userId: string, before?: string) {
  const [row] = await db
    .select({ day: quizAttempts.quizDay, streak: quizAttempts.streak })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.quizType, 'daily'),
        isNotNull(quizAttempts.submittedAt),
        before ? lt(quizAttempts.quizDay, before) : undefined,
      ),
    )
    .orderBy(desc(quizAttempts.quizDay))
    .limit(1);
  return row ? { day: row.day, streak: row.streak ?? 1 } : undefined;
}

/* ---------- serving ---------- */

/**
 * Today's daily challenge for this person: the same five questions for everyone on that day.
 * 400 once they completed today's (or, after a time-zone change, a later day's) daily.
 */
export async function serveDaily(db: Db, ctx: QuizContext): Promise<QuizSession> {
  const day = localDay(ctx.now, ctx.timeZone);
  const latest = await latestCompletedDaily(db, ctx.userId);
  if (latest && latest.day >= day) {
    throw new HttpError(400, QuizErrorCode.dailyCompleted, QuizMessages.dailyCompleted);
  }

  const pool = await db
    .select({ id: quizQuestions.id, categoryId: quizQuestions.categoryId })
    .from(quizQuestions)
    .where(eq(quizQuestions.active, true));
  const questionIds = pickDailyQuestions(day, pool);

  // One row per user and day: serving again only extends the time to submit it.
  const [attempt] = await db
    .insert(quizAttempts)
    .values({
      userId: ctx.userId,
      quizType: 'daily',
      quizDay: day,
      timeZone: ctx.timeZone,
      questionIds,
      servedAt: ctx.now,
      lastServedAt: ctx.now,
      expiresAt: expiry(ctx.now),
    })
    .onConflictDoUpdate({
      target: [quizAttempts.userId, quizAttempts.quizDay],
      targetWhere: sql`quiz_type = 'daily'`,
      set: { lastServedAt: ctx.now, expiresAt: expiry(ctx.now) },
      setWhere: isNull(quizAttempts.submittedAt),
    })
    .returning();
  // No row back: it was submitted between the check above and now.
  if (!attempt) throw new HttpError(400, QuizErrorCode.dailyCompleted, QuizMessages.dailyCompleted);

  const rows = await questionsByIds(db, attempt.questionIds);
  return toSession(
    attempt,
    DAILY_TITLE,
    rows.map((row) => toServedQuestion(row, 'daily', day)),
  );
}

async function masteredQuestionIds(
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

/**
 * A fresh draw of five from a category: questions not yet answered right come first, and the
 * previous draw's questions last. A new draw replaces an unfinished one of the same category.
 */
export async function serveCategory(
  db: Db,
  ctx: QuizContext,
  categoryId: string,
): Promise<QuizSession | null> {
  const [category] = await db
    .select()
    .from(quizCategories)
    .where(eq(quizCategories.id, categoryId));
  if (!category) return null;

  const pool = await db
    .select()
    .from(quizQuestions)
    .where(and(eq(quizQuestions.categoryId, categoryId), eq(quizQuestions.active, true)));
  const day = localDay(ctx.now, ctx.timeZone);
  if (pool.length === 0) {
    return {
      attempt_id: null,
      quiz_type: 'category',
      category_id: categoryId,
      title: category.name,
      quiz_day: day,
      expires_at: expiry(ctx.now).toISOString(),
      questions: [],
    };
  }

  const mastered = await masteredQuestionIds(
    db,
    ctx.userId,
    pool.map((q) => q.id),
  );
  const [previous] = await db
    .select({ questionIds: quizAttempts.questionIds })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, ctx.userId), eq(quizAttempts.categoryId, categoryId)))
    .orderBy(desc(quizAttempts.servedAt))
    .limit(1);
  const lastDraw = new Set(previous?.questionIds ?? []);
  const rank = (q: QuizQuestionRow) => (mastered.has(q.id) ? 2 : 0) + (lastDraw.has(q.id) ? 1 : 0);
  const drawn = shuffled(pool)
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, QUESTIONS_PER_QUIZ);

  const attempt = await db.transaction(async (tx) => {
    await tx
      .delete(quizAttempts)
      .where(
        and(
          eq(quizAttempts.userId, ctx.userId),
          eq(quizAttempts.quizType, 'category'),
          eq(quizAttempts.categoryId, categoryId),
          isNull(quizAttempts.submittedAt),
        ),
      );
    const [row] = await tx
      .insert(quizAttempts)
      .values({
        userId: ctx.userId,
        quizType: 'category',
        categoryId,
        quizDay: day,
        timeZone: ctx.timeZone,
        questionIds: drawn.map((q) => q.id),
        servedAt: ctx.now,
        lastServedAt: ctx.now,
        expiresAt: expiry(ctx.now),
      })
      .returning();
    return row;
  });
  if (!attempt) throw new Error('category attempt was not stored');
  return toSession(
    attempt,
    category.name,
    drawn.map((q) => toServedQuestion(q, 'category', null)),
  );
}

/* ---------- reading ---------- */

async function totalPoints(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ points: sql<number>`coalesce(sum(${quizAttempts.pointsEarned}), 0)::int` })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), isNotNull(quizAttempts.submittedAt)));
  return row?.points ?? 0;
}

async function earnedBadgeIds(db: Executor, userId: string): Promise<Map<string, Date>> {
  const rows = await db
    .select({ id: quizUserBadges.badgeId, at: quizUserBadges.earnedAt })
    .from(quizUserBadges)
    .where(eq(quizUserBadges.userId, userId));
  return new Map(rows.map((r) => [r.id, r.at]));
}

async function categoriesWithCounts(db: Executor) {
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
    .groupBy(quizCategories.id)
    .orderBy(asc(quizCategories.position), asc(quizCategories.name));
}

const categoryBadgeOf = (c: QuizCategoryRow) =>
  categoryBadge({ id: c.id, name: c.name, badge_reward: c.badgeReward });

export async function listCategories(db: Db, userId: string): Promise<QuizCategory[]> {
  const categories = await categoriesWithCounts(db);
  const masteredRows = await db
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
  const mastered = new Map(masteredRows.map((r) => [r.categoryId, r.mastered]));
  const badges = await earnedBadgeIds(db, userId);

  return categories.map(({ category, total }) => {
    const done = Math.min(mastered.get(category.id) ?? 0, total);
    return {
      id: category.id,
      name: category.name,
      icon: category.icon,
      color: category.color,
      description: category.description,
      total_questions: total,
      estimated_time: category.estimatedTime,
      badge_reward: category.badgeReward,
      user_progress: {
        completion_rate: total === 0 ? 0 : done / total,
        questions_mastered: done,
        badge_earned: badges.has(categoryBadgeOf(category).badge_id),
      },
    };
  });
}

/** Everyone with points, ranked; equal points share a rank (1, 2, 2, 4). */
const rankedPlayers = sql`
  select user_id, points, rank() over (order by points desc)::int as rank
  from (
    select user_id, sum(points_earned)::int as points
    from quiz_attempts
    where submitted_at is not null
    group by user_id
  ) totals
  where points > 0`;

export async function getStats(db: Db, ctx: QuizContext): Promise<QuizStats> {
  const points = await totalPoints(db, ctx.userId);
  const [attempts] = await db
    .select({
      completed: sql<number>`count(*)::int`,
      longest: sql<number>`coalesce(max(${quizAttempts.streak}), 0)::int`,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, ctx.userId), isNotNull(quizAttempts.submittedAt)));
  const [answers] = await db
    .select({
      total: sql<number>`count(*)::int`,
      correct: sql<number>`count(*) filter (where ${quizAnswers.isCorrect})::int`,
    })
    .from(quizAnswers)
    .where(eq(quizAnswers.userId, ctx.userId));
  const rankRows = await db.execute<{ rank: number }>(
    sql`select rank from (${rankedPlayers}) ranked where user_id = ${ctx.userId}`,
  );
  const [badges] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(quizUserBadges)
    .where(eq(quizUserBadges.userId, ctx.userId));
  const latest = await latestCompletedDaily(db, ctx.userId);
  const answered = answers?.total ?? 0;

  return {
    total_points: points,
    ...levelProgress(points),
    current_streak: currentStreak(localDay(ctx.now, ctx.timeZone), latest),
    longest_streak: attempts?.longest ?? 0,
    accuracy_rate: answered === 0 ? 0 : (answers?.correct ?? 0) / answered,
    rank: rankRows[0]?.rank ?? null,
    quizzes_completed: attempts?.completed ?? 0,
    questions_answered: answered,
    badges_count: badges?.count ?? 0,
  };
}

/** "Ada Lovelace" → "Ada L.": the leaderboard is public to every player, full names are not. */
export function displayName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? 'Player';
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

export async function leaderboard(
  db: Db,
  limit: number,
  currentUserId: string,
): Promise<LeaderboardEntry[]> {
  const rows = await db.execute<{
    user_id: string;
    points: number;
    rank: number;
    name: string;
    badges_count: number;
  }>(sql`
    select r.user_id, r.points, r.rank, ${users.name} as name,
      (select count(*)::int from ${quizUserBadges} b where b.user_id = r.user_id) as badges_count
    from (${rankedPlayers}) r
    join ${users} on ${users.id} = r.user_id
    order by r.rank, ${users.name}, r.user_id
    limit ${limit}`);
  return rows.map((r) => ({
    user_id: r.user_id,
    rank: r.rank,
    username: displayName(r.name),
    level: levelFor(r.points),
    points: r.points,
    badges_count: r.badges_count,
    is_current_user: r.user_id === currentUserId,
  }));
}

/* ---------- submitting ---------- */

async function findAttempt(
  tx: Tx,
  ctx: QuizContext,
  body: SubmitQuizBody,
): Promise<QuizAttemptRow> {
  if (body.attempt_id) {
    const [row] = await tx
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.id, body.attempt_id), eq(quizAttempts.userId, ctx.userId)));
    if (!row) throw notFound('That quiz was not found.');
    return row;
  }
  // Spec clients send no attempt id: the latest unsubmitted quiz of that kind is the one.
  const [row] = await tx
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, ctx.userId),
        eq(quizAttempts.quizType, body.quiz_type),
        body.quiz_type === 'category' && body.category_id
          ? eq(quizAttempts.categoryId, body.category_id)
          : undefined,
        isNull(quizAttempts.submittedAt),
      ),
    )
    .orderBy(desc(quizAttempts.lastServedAt))
    .limit(1);
  if (!row) {
    // The usual loser of a race: the daily was counted a moment ago.
    if (
      body.quiz_type === 'daily' &&
      (await latestCompletedDaily(tx, ctx.userId))?.day === localDay(ctx.now, ctx.timeZone)
    ) {
      throw new HttpError(409, QuizErrorCode.dailyCompleted, QuizMessages.dailyCompleted);
    }
    throw new HttpError(400, QuizErrorCode.noOpenAttempt, QuizMessages.noOpenAttempt);
  }
  return row;
}

function checkTiming(attempt: QuizAttemptRow, ctx: QuizContext, timeTaken: number) {
  if (ctx.now > attempt.expiresAt) {
    throw new HttpError(400, QuizErrorCode.attemptExpired, QuizMessages.attemptExpired);
  }
  const sinceFirstServe = (ctx.now.getTime() - attempt.servedAt.getTime()) / 1000;
  if (timeTaken > sinceFirstServe + TIME_SLACK_SECONDS) {
    throw new HttpError(400, QuizErrorCode.implausibleTime, QuizMessages.implausibleTime);
  }
  const sinceLastServe = (ctx.now.getTime() - attempt.lastServedAt.getTime()) / 1000;
  if (sinceLastServe < attempt.questionIds.length * MIN_SECONDS_PER_QUESTION) {
    throw new HttpError(400, QuizErrorCode.implausibleTime, QuizMessages.tooFast);
  }
}

function shareData(title: string, score: number, points: number, streak: number) {
  const streakText = streak > 1 ? ` and I'm on a ${streak}-day streak` : '';
  return {
    text: `I scored ${score}% on the Lumiskin ${title} and earned ${points} points${streakText}! Can you beat me?`,
    hashtags: ['Lumiskin', 'SkincareQuiz', 'SkinScience'],
  };
}

/**
 * Scores one served quiz, once. Everything a person's submissions touch runs under a per-user
 * transaction lock, so ten racing submissions are scored one after another: the first counts,
 * the rest find the attempt already submitted.
 */
export async function submitQuiz(
  db: Db,
  ctx: QuizContext,
  body: SubmitQuizBody,
): Promise<QuizResult> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`quiz:${ctx.userId}`}, 0))`,
    );

    const attempt = await findAttempt(tx, ctx, body);
    if (
      attempt.quizType !== body.quiz_type ||
      (body.quiz_type === 'category' && body.category_id && attempt.categoryId !== body.category_id)
    ) {
      throw badRequest(QuizMessages.wrongQuiz);
    }
    if (attempt.submittedAt) {
      if (attempt.quizType === 'daily') {
        throw new HttpError(409, QuizErrorCode.dailyCompleted, QuizMessages.dailyCompleted);
      }
      throw conflict(QuizMessages.alreadySubmitted, QuizErrorCode.alreadySubmitted);
    }
    checkTiming(attempt, ctx, body.time_taken);

    let streak = 0;
    let bonus = 0;
    if (attempt.quizType === 'daily') {
      const latest = await latestCompletedDaily(tx, ctx.userId);
      // A later day already completed (the time zone moved east and back): this day is closed.
      if (latest && latest.day >= attempt.quizDay) {
        throw new HttpError(400, QuizErrorCode.dailyCompleted, QuizMessages.dailyCompleted);
      }
      streak = nextStreak(attempt.quizDay, latest);
      bonus = streakBonus(streak);
    }

    // Only the served questions are scored; any other key in `answers` is ignored.
    const questions = await questionsByIds(tx, attempt.questionIds);
    const alreadyMastered =
      attempt.quizType === 'category'
        ? await masteredQuestionIds(tx, ctx.userId, attempt.questionIds)
        : new Set<string>();
    const review: QuestionReview[] = questions.map((q) => {
      const given = Object.hasOwn(body.answers, q.id) ? body.answers[q.id] : undefined;
      const chosen = given !== undefined && q.options.includes(given) ? given : null;
      const isCorrect = chosen === q.correctAnswer;
      const earns =
        isCorrect && !alreadyMastered.has(q.id)
          ? questionPoints(attempt.quizType, q.difficulty)
          : 0;
      return {
        question_id: q.id,
        question_text: q.questionText,
        options: q.options,
        image_url: q.imageUrl,
        difficulty: q.difficulty,
        chosen,
        correct_answer: q.correctAnswer,
        is_correct: isCorrect,
        explanation: q.explanation,
        points_earned: earns,
      };
    });
    const correct = review.filter((r) => r.is_correct).length;
    const pointsEarned = review.reduce((sum, r) => sum + r.points_earned, 0) + bonus;
    const pointsBefore = await totalPoints(tx, ctx.userId);

    const [updated] = await tx
      .update(quizAttempts)
      .set({
        submittedAt: ctx.now,
        timeTaken: body.time_taken,
        correctAnswers: correct,
        pointsEarned,
        streakBonus: bonus,
        streak: attempt.quizType === 'daily' ? streak : null,
      })
      .where(and(eq(quizAttempts.id, attempt.id), isNull(quizAttempts.submittedAt)))
      .returning({ id: quizAttempts.id });
    if (!updated) throw conflict(QuizMessages.alreadySubmitted, QuizErrorCode.alreadySubmitted);

    if (review.length > 0) {
      await tx.insert(quizAnswers).values(
        review.map((r) => ({
          attemptId: attempt.id,
          questionId: r.question_id,
          userId: ctx.userId,
          chosen: r.chosen,
          isCorrect: r.is_correct,
          pointsEarned: r.points_earned,
          answeredAt: ctx.now,
        })),
      );
    }

    const badgesEarned = await awardBadges(tx, ctx, attempt, {
      correct,
      total: review.length,
      streak,
    });
    const pointsAfter = pointsBefore + pointsEarned;
    const levelAfter = levelFor(pointsAfter);
    const title =
      attempt.quizType === 'daily'
        ? DAILY_TITLE
        : ((await categoryName(tx, attempt.categoryId)) ?? 'quiz');
    const score = scorePercent(correct, review.length);
    const current =
      attempt.quizType === 'daily'
        ? streak
        : currentStreak(
            localDay(ctx.now, ctx.timeZone),
            await latestCompletedDaily(tx, ctx.userId),
          );

    return {
      attempt_id: attempt.id,
      quiz_type: attempt.quizType,
      category_id: attempt.categoryId,
      score,
      correct_answers: correct,
      total_questions: review.length,
      points_earned: pointsEarned,
      streak_bonus: bonus,
      time_taken: body.time_taken,
      level_up: levelAfter > levelFor(pointsBefore),
      level: levelAfter,
      total_points: pointsAfter,
      current_streak: current,
      badges_earned: badgesEarned,
      streak_milestone: attempt.quizType === 'daily' ? streakMilestone(streak) : null,
      share_data: shareData(title, score, pointsEarned, current),
      review,
    };
  });
}

async function categoryName(db: Executor, categoryId: string | null): Promise<string | undefined> {
  if (!categoryId) return undefined;
  const [row] = await db
    .select({ name: quizCategories.name })
    .from(quizCategories)
    .where(eq(quizCategories.id, categoryId));
  return row?.name;
}

async function awardBadges(
  tx: Tx,
  ctx: QuizContext,
  attempt: QuizAttemptRow,
  result: { correct: number; total: number; streak: number },
): Promise<QuizBadge[]> {
  const [counts] = await tx
    .select({ completed: sql<number>`count(*)::int` })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, ctx.userId), isNotNull(quizAttempts.submittedAt)));
  const [answered] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.userId, ctx.userId), isNotNull(quizAnswers.chosen)));

  // Categories this attempt touched whose every active question is now answered right.
  const touched = await tx
    .selectDistinct({ categoryId: quizQuestions.categoryId })
    .from(quizQuestions)
    .where(inArray(quizQuestions.id, attempt.questionIds.length > 0 ? attempt.questionIds : ['']));
  const completedCategories: { id: string; name: string; badge_reward: string }[] = [];
  const all = await categoriesWithCounts(tx);
  for (const { category, total } of all) {
    if (total === 0 || !touched.some((t) => t.categoryId === category.id)) continue;
    const [row] = await tx
      .select({ mastered: sql<number>`count(distinct ${quizAnswers.questionId})::int` })
      .from(quizAnswers)
      .innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
      .where(
        and(
          eq(quizAnswers.userId, ctx.userId),
          eq(quizAnswers.isCorrect, true),
          eq(quizQuestions.categoryId, category.id),
          eq(quizQuestions.active, true),
        ),
      );
    if ((row?.mastered ?? 0) >= total) {
      completedCategories.push({
        id: category.id,
        name: category.name,
        badge_reward: category.badgeReward,
      });
    }
  }

  const candidates = qualifyingBadges({
    quizzesCompleted: counts?.completed ?? 0,
    correct: result.correct,
    total: result.total,
    streak: result.streak,
    questionsAnswered: answered?.count ?? 0,
    completedCategories,
  });
  if (candidates.length === 0) return [];
  const inserted = await tx
    .insert(quizUserBadges)
    .values(
      candidates.map((b) => ({
        userId: ctx.userId,
        badgeId: b.badge_id,
        attemptId: attempt.id,
        earnedAt: ctx.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ badgeId: quizUserBadges.badgeId });
  const newIds = new Set(inserted.map((r) => r.badgeId));
  return candidates.filter((b) => newIds.has(b.badge_id)).map(toBadge);
}

const toBadge = (b: BadgeDefinition): QuizBadge => ({
  badge_id: b.badge_id,
  badge_name: b.badge_name,
  description: b.description,
  icon: b.icon,
});

/* ---------- this week's challenges and the badge shelf ---------- */

export async function getChallenges(db: Db, ctx: QuizContext): Promise<QuizChallenges> {
  const week = weekOf(localDay(ctx.now, ctx.timeZone));
  const attempts = await db
    .select({
      quizType: quizAttempts.quizType,
      categoryId: quizAttempts.categoryId,
      quizDay: quizAttempts.quizDay,
      correct: quizAttempts.correctAnswers,
    })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, ctx.userId),
        isNotNull(quizAttempts.submittedAt),
        gte(quizAttempts.quizDay, week.start),
        lte(quizAttempts.quizDay, week.end),
      ),
    );
  const measures = {
    dailyDays: new Set(attempts.filter((a) => a.quizType === 'daily').map((a) => a.quizDay)).size,
    correctAnswers: attempts.reduce((sum, a) => sum + (a.correct ?? 0), 0),
    categories: new Set(attempts.flatMap((a) => (a.categoryId ? [a.categoryId] : []))).size,
  };

  const earned = await earnedBadgeIds(db, ctx.userId);
  const categories = await db.select().from(quizCategories).orderBy(asc(quizCategories.position));
  const catalogue: BadgeDefinition[] = [
    ...Object.values(BADGES),
    ...categories.map(categoryBadgeOf),
  ];
  const badges: BadgeShelfItem[] = catalogue.map((b) => ({
    ...toBadge(b),
    earned: earned.has(b.badge_id),
    earned_at: earned.get(b.badge_id)?.toISOString() ?? null,
  }));

  return {
    week_start: week.start,
    week_end: week.end,
    challenges: WEEKLY_CHALLENGES.map((c) => ({
      id: c.id,
      title: c.title,
      description: c.description,
      target: c.target,
      progress: Math.min(measures[c.measure], c.target),
      completed: measures[c.measure] >= c.target,
    })),
    badges,
  };
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

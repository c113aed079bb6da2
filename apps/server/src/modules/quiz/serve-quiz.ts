/** Use cases that hand a player a quiz: today's daily and a fresh draw from a category. */
import crypto from 'node:crypto';
import {
  QuizErrorCode,
  QuizMessages,
  type AnswerFeedback,
  type QuizQuestion,
  type QuizSession,
} from '@lumiskin/contract/quiz';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { feedbackFor } from './answer-question';
import {
  activeQuestionPool,
  activeQuestionsOf,
  completedDailyDays,
  findCategory,
  lastDrawOf,
  masteredQuestionIds,
  questionsByIds,
  replaceCategoryAttempt,
  upsertDailyAttempt,
} from './queries';
import {
  ATTEMPT_TTL_MS,
  DAILY_TITLE,
  QUESTIONS_PER_QUIZ,
  localDay,
  questionPoints,
  type QuizContext,
} from './rules';
import type { QuizAttemptRow, QuizQuestionRow } from './schema';

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
function toServedQuestion(row: QuizQuestionRow, seed: string | null): QuizQuestion {
  return {
    id: row.id,
    category_id: row.categoryId,
    question_text: row.questionText,
    options: seed ? shuffled(row.options, (o) => `${seed}:${row.id}:${o}`) : shuffled(row.options),
    difficulty: row.difficulty,
    points: questionPoints(row.difficulty),
    image_url: row.imageUrl,
    tags: row.tags,
  };
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

function toSession(
  attempt: QuizAttemptRow,
  title: string,
  questions: QuizQuestion[],
  answered: AnswerFeedback[] = [],
): QuizSession {
  return {
    answered,
    attempt_id: attempt.id,
    quiz_type: attempt.quizType,
    category_id: attempt.categoryId,
    title,
    quiz_day: attempt.quizDay,
    expires_at: attempt.expiresAt.toISOString(),
    questions,
  };
}

const dailyCompleted = () =>
  new HttpError(400, QuizErrorCode.dailyCompleted, QuizMessages.dailyCompleted);

/**
 * Today's daily challenge for this person: the same five questions for everyone on that day.
 * 400 once they completed today's (or, after a time-zone change, a later day's) daily.
 */
export async function serveDaily(db: Db, ctx: QuizContext): Promise<QuizSession> {
  const day = localDay(ctx.now, ctx.timeZone);
  const [latest] = await completedDailyDays(db, ctx.userId);
  if (latest && latest >= day) throw dailyCompleted();

  const questionIds = pickDailyQuestions(day, await activeQuestionPool(db));
  const attempt = await upsertDailyAttempt(db, {
    userId: ctx.userId,
    quizType: 'daily',
    quizDay: day,
    timeZone: ctx.timeZone,
    questionIds,
    servedAt: ctx.now,
    lastServedAt: ctx.now,
    expiresAt: expiry(ctx.now),
  });
  // No row back: it was submitted between the check above and now.
  if (!attempt) throw dailyCompleted();

  const rows = await questionsByIds(db, attempt.questionIds);
  // Answers committed before a reload come back with their feedback: they are final anyway.
  const answered = rows.flatMap((row) => {
    const committed = attempt.answers[row.id];
    return committed ? [feedbackFor(attempt, row, committed.chosen, new Set())] : [];
  });
  return toSession(
    attempt,
    DAILY_TITLE,
    rows.map((row) => toServedQuestion(row, day)),
    answered,
  );
}

/**
 * A fresh draw of five from a category: questions not yet answered right come first, and the
 * previous draw's questions last. A new draw replaces an unfinished one of the same category.
 * Null for an unknown or hidden category.
 */
export async function serveCategory(
  db: Db,
  ctx: QuizContext,
  categoryId: string,
): Promise<QuizSession | null> {
  const category = await findCategory(db, categoryId);
  // A hidden category is not playable (admin area); one served before it was hidden still submits.
  if (!category || category.hidden) return null;

  const pool = await activeQuestionsOf(db, categoryId);
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
      answered: [],
    };
  }

  const mastered = await masteredQuestionIds(
    db,
    ctx.userId,
    pool.map((q) => q.id),
  );
  const lastDraw = new Set(await lastDrawOf(db, ctx.userId, categoryId));
  const rank = (q: QuizQuestionRow) => (mastered.has(q.id) ? 2 : 0) + (lastDraw.has(q.id) ? 1 : 0);
  const drawn = shuffled(pool)
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, QUESTIONS_PER_QUIZ);

  const attempt = await replaceCategoryAttempt(db, {
    userId: ctx.userId,
    quizType: 'category',
    categoryId,
    quizDay: day,
    timeZone: ctx.timeZone,
    questionIds: drawn.map((q) => q.id),
    servedAt: ctx.now,
    lastServedAt: ctx.now,
    expiresAt: expiry(ctx.now),
  });
  if (!attempt) throw new Error('category attempt was not stored');
  return toSession(
    attempt,
    category.name,
    drawn.map((q) => toServedQuestion(q, null)),
  );
}

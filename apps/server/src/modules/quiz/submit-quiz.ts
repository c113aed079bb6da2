/** The submit use case: score a served quiz once, add it to the player's total, award badges. */
import {
  QuizErrorCode,
  QuizMessages,
  type QuizBadge,
  type QuizResult,
  type SubmitQuizBody,
} from '@lumiskin/contract/quiz';
import type { Db } from '../../db/client';
import { streakDays } from '../../lib/streak';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import {
  addToPlayerTotal,
  answerCounts,
  categoriesWithCounts,
  categoryIdsOf,
  completedDailyDays,
  findAttempt,
  findCategory,
  findOpenAttempt,
  insertAnswers,
  insertBadges,
  lockPlayer,
  markSubmitted,
  masteredCountsByCategory,
  masteredQuestionIds,
  questionsByIds,
  type Tx,
} from './queries';
import {
  DAILY_TITLE,
  levelFor,
  localDay,
  qualifyingBadges,
  reviewAnswers,
  scorePercent,
  shareData,
  streakBonus,
  streakMilestone,
  timingProblem,
  toBadge,
  type QuizContext,
  type TimingProblem,
} from './rules';
import type { QuizAttemptRow } from './schema';

const dailyCompleted = (status: 400 | 409) =>
  new HttpError(status, QuizErrorCode.dailyCompleted, QuizMessages.dailyCompleted);

const timingErrors: Record<TimingProblem, () => HttpError> = {
  expired: () => new HttpError(400, QuizErrorCode.attemptExpired, QuizMessages.attemptExpired),
  longer_than_open: () =>
    new HttpError(400, QuizErrorCode.implausibleTime, QuizMessages.implausibleTime),
  too_fast: () => new HttpError(400, QuizErrorCode.implausibleTime, QuizMessages.tooFast),
};

/** The attempt this submission is for: by id, or (spec clients send none) the latest open one. */
async function attemptFor(tx: Tx, ctx: QuizContext, body: SubmitQuizBody): Promise<QuizAttemptRow> {
  if (body.attempt_id) {
    const row = await findAttempt(tx, ctx.userId, body.attempt_id);
    if (!row) throw notFound('That quiz was not found.');
    return row;
  }
  const row = await findOpenAttempt(tx, ctx.userId, body.quiz_type, body.category_id);
  if (row) return row;
  // The usual loser of a race: the daily was counted a moment ago.
  if (body.quiz_type === 'daily') {
    const [latest] = await completedDailyDays(tx, ctx.userId);
    if (latest === localDay(ctx.now, ctx.timeZone)) throw dailyCompleted(409);
  }
  throw new HttpError(400, QuizErrorCode.noOpenAttempt, QuizMessages.noOpenAttempt);
}

/**
 * Scores one served quiz, once. Everything a person's submissions touch runs under a per-user
 * transaction lock, so ten racing submissions are scored one after another: the first counts,
 * the rest find the attempt already submitted. The player's total moves in the same transaction.
 */
export async function submitQuiz(
  db: Db,
  ctx: QuizContext,
  body: SubmitQuizBody,
): Promise<QuizResult> {
  return db.transaction(async (tx) => {
    await lockPlayer(tx, ctx.userId);

    const attempt = await attemptFor(tx, ctx, body);
    if (
      attempt.quizType !== body.quiz_type ||
      (body.quiz_type === 'category' && body.category_id && attempt.categoryId !== body.category_id)
    ) {
      throw badRequest(QuizMessages.wrongQuiz);
    }
    if (attempt.submittedAt) {
      if (attempt.quizType === 'daily') throw dailyCompleted(409);
      throw conflict(QuizMessages.alreadySubmitted, QuizErrorCode.alreadySubmitted);
    }
    // Answers committed before the last serve already took their time; the rest need theirs now.
    const questionCount = attempt.questionIds.filter((id) => {
      const committed = attempt.answers[id];
      return !committed || new Date(committed.at) > attempt.lastServedAt;
    }).length;
    const problem = timingProblem({ ...attempt, questionCount }, ctx.now, body.time_taken);
    if (problem) throw timingErrors[problem]();

    const isDaily = attempt.quizType === 'daily';
    const dailyDays = await completedDailyDays(tx, ctx.userId);
    let streak = 0;
    if (isDaily) {
      // A later day already completed (the time zone moved east and back): this day is closed.
      if (dailyDays[0] && dailyDays[0] >= attempt.quizDay) throw dailyCompleted(400);
      streak = streakDays([attempt.quizDay, ...dailyDays], attempt.quizDay);
    }
    const bonus = isDaily ? streakBonus(streak) : 0;

    const questions = await questionsByIds(tx, attempt.questionIds);
    const alreadyMastered = isDaily
      ? new Set<string>()
      : await masteredQuestionIds(tx, ctx.userId, attempt.questionIds);
    // A committed answer is final: it wins over whatever the submission says for that question.
    const answers: Record<string, string> = { ...body.answers };
    for (const [id, committed] of Object.entries(attempt.answers)) answers[id] = committed.chosen;
    const review = reviewAnswers(attempt.quizType, questions, answers, alreadyMastered);
    const correct = review.filter((r) => r.is_correct).length;
    const pointsEarned = review.reduce((sum, r) => sum + r.points_earned, 0) + bonus;

    const stored = await markSubmitted(tx, attempt.id, {
      submittedAt: ctx.now,
      timeTaken: body.time_taken,
      correctAnswers: correct,
      pointsEarned,
      streakBonus: bonus,
      streak: isDaily ? streak : null,
    });
    if (!stored) throw conflict(QuizMessages.alreadySubmitted, QuizErrorCode.alreadySubmitted);
    await insertAnswers(
      tx,
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
    const total = await addToPlayerTotal(tx, ctx.userId, pointsEarned, ctx.now);

    const badgesEarned = await awardBadges(tx, ctx, attempt, {
      quizzesCompleted: total.attempts,
      correct,
      total: review.length,
      streak,
    });
    const pointsBefore = total.points - pointsEarned;
    const levelAfter = levelFor(total.points);
    const title = isDaily
      ? DAILY_TITLE
      : ((attempt.categoryId && (await findCategory(tx, attempt.categoryId))?.name) ?? 'quiz');
    const score = scorePercent(correct, review.length);
    const current = isDaily ? streak : streakDays(dailyDays, localDay(ctx.now, ctx.timeZone));

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
      total_points: total.points,
      current_streak: current,
      badges_earned: badgesEarned,
      streak_milestone: isDaily ? streakMilestone(streak) : null,
      share_data: shareData(title, score, pointsEarned, current),
      review,
    };
  });
}

/** Badges this submission newly earned (each badge is earned once). */
async function awardBadges(
  tx: Tx,
  ctx: QuizContext,
  attempt: QuizAttemptRow,
  result: { quizzesCompleted: number; correct: number; total: number; streak: number },
): Promise<QuizBadge[]> {
  const answered = await answerCounts(tx, ctx.userId);
  // Categories this attempt touched whose every active question is now answered right.
  const touched = await categoryIdsOf(tx, attempt.questionIds);
  const mastered = await masteredCountsByCategory(tx, ctx.userId);
  const completedCategories = (await categoriesWithCounts(tx))
    .filter(
      ({ category, total }) =>
        total > 0 && touched.has(category.id) && (mastered.get(category.id) ?? 0) >= total,
    )
    .map(({ category }) => ({
      id: category.id,
      name: category.name,
      badge_reward: category.badgeReward,
    }));

  const candidates = qualifyingBadges({
    ...result,
    questionsAnswered: answered.chosen,
    completedCategories,
  });
  const newIds = await insertBadges(
    tx,
    candidates.map((b) => ({
      userId: ctx.userId,
      badgeId: b.badge_id,
      attemptId: attempt.id,
      earnedAt: ctx.now,
    })),
  );
  return candidates.filter((b) => newIds.has(b.badge_id)).map(toBadge);
}

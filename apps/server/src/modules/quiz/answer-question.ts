/** The per-answer use case: commit one answer to a served quiz and say at once whether it was right. */
import {
  QuizErrorCode,
  QuizMessages,
  type AnswerFeedback,
  type AnswerQuestionBody,
} from '@lumiskin/contract/quiz';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { findAttempt, lockPlayer, masteredQuestionIds, questionsByIds } from './queries';
import {
  MIN_SECONDS_PER_QUESTION,
  reviewAnswers,
  type QuizContext,
  type ScoredQuestion,
} from './rules';
import { quizAttempts, type CommittedAnswer, type QuizAttemptRow } from './schema';

/** The feedback for one committed answer (its points as the submission will count them). */
export function feedbackFor(
  attempt: Pick<QuizAttemptRow, 'quizType'>,
  question: ScoredQuestion,
  chosen: string,
  alreadyMastered: ReadonlySet<string>,
): AnswerFeedback {
  const [review] = reviewAnswers(
    attempt.quizType,
    [question],
    { [question.id]: chosen },
    alreadyMastered,
  );
  const { question_id, correct_answer, is_correct, explanation, points_earned } = review!;
  return {
    question_id,
    chosen: review!.chosen,
    correct_answer,
    is_correct,
    explanation,
    points_earned,
  };
}

/** Answers committed since the quiz was last served: each needs its second (anti-cheat, §Integrity). */
export function answeredSince(answers: Record<string, CommittedAnswer>, since: Date): number {
  return Object.values(answers).filter((a) => new Date(a.at) > since).length;
}

/**
 * Commits one answer and returns its feedback. The right answer leaves the server only after the
 * answer is stored, and a stored answer never changes: the same answer again gets the same
 * feedback (a retried request), another one a 409. Runs under the player's lock, like submit.
 */
export async function answerQuestion(
  db: Db,
  ctx: QuizContext,
  body: AnswerQuestionBody,
): Promise<AnswerFeedback> {
  return db.transaction(async (tx) => {
    await lockPlayer(tx, ctx.userId);
    const attempt = await findAttempt(tx, ctx.userId, body.attempt_id);
    if (!attempt) throw notFound('That quiz was not found.');
    if (attempt.submittedAt)
      throw conflict(QuizMessages.alreadySubmitted, QuizErrorCode.alreadySubmitted);
    if (ctx.now > attempt.expiresAt)
      throw new HttpError(400, QuizErrorCode.attemptExpired, QuizMessages.attemptExpired);
    if (!attempt.questionIds.includes(body.question_id)) throw badRequest(QuizMessages.notServed);
    const [question] = await questionsByIds(tx, [body.question_id]);
    if (!question) throw badRequest(QuizMessages.notServed);
    if (!question.options.includes(body.answer)) throw badRequest(QuizMessages.notAnOption);

    const mastered =
      attempt.quizType === 'daily'
        ? new Set<string>()
        : await masteredQuestionIds(tx, ctx.userId, [question.id]);
    const committed = attempt.answers[question.id];
    if (committed) {
      if (committed.chosen !== body.answer)
        throw conflict(QuizMessages.alreadyAnswered, QuizErrorCode.alreadyAnswered);
      return feedbackFor(attempt, question, committed.chosen, mastered);
    }
    // Nobody reads and answers in under a second: each answer since the last serve needs one.
    const seconds = (ctx.now.getTime() - attempt.lastServedAt.getTime()) / 1000;
    const needed =
      (answeredSince(attempt.answers, attempt.lastServedAt) + 1) * MIN_SECONDS_PER_QUESTION;
    if (seconds < needed)
      throw new HttpError(400, QuizErrorCode.implausibleTime, QuizMessages.tooFast);

    const entry: CommittedAnswer = { chosen: body.answer, at: ctx.now.toISOString() };
    await tx
      .update(quizAttempts)
      .set({
        answers: sql`${quizAttempts.answers} || ${JSON.stringify({ [question.id]: entry })}::jsonb`,
      })
      .where(and(eq(quizAttempts.id, attempt.id), isNull(quizAttempts.submittedAt)));
    return feedbackFor(attempt, question, body.answer, mastered);
  });
}

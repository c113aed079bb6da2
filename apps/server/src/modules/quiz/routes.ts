import { ApiError } from '@lumiskin/contract/errors';
import {
  AnswerFeedback,
  AnswerQuestionBody,
  CategoryId,
  Leaderboard,
  LeaderboardQuery,
  QuizCategoryList,
  QuizChallenges,
  QuizMessages,
  QuizResult,
  QuizSession,
  QuizStats,
  SubmitQuizBody,
  TIME_ZONE_HEADER,
} from '@lumiskin/contract/quiz';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFoundUnless } from '../../http/errors';
import { answerQuestion } from './answer-question';
import { getChallenges, getStats, leaderboard, listCategories } from './player-progress';
import { categoriesWithCounts, recentDailyTimeZone } from './queries';
import { resolveTimeZone, ZONE_LOCK_MS, type QuizContext } from './rules';
import { serveCategory, serveDaily } from './serve-quiz';
import { submitQuiz } from './submit-quiz';

declare module 'fastify' {
  interface FastifyInstance {
    /** Optional clock for tests that cross midnights; the real time otherwise. */
    clock?: () => Date;
  }
}

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError };
const secured = { tags: ['quiz'], security: [{ bearer: [] }] };
const timeZoneHeader = z.object({ [TIME_ZONE_HEADER]: z.string().max(64).optional() });

const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Whose "today" it is. The day comes from the player's time zone (X-Timezone), but a zone used
   * for a completed daily holds for ZONE_LOCK_MS: switching from Los Angeles to Tokyo right after
   * playing would otherwise open "tomorrow" at once (two dailies and a 2-day streak in a minute).
   */
  async function context(request: FastifyRequest): Promise<QuizContext> {
    const user = request.user;
    const now = app.clock?.() ?? new Date();
    const locked = await recentDailyTimeZone(
      app.db,
      user.id,
      new Date(now.getTime() - ZONE_LOCK_MS),
    );
    return {
      userId: user.id,
      now,
      timeZone: locked ?? resolveTimeZone(request.headers[TIME_ZONE_HEADER]),
    };
  }

  app.get(
    '/categories',
    {
      schema: {
        ...secured,
        summary: 'Quiz categories with this player’s progress',
        response: { 200: QuizCategoryList, ...errors },
      },
    },
    async (request) =>
      listCategories(app.db, (await context(request)).userId, () =>
        // The categories are everyone's until staff change the quiz bank (decision 086).
        app.publicContent.value('quiz/categories', () => categoriesWithCounts(app.db)),
      ),
  );

  app.get(
    '/stats',
    {
      schema: {
        ...secured,
        summary: 'Points, level, streak, accuracy and rank',
        headers: timeZoneHeader,
        response: { 200: QuizStats, ...errors },
      },
    },
    async (request) => getStats(app.db, await context(request)),
  );

  app.get(
    '/leaderboard',
    {
      schema: {
        ...secured,
        summary: 'Top players by points (ties share a rank)',
        querystring: LeaderboardQuery,
        response: { 200: Leaderboard, ...errors },
      },
    },
    async (request) => leaderboard(app.db, request.query.limit, (await context(request)).userId),
  );

  app.get(
    '/daily-quiz',
    {
      schema: {
        ...secured,
        summary: "Today's daily challenge (400 once completed today)",
        headers: timeZoneHeader,
        response: { 200: QuizSession, ...errors },
      },
    },
    async (request) => serveDaily(app.db, await context(request)),
  );

  app.get(
    '/category/:categoryId',
    {
      schema: {
        ...secured,
        summary: 'A fresh draw of questions from one category',
        params: z.object({ categoryId: CategoryId }),
        headers: timeZoneHeader,
        response: { 200: QuizSession, ...errors },
      },
    },
    async (request) =>
      notFoundUnless(
        await serveCategory(app.db, await context(request), request.params.categoryId),
        QuizMessages.unknownCategory,
      ),
  );

  app.post(
    '/answer',
    {
      schema: {
        ...secured,
        summary: 'Commit one answer (final) and get right/wrong and the explanation at once',
        headers: timeZoneHeader,
        body: AnswerQuestionBody,
        response: { 200: AnswerFeedback, ...errors },
      },
    },
    async (request) => answerQuestion(app.db, await context(request), request.body),
  );

  app.post(
    '/submit',
    {
      schema: {
        ...secured,
        summary: 'Score a served quiz once; returns the result and the review',
        headers: timeZoneHeader,
        body: SubmitQuizBody,
        response: { 200: QuizResult, ...errors },
      },
    },
    async (request) => submitQuiz(app.db, await context(request), request.body),
  );

  app.get(
    '/challenges',
    {
      schema: {
        ...secured,
        summary: "This week's challenges and the badge shelf",
        headers: timeZoneHeader,
        response: { 200: QuizChallenges, ...errors },
      },
    },
    async (request) => getChallenges(app.db, await context(request)),
  );
};

export default quizRoutes;

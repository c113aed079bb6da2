import {
  AdminQuizBank,
  AdminQuizQuestion,
  QuizBankQuery,
  QuizQuestionBody,
  QuizQuestionParams,
} from '@lumiskin/contract/admin';
import { ApiError } from '@lumiskin/contract/errors';
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireRole } from '../../plugins/auth';
import { badRequest, notFoundUnless } from '../../plugins/errors';
import { quizCategories, quizQuestions } from '../quiz/schema';
import { audit } from './repository';

type QuestionRow = typeof quizQuestions.$inferSelect;
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };
const staff = { tags: ['admin'], security: [{ bearer: [] }] };

function toQuestion(row: QuestionRow): AdminQuizQuestion {
  return {
    id: row.id,
    category_id: row.categoryId,
    question_text: row.questionText,
    options: row.options.map((text) => ({ text, correct: text === row.correctAnswer })),
    explanation: row.explanation,
    difficulty: row.difficulty,
    points: row.points,
    tags: row.tags,
    active: row.active,
  };
}

function valuesOf(body: z.infer<typeof QuizQuestionBody>) {
  return {
    categoryId: body.category_id,
    questionText: body.question_text,
    options: body.options.map((o) => o.text),
    // The schema checked that exactly one option is marked correct.
    correctAnswer: body.options.find((o) => o.correct)!.text,
    explanation: body.explanation,
    difficulty: body.difficulty,
    points: body.points,
    tags: body.tags,
    active: body.active,
  };
}

/**
 * The quiz bank (moderators and admins), inside the admin module's guard. Submitted attempts keep
 * the points they earned, so an edit never changes a past score.
 */
const quizBankRoutes: FastifyPluginAsyncZod = async (app) => {
  async function actor(request: FastifyRequest) {
    const user = await requireRole(request, 'moderator');
    return { id: user.id, name: user.name, role: user.role };
  }

  async function knownCategory(id: string) {
    const [row] = await app.db
      .select({ id: quizCategories.id })
      .from(quizCategories)
      .where(eq(quizCategories.id, id))
      .limit(1);
    if (!row) throw badRequest('Unknown quiz category');
  }

  app.get(
    '/quiz',
    {
      schema: {
        ...staff,
        summary: 'Quiz categories and one page of questions, with the correct option marked',
        querystring: QuizBankQuery,
        response: { 200: AdminQuizBank, ...errors },
      },
    },
    async (request) => {
      const { category_id, page, page_size } = request.query;
      const where = category_id ? eq(quizQuestions.categoryId, category_id) : undefined;
      const [categories, rows, [total]] = await Promise.all([
        app.db
          .select({ id: quizCategories.id, name: quizCategories.name })
          .from(quizCategories)
          .orderBy(asc(quizCategories.position)),
        app.db
          .select()
          .from(quizQuestions)
          .where(where)
          .orderBy(asc(quizQuestions.categoryId), asc(quizQuestions.id))
          .limit(page_size)
          .offset((page - 1) * page_size),
        app.db.select({ n: count() }).from(quizQuestions).where(where),
      ]);
      return {
        categories,
        questions: rows.map(toQuestion),
        total: total?.n ?? 0,
        page,
        page_size,
      };
    },
  );

  app.post(
    '/quiz/questions',
    {
      schema: {
        ...staff,
        summary: 'Add a question (exactly one correct option)',
        body: QuizQuestionBody,
        response: { 201: AdminQuizQuestion, ...errors },
      },
    },
    async (request, reply) => {
      const who = await actor(request);
      await knownCategory(request.body.category_id);
      const row = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(quizQuestions)
          .values({ id: `admin-${crypto.randomUUID()}`, ...valuesOf(request.body) })
          .returning();
        await audit(tx, who, {
          action: 'quiz_question.create',
          entity: 'quiz_question',
          entityId: created!.id,
          before: null,
          after: toQuestion(created!),
        });
        return created!;
      });
      return reply.code(201).send(toQuestion(row));
    },
  );

  app.put(
    '/quiz/questions/:id',
    {
      schema: {
        ...staff,
        summary: 'Replace a question; past attempts keep their scores',
        params: QuizQuestionParams,
        body: QuizQuestionBody,
        response: { 200: AdminQuizQuestion, ...errors },
      },
    },
    async (request) => {
      const who = await actor(request);
      const [before] = await app.db
        .select()
        .from(quizQuestions)
        .where(eq(quizQuestions.id, request.params.id))
        .limit(1);
      notFoundUnless(before, 'No such question');
      await knownCategory(request.body.category_id);
      const row = await app.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(quizQuestions)
          .set(valuesOf(request.body))
          .where(eq(quizQuestions.id, request.params.id))
          .returning();
        await audit(tx, who, {
          action: 'quiz_question.update',
          entity: 'quiz_question',
          entityId: updated!.id,
          before: toQuestion(before!),
          after: toQuestion(updated!),
        });
        return updated!;
      });
      return toQuestion(row);
    },
  );
};

export default quizBankRoutes;

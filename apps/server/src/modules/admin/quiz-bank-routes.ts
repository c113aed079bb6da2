import {
  AdminMessages,
  AdminQuizBank,
  AdminQuizCategory,
  AdminQuizCategoryList,
  AdminQuizQuestion,
  CreateQuizCategoryBody,
  QuizBankQuery,
  QuizCategoryOrderBody,
  QuizCategoryParams,
  QuizQuestionBody,
  QuizQuestionParams,
  UpdateQuizCategoryBody,
} from '@lumiskin/contract/admin';
import { ApiError } from '@lumiskin/contract/errors';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest, conflict, notFoundUnless } from '../../http/errors';
import { quizCategories, quizQuestions, type QuizCategoryRow } from '../quiz/schema';
import { audit } from './repository';

type QuestionRow = typeof quizQuestions.$inferSelect;
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
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

function toCategory(row: QuizCategoryRow, questionCount: number): AdminQuizCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    icon: row.icon,
    color: row.color,
    estimated_time: row.estimatedTime,
    badge_reward: row.badgeReward,
    position: row.position,
    hidden: row.hidden,
    question_count: questionCount,
  };
}

/** What the audit log keeps of a category (the count is not the category's own). */
const categorySnapshot = (row: QuizCategoryRow) => {
  const { question_count: _count, ...rest } = toCategory(row, 0);
  return rest;
};

/**
 * The quiz bank (moderators and admins), inside the admin module's guard. Submitted attempts keep
 * the points they earned, so an edit never changes a past score.
 */
const quizBankRoutes: FastifyPluginAsyncZod = async (app) => {
  function actor(request: FastifyRequest) {
    const { id, name, role } = request.user;
    return { id, name, role };
  }

  async function knownCategory(id: string) {
    const [row] = await app.db
      .select({ id: quizCategories.id })
      .from(quizCategories)
      .where(eq(quizCategories.id, id))
      .limit(1);
    if (!row) throw badRequest('Unknown quiz category');
  }

  /** Categories with their active questions counted: one (by id) or all, in the players' order. */
  const categoriesWithCounts = (id?: string) =>
    app.db
      .select({ category: quizCategories, n: sql<number>`count(${quizQuestions.id})::int` })
      .from(quizCategories)
      .leftJoin(
        quizQuestions,
        and(eq(quizQuestions.categoryId, quizCategories.id), eq(quizQuestions.active, true)),
      )
      .where(id === undefined ? undefined : eq(quizCategories.id, id))
      .groupBy(quizCategories.id)
      .orderBy(asc(quizCategories.position), asc(quizCategories.id));
  async function categoryWithCount(id: string): Promise<AdminQuizCategory | null> {
    const [row] = await categoriesWithCounts(id);
    return row ? toCategory(row.category, row.n) : null;
  }
  async function listCategories(): Promise<AdminQuizCategory[]> {
    return (await categoriesWithCounts()).map((r) => toCategory(r.category, r.n));
  }

  // ---- Categories ----

  app.get(
    '/quiz/categories',
    {
      schema: {
        ...staff,
        summary: 'Every quiz category in display order, hidden ones included',
        response: { 200: AdminQuizCategoryList, ...errors },
      },
    },
    async () => {
      return { categories: await listCategories() };
    },
  );

  app.post(
    '/quiz/categories',
    {
      schema: {
        ...staff,
        summary: 'Add a quiz category (last in the order)',
        body: CreateQuizCategoryBody,
        response: { 201: AdminQuizCategory, ...errors },
      },
    },
    async (request, reply) => {
      const who = actor(request);
      const b = request.body;
      const row = await app.db.transaction(async (tx) => {
        const [last] = await tx
          .select({ max: sql<number | null>`max(${quizCategories.position})` })
          .from(quizCategories);
        const [created] = await tx
          .insert(quizCategories)
          .values({
            id: b.id,
            name: b.name,
            description: b.description,
            icon: b.icon,
            color: b.color.toLowerCase(),
            estimatedTime: b.estimated_time,
            badgeReward: b.badge_reward,
            hidden: b.hidden,
            position: (last?.max ?? -1) + 1,
          })
          .onConflictDoNothing({ target: quizCategories.id })
          .returning();
        if (!created) throw conflict(AdminMessages.categoryExists);
        await audit(tx, who, {
          action: 'quiz_category.create',
          entity: 'quiz_category',
          entityId: created.id,
          before: null,
          after: categorySnapshot(created),
        });
        return created;
      });
      return reply.code(201).send(toCategory(row, 0));
    },
  );

  app.put(
    '/quiz/categories/order',
    {
      schema: {
        ...staff,
        summary: 'Set the display order: every category id once, first to last',
        body: QuizCategoryOrderBody,
        response: { 200: AdminQuizCategoryList, ...errors },
      },
    },
    async (request) => {
      const who = actor(request);
      const { ids } = request.body;
      await app.db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: quizCategories.id, position: quizCategories.position })
          .from(quizCategories)
          .orderBy(asc(quizCategories.position), asc(quizCategories.id))
          // Two reorders at once: the second waits and checks against the first's result.
          .for('update');
        const known = new Set(rows.map((r) => r.id));
        if (ids.length !== known.size || !ids.every((id) => known.has(id))) {
          throw badRequest('Send every category id exactly once');
        }
        for (const [position, id] of ids.entries()) {
          await tx.update(quizCategories).set({ position }).where(eq(quizCategories.id, id));
        }
        await audit(tx, who, {
          action: 'quiz_category.order',
          entity: 'quiz_category',
          entityId: '*',
          before: { order: rows.map((r) => r.id) },
          after: { order: ids },
        });
      });
      return { categories: await listCategories() };
    },
  );

  app.patch(
    '/quiz/categories/:id',
    {
      schema: {
        ...staff,
        summary: 'Edit a category: name, description, icon, colour, time, badge, hidden',
        params: QuizCategoryParams,
        body: UpdateQuizCategoryBody,
        response: { 200: AdminQuizCategory, ...errors },
      },
    },
    async (request) => {
      const who = actor(request);
      const b = request.body;
      await app.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(quizCategories)
          .where(eq(quizCategories.id, request.params.id))
          .for('update');
        notFoundUnless(before, 'No such quiz category');
        const [after] = await tx
          .update(quizCategories)
          .set({
            ...(b.name !== undefined && { name: b.name }),
            ...(b.description !== undefined && { description: b.description }),
            ...(b.icon !== undefined && { icon: b.icon }),
            ...(b.color !== undefined && { color: b.color.toLowerCase() }),
            ...(b.estimated_time !== undefined && { estimatedTime: b.estimated_time }),
            ...(b.badge_reward !== undefined && { badgeReward: b.badge_reward }),
            ...(b.hidden !== undefined && { hidden: b.hidden }),
          })
          .where(eq(quizCategories.id, request.params.id))
          .returning();
        await audit(tx, who, {
          action:
            b.hidden !== undefined && b.hidden !== before!.hidden
              ? b.hidden
                ? 'quiz_category.hide'
                : 'quiz_category.unhide'
              : 'quiz_category.update',
          entity: 'quiz_category',
          entityId: request.params.id,
          before: categorySnapshot(before!),
          after: categorySnapshot(after!),
        });
      });
      return (await categoryWithCount(request.params.id))!;
    },
  );

  // ---- Questions ----

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
      const who = actor(request);
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
      const who = actor(request);
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

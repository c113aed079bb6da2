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
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, conflict, notFoundUnless } from '../../http/errors';
import { audit } from './audit-repository';
import {
  categoryExists,
  categorySnapshot,
  categoryWithCount,
  findQuestion,
  insertCategory,
  listCategories,
  lockCategory,
  lockCategoryOrder,
  questionPage,
  questionValues,
  setCategoryPosition,
  toCategory,
  toQuestion,
  updateCategory,
  writeQuestion,
} from './quiz-bank-repository';
import { actorOf, errors, staff } from './staff';

async function knownCategory(app: FastifyInstance, id: string) {
  if (!(await categoryExists(app.db, id))) throw badRequest('Unknown quiz category');
}

/** The categories: list, add, order, edit. */
const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
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
      return { categories: await listCategories(app.db) };
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
      const who = actorOf(request);
      const b = request.body;
      const row = await app.db.transaction(async (tx) => {
        const created = await insertCategory(tx, b);
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
      const who = actorOf(request);
      const { ids } = request.body;
      await app.db.transaction(async (tx) => {
        const order = await lockCategoryOrder(tx);
        const known = new Set(order);
        if (ids.length !== known.size || !ids.every((id) => known.has(id))) {
          throw badRequest('Send every category id exactly once');
        }
        for (const [position, id] of ids.entries()) {
          await setCategoryPosition(tx, id, position);
        }
        await audit(tx, who, {
          action: 'quiz_category.order',
          entity: 'quiz_category',
          entityId: '*',
          before: { order },
          after: { order: ids },
        });
      });
      return { categories: await listCategories(app.db) };
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
      const who = actorOf(request);
      const b = request.body;
      await app.db.transaction(async (tx) => {
        const before = await lockCategory(tx, request.params.id);
        notFoundUnless(before, 'No such quiz category');
        const after = await updateCategory(tx, request.params.id, {
          ...(b.name !== undefined && { name: b.name }),
          ...(b.description !== undefined && { description: b.description }),
          ...(b.icon !== undefined && { icon: b.icon }),
          ...(b.color !== undefined && { color: b.color.toLowerCase() }),
          ...(b.estimated_time !== undefined && { estimatedTime: b.estimated_time }),
          ...(b.badge_reward !== undefined && { badgeReward: b.badge_reward }),
          ...(b.hidden !== undefined && { hidden: b.hidden }),
        });
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
      return (await categoryWithCount(app.db, request.params.id))!;
    },
  );
};

/** The questions: one page, add, replace. */
const questionRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const { page, page_size } = request.query;
      return { ...(await questionPage(app.db, request.query)), page, page_size };
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
      const who = actorOf(request);
      await knownCategory(app, request.body.category_id);
      const row = await app.db.transaction(async (tx) => {
        const created = await writeQuestion(tx, null, questionValues(request.body));
        await audit(tx, who, {
          action: 'quiz_question.create',
          entity: 'quiz_question',
          entityId: created.id,
          before: null,
          after: toQuestion(created),
        });
        return created;
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
      const who = actorOf(request);
      const before = notFoundUnless(
        await findQuestion(app.db, request.params.id),
        'No such question',
      );
      await knownCategory(app, request.body.category_id);
      const row = await app.db.transaction(async (tx) => {
        const updated = await writeQuestion(tx, request.params.id, questionValues(request.body));
        await audit(tx, who, {
          action: 'quiz_question.update',
          entity: 'quiz_question',
          entityId: updated.id,
          before: toQuestion(before),
          after: toQuestion(updated),
        });
        return updated;
      });
      return toQuestion(row);
    },
  );
};

/**
 * The quiz bank (moderators and admins), inside the admin module's guard. Submitted attempts keep
 * the points they earned, so an edit never changes a past score.
 */
const quizBankRoutes: FastifyPluginAsyncZod = async (app) => {
  // Any write that went through changes what players see (categories, counts): every instance's
  // copy of the public content is dropped before the answer leaves (decision 086).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 400) await app.publicContent.invalidate();
    return payload;
  });
  await app.register(categoryRoutes);
  await app.register(questionRoutes);
};

export default quizBankRoutes;

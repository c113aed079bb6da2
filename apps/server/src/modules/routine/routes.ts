import { TOTAL_COUNT_HEADER } from '@lumiskin/contract/analysis-api';
import { ApiError } from '@lumiskin/contract/errors';
import {
  AddRoutineProductBody,
  AddRoutineProductResponse,
  FromAnalysisParams,
  RemoveRoutineProductQuery,
  RoutineHistoryQuery,
  RoutineHistoryResponse,
  RoutineMessages,
  RoutineProductParams,
  RoutineResponse,
} from '@lumiskin/contract/routine';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, notFoundUnless } from '../../http/errors';
import {
  addRoutineProduct,
  findAnalysisForRoutine,
  getRoutine,
  listRoutineHistory,
  removeRoutineProduct,
  replaceRoutineFromAnalysis,
} from './repository';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError };
const common = { tags: ['routine'], security: [{ bearer: [] }] };

const routineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        ...common,
        summary:
          "The user's morning and evening routine (set up from the newest analysis if never set)",
        response: { 200: RoutineResponse, 401: ApiError },
      },
    },
    async (request) => getRoutine(app.db, request.user.id),
  );

  app.post(
    '/products',
    {
      schema: {
        ...common,
        summary: 'Add a product to the morning or evening list (logs an addition)',
        body: AddRoutineProductBody,
        response: { 201: AddRoutineProductResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user;
      return reply.code(201).send(await addRoutineProduct(app.db, user.id, request.body));
    },
  );

  app.delete(
    '/products/:id',
    {
      schema: {
        ...common,
        summary: "Remove a product (logs a removal; reason defaults to 'Product discontinued')",
        params: RoutineProductParams,
        querystring: RemoveRoutineProductQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const removed = await removeRoutineProduct(
        app.db,
        user.id,
        request.params.id,
        request.query.reason,
      );
      if (!removed) throw notFound(RoutineMessages.notFound);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/history',
    {
      schema: {
        ...common,
        summary: 'Routine changes, newest first (total in X-Total-Count)',
        querystring: RoutineHistoryQuery,
        response: { 200: RoutineHistoryResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const { entries, total } = await listRoutineHistory(app.db, user.id, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return entries;
    },
  );

  app.post(
    '/from-analysis/:analysisId',
    {
      schema: {
        ...common,
        summary: "'Use this routine': replace the routine with an analysis's recommendation",
        params: FromAnalysisParams,
        response: { 200: RoutineResponse, ...errors },
      },
    },
    async (request) => {
      const user = request.user;
      const analysis = notFoundUnless(
        await findAnalysisForRoutine(app.db, user.id, request.params.analysisId),
        RoutineMessages.analysisNotFound,
      );
      return replaceRoutineFromAnalysis(app.db, user.id, analysis);
    },
  );
};

export default routineRoutes;

import { TOTAL_COUNT_HEADER } from '@lumiskin/contract/analysis-api';
import { ApiError } from '@lumiskin/contract/errors';
import { TIME_ZONE_HEADER } from '@lumiskin/contract/quiz';
import {
  AddRoutineProductBody,
  AddRoutineProductResponse,
  ApplySplitBody,
  CheckOffBody,
  FromAnalysisParams,
  RemoveRoutineProductQuery,
  RoutineHistoryQuery,
  RoutineHistoryResponse,
  RoutineMessages,
  RoutineProductParams,
  RoutineProduct,
  RoutineResponse,
  UpdateRoutineProductBody,
} from '@lumiskin/contract/routine';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound, notFoundUnless } from '../../http/errors';
import { localDay, resolveTimeZone } from '../quiz/rules';
import type { Clock } from './consistency';
import {
  addRoutineProduct,
  applySplit,
  setCheckOff,
  updateRoutineProduct,
  findAnalysisForRoutine,
  getRoutine,
  listRoutineHistory,
  removeRoutineProduct,
  replaceRoutineFromAnalysis,
} from './repository';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError };
const common = { tags: ['routine'], security: [{ bearer: [] }] };

const timeZoneHeader = z.object({ [TIME_ZONE_HEADER]: z.string().max(64).optional() });

type RoutineApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The routes that keep a routine safe and followed (decisions 077, 078): edit a step, apply a
 * conflict's split, check off today's routine.
 */
function safetyRoutes(app: RoutineApp, clockOf: (request: FastifyRequest) => Clock) {
  app.patch(
    '/products/:id',
    {
      schema: {
        ...common,
        summary: 'Edit a step (time of day, days, name…); logs a change',
        params: RoutineProductParams,
        body: UpdateRoutineProductBody,
        response: { 200: RoutineProduct, ...errors },
      },
    },
    async (request) =>
      notFoundUnless(
        await updateRoutineProduct(app.db, request.user.id, request.params.id, request.body),
        RoutineMessages.notFound,
      ),
  );

  app.post(
    '/split',
    {
      schema: {
        ...common,
        summary: "Apply a conflict's suggested split (all its changes at once)",
        headers: timeZoneHeader,
        body: ApplySplitBody,
        response: { 200: RoutineResponse, ...errors },
      },
    },
    async (request) => {
      const applied = await applySplit(app.db, request.user.id, request.body.changes);
      if (!applied) throw notFound(RoutineMessages.notFound);
      return getRoutine(app.db, request.user.id, clockOf(request));
    },
  );

  app.put(
    '/check-offs',
    {
      schema: {
        ...common,
        summary: "Check off (or un-check) today's morning or evening routine",
        headers: timeZoneHeader,
        body: CheckOffBody,
        response: { 200: RoutineResponse, ...errors },
      },
    },
    async (request) => {
      const clock = clockOf(request);
      if (request.body.day !== localDay(clock.now, clock.timeZone))
        throw badRequest(RoutineMessages.checkOffDay);
      await setCheckOff(app.db, request.user.id, request.body);
      return getRoutine(app.db, request.user.id, clock);
    },
  );
}

const routineRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The person's day: the zone the web app sends (as for the quiz), else the account's. */
  const clockOf = (request: FastifyRequest): Clock => ({
    now: app.config.now?.() ?? new Date(),
    timeZone: request.headers[TIME_ZONE_HEADER]
      ? resolveTimeZone(request.headers[TIME_ZONE_HEADER])
      : request.user.timezone,
  });

  app.get(
    '/',
    {
      schema: {
        ...common,
        summary:
          "The user's morning and evening routine (set up from the newest analysis if never set), its conflicts and consistency",
        headers: timeZoneHeader,
        response: { 200: RoutineResponse, 401: ApiError },
      },
    },
    async (request) => getRoutine(app.db, request.user.id, clockOf(request)),
  );

  safetyRoutes(app, clockOf);

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
        headers: timeZoneHeader,
        response: { 200: RoutineResponse, ...errors },
      },
    },
    async (request) => {
      const user = request.user;
      const analysis = notFoundUnless(
        await findAnalysisForRoutine(app.db, user.id, request.params.analysisId),
        RoutineMessages.analysisNotFound,
      );
      return replaceRoutineFromAnalysis(app.db, user.id, analysis, clockOf(request));
    },
  );
};

export default routineRoutes;

import {
  Analysis,
  AnalysisParams,
  HistoryQuery,
  HistoryResponse,
  TOTAL_COUNT_HEADER,
} from '@lumiskin/contract/analysis-api';
import { ApiError } from '@lumiskin/contract/errors';
import {
  ConsentBody,
  ConsentStatus,
  ScanErrorCode,
  ScanJob,
  ScanJobParams,
  ScanMessages,
} from '@lumiskin/contract/scan';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFoundUnless } from '../../http/errors';
import { consentVersionFor, defaultAnalysisConfig, outsideServices } from './config';
import {
  deleteOwnAnalysis,
  findConsent,
  findOwnAnalysis,
  listHistory,
  recordConsent,
  toAnalysis,
  withdrawConsent,
} from './repository';
import { readOwnScanJob } from './scan-queue';
import { scanRoutes } from './scan-routes';

/** Where a queued scan is (SCAN_MODE=queue), and the consent asked before the first scan. */
const jobAndConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- Queued scans (SCAN_MODE=queue) ----

  app.get(
    '/jobs/:id',
    {
      schema: {
        tags: ['analysis'],
        summary:
          'Where one of your queued scans is: queued, running, done (with analysis_id) or failed (with error)',
        security: [{ bearer: [] }],
        params: ScanJobParams,
        response: { 200: ScanJob, 401: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const job = notFoundUnless(
        await readOwnScanJob(
          app.db,
          app.jobs,
          user.id,
          request.params.id,
          app.config.now?.() ?? new Date(),
        ),
        'Scan not found',
      );
      return reply.header('cache-control', 'private, no-store').send(job);
    },
  );

  // ---- Consent ----

  // What the person agrees to names the outside services this server uses (none by default).
  const analysisConfig = app.config.analysis ?? defaultAnalysisConfig;
  const currentVersion = consentVersionFor(analysisConfig);
  const services = outsideServices(analysisConfig);
  const consentStatus = (row: Awaited<ReturnType<typeof findConsent>>): ConsentStatus => ({
    consented: row?.version === currentVersion,
    consented_at: row?.consentedAt.toISOString() ?? null,
    version: row?.version ?? null,
    current_version: currentVersion,
    outside_services: services,
  });

  app.get(
    '/consent',
    {
      schema: {
        tags: ['analysis'],
        summary: 'Whether the person agreed to photo processing, and when',
        security: [{ bearer: [] }],
        response: { 200: ConsentStatus, 401: ApiError },
      },
    },
    async (request) => consentStatus(await findConsent(app.db, request.user.id)),
  );

  app.post(
    '/consent',
    {
      schema: {
        tags: ['analysis'],
        summary: 'Record consent to photo processing (asked before the first scan)',
        security: [{ bearer: [] }],
        body: ConsentBody,
        response: { 200: ConsentStatus, 400: ApiError, 401: ApiError, 409: ApiError },
      },
    },
    async (request) => {
      const user = request.user;
      const { version = currentVersion } = request.body;
      // Agreeing to another text (an older one, before an outside service was set up) is not
      // agreeing to this one.
      if (version !== currentVersion) {
        throw conflict(ScanMessages.consentOutdated, ScanErrorCode.consentOutdated);
      }
      return consentStatus(await recordConsent(app.db, user.id, version));
    },
  );

  app.delete(
    '/consent',
    {
      schema: {
        tags: ['analysis'],
        summary:
          'Withdraw consent: no new scans until it is given again (existing scans stay until deleted)',
        security: [{ bearer: [] }],
        response: { 204: z.null(), 401: ApiError },
      },
    },
    async (request, reply) => {
      await withdrawConsent(app.db, request.user.id);
      return reply.code(204).send(null);
    },
  );
};

/** The person's own analyses: history, one, its private photo, deletion. */
const ownAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.photoStorage;

  // ---- History and single analyses ----

  app.get(
    '/history',
    {
      schema: {
        tags: ['analysis'],
        summary: "The person's scans, newest first (X-Total-Count has the number matching)",
        security: [{ bearer: [] }],
        querystring: HistoryQuery,
        response: { 200: HistoryResponse, 400: ApiError, 401: ApiError },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const { items, total } = await listHistory(app.db, user.id, request.query);
      return reply
        .header(TOTAL_COUNT_HEADER, String(total))
        .header('cache-control', 'private, no-store')
        .send(items);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['analysis'],
        summary: 'One of your analyses (someone else’s id answers 404)',
        security: [{ bearer: [] }],
        params: AnalysisParams,
        response: { 200: Analysis, 401: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const row = notFoundUnless(
        await findOwnAnalysis(app.db, user.id, request.params.id),
        'Analysis not found',
      );
      return reply.header('cache-control', 'private, no-store').send(toAnalysis(row));
    },
  );

  app.get(
    '/:id/photo',
    {
      schema: {
        tags: ['analysis'],
        summary: 'The photo of one of your analyses (JPEG, no metadata)',
        security: [{ bearer: [] }],
        params: AnalysisParams,
        response: { 200: z.any().describe('The JPEG bytes'), 401: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      const user = request.user;
      notFoundUnless(
        await findOwnAnalysis(app.db, user.id, request.params.id),
        'Analysis not found',
      );
      const photo = notFoundUnless(
        await storage.get({ userId: user.id, analysisId: request.params.id }),
        'Photo not found',
      );
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline; filename="scan.jpg"')
        .send(photo.data);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['analysis'],
        summary: 'Delete one of your analyses and its photo',
        security: [{ bearer: [] }],
        params: AnalysisParams,
        response: { 204: z.null(), 401: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const deleted = await deleteOwnAnalysis(app.db, user.id, request.params.id);
      if (!deleted) throw notFoundUnless(null, 'Analysis not found');
      // The photo goes now, not at the next sweep (it stays queued if the store is down).
      void app.photoSweeper.kick();
      return reply.code(204).send(null);
    },
  );
};

/**
 * /api/analysis: the skin scan (JSON or multipart), the consent asked before the first one, the
 * history, one analysis, its private photo, and deletion.
 */
const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(scanRoutes);
  await app.register(jobAndConsentRoutes);
  await app.register(ownAnalysisRoutes);
};

export default analysisRoutes;

import { DashboardStatsResponse } from '@lumiskin/contract/dashboard';
import { ApiError } from '@lumiskin/contract/errors';
import { TIME_ZONE_HEADER } from '@lumiskin/contract/quiz';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recentDailyTimeZone } from '../quiz/queries';
import { resolveTimeZone, ZONE_LOCK_MS } from '../quiz/rules';
import { dashboardStats } from './repository';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Total scans, average overall score, scans in the last 7 days, streak in days',
        security: [{ bearer: [] }],
        headers: z.object({ [TIME_ZONE_HEADER]: z.string().max(64).optional() }),
        response: { 200: DashboardStatsResponse, 401: ApiError },
      },
    },
    async (request) => {
      const user = request.user;
      const now = app.config.now?.() ?? new Date();
      // "Today" as the quiz reads it, so the streak here is the hub's: the zone of a recent daily,
      // else the one the app sends, else the account's.
      const sent = request.headers[TIME_ZONE_HEADER];
      const timezone =
        (await recentDailyTimeZone(app.db, user.id, new Date(now.getTime() - ZONE_LOCK_MS))) ??
        (sent ? resolveTimeZone(sent) : user.timezone);
      return { stats: await dashboardStats(app.db, { userId: user.id, timezone, now }) };
    },
  );
};

export default dashboardRoutes;

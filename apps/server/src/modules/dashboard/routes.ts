import { DashboardStatsResponse } from '@lumiskin/contract/dashboard';
import { ApiError } from '@lumiskin/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStats } from './repository';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Total scans, average overall score, scans in the last 7 days, streak in days',
        security: [{ bearer: [] }],
        response: { 200: DashboardStatsResponse, 401: ApiError },
      },
    },
    async (request) => {
      const user = request.user;
      const now = app.config.now?.() ?? new Date();
      return {
        stats: await dashboardStats(app.db, { userId: user.id, timezone: user.timezone, now }),
      };
    },
  );
};

export default dashboardRoutes;

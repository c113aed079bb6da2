import { DashboardStatsResponse } from '@lumiskin/contract/dashboard';
import { ApiError } from '@lumiskin/contract/errors';
import { TIME_ZONE_HEADER } from '@lumiskin/contract/quiz';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_CHANGED } from '../../http/auth';
import { SMALL_ANSWER } from '../../http/cached-body';
import { SESSION_CACHE_TTL_MS, sessionCache } from '../../lib/session-cache';
import { recentDailyTimeZone } from '../quiz/queries';
import { resolveTimeZone, ZONE_LOCK_MS } from '../quiz/rules';
import { dashboardFigures, statsAt, type DashboardFigures } from './repository';

/** People whose figures are kept per process. */
const FIGURES_KEPT = 10_000;

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each person's figures, kept until their data changes (a scan saved or deleted, anything they
  // write, on any instance: USER_CHANGED) and for as long as a session at most (decision 088).
  const kept = sessionCache<DashboardFigures>({
    ttlMs: app.redis ? SESSION_CACHE_TTL_MS.shared : SESSION_CACHE_TTL_MS.alone,
    maxEntries: FIGURES_KEPT,
  });
  app.broadcast.subscribe(USER_CHANGED, (userId) => kept.forget(userId === '*' ? null : userId));

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
      ...SMALL_ANSWER,
    },
    async (request) => {
      const user = request.user;
      const now = app.config.now?.() ?? new Date();
      const sent = request.headers[TIME_ZONE_HEADER];
      // Kept figures carry the zone they were read in; a quiz play (a write) drops them.
      const key = `${user.id} ${sent ?? ''} ${user.timezone}`;
      const isLive = app.broadcast.isLive();
      const figures = isLive ? kept.get(key, Date.now()) : undefined;
      const stats = figures && statsAt(figures, now);
      if (stats) return { stats };
      // "Today" as the quiz reads it, so the streak here is the hub's: the zone of a recent daily,
      // else the one the app sends, else the account's.
      const read = async (generation: number) => {
        const timezone =
          (await recentDailyTimeZone(app.db, user.id, new Date(now.getTime() - ZONE_LOCK_MS))) ??
          (sent ? resolveTimeZone(sent) : user.timezone);
        const fresh = await dashboardFigures(app.db, { userId: user.id, timezone, now });
        if (isLive) kept.set(key, user.id, fresh, Infinity, generation);
        return fresh;
      };
      if (!isLive) return { stats: statsAt(await read(kept.generation()), now)! };
      // One read per person at a time: the requests that miss together share it. A request whose
      // moment the shared figures do not cover (a scan dated in between) reads its own.
      const shared = await kept.loadOnce(key, read);
      const fresh = statsAt(shared, now) ?? statsAt(await read(kept.generation()), now)!;
      return { stats: fresh };
    },
  );
};

export default dashboardRoutes;

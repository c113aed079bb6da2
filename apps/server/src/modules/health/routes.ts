import { HealthResponse } from '@lumiskin/contract/health';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/availability';
import { healthProbe } from './schema';

const DB_TIMEOUT_MS = 2000;

/**
 * GET /api/health, for load balancers: registered outside the API rate limit. The database is
 * "up" only if it takes a write (a full disk or a read-only server answers reads but not this).
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the server and its database answer and take writes',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (request, reply) => {
      let database: HealthResponse['database'] = 'up';
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          // The write needs WAL space like any other (a full disk fails it) but does not wait
          // for the flush: a load balancer polling every second must not cost an fsync each.
          app.db.transaction(async (tx) => {
            await tx.execute(sql`set local synchronous_commit = off`);
            await tx
              .insert(healthProbe)
              .values({ id: 1, checkedAt: sql`now()` })
              .onConflictDoUpdate({ target: healthProbe.id, set: { checkedAt: sql`now()` } });
          }),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timeout')), DB_TIMEOUT_MS);
          }),
        ]);
        app.databaseAvailability.markUp();
      } catch (error) {
        database = 'down';
        if (isDatabaseUnavailable(error)) app.databaseAvailability.markDown(error);
        else request.log.warn({ err: error }, 'health: the database does not take writes');
      } finally {
        clearTimeout(timer);
      }
      const body: HealthResponse = {
        status: database === 'up' ? 'ok' : 'degraded',
        database,
        version: app.config.version,
        uptime_s: Math.round(process.uptime()),
      };
      if (database === 'down') void reply.header('retry-after', '5');
      return reply.code(database === 'up' ? 200 : 503).send(body);
    },
  );
};

export default healthRoutes;

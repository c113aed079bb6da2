import { HealthResponse, ReadyResponse } from '@lumiskin/contract/health';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/availability';
import type { Db } from '../../db/client';
import { healthProbe } from './schema';

const DB_TIMEOUT_MS = 2000;

/**
 * Whether the database takes a write (a full disk or a read-only server answers reads but not
 * this). The write needs WAL space like any other but does not wait for the flush: a load
 * balancer polling every second must not cost an fsync each.
 */
function probeDatabaseWrite(db: Db): Promise<unknown> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx
      .insert(healthProbe)
      .values({ id: 1, checkedAt: sql`now()` })
      .onConflictDoUpdate({ target: healthProbe.id, set: { checkedAt: sql`now()` } });
  });
}

/** Neither health route meets the load shedding of plugins/under-pressure.ts: they must answer. */
const answerUnderPressure = { pressureHandler: () => undefined };

/**
 * GET /api/health (alive) and /api/health/ready (may get traffic), for load balancers and
 * orchestrators: registered outside the API rate limit. Alive means the process answers and the
 * database takes a write; ready also needs every dependency a plugin registered (Redis, storage).
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.readiness.add('database', () => probeDatabaseWrite(app.db));

  app.get(
    '/ready',
    {
      config: answerUnderPressure,
      schema: {
        tags: ['health'],
        summary: 'Whether this instance should get traffic: the database and every dependency',
        response: { 200: ReadyResponse, 503: ReadyResponse },
      },
    },
    async (_request, reply) => {
      const { isReady, checks } = await app.readiness.run();
      if (!isReady) void reply.header('retry-after', '5');
      return reply
        .code(isReady ? 200 : 503)
        .send({ status: isReady ? 'ready' : 'not_ready', checks });
    },
  );

  app.get(
    '/',
    {
      config: answerUnderPressure,
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
          probeDatabaseWrite(app.db),
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

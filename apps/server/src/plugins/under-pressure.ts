import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UnderPressureConfig } from '../config';
import { DATABASE_RETRY_AFTER_S, HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/under-pressure's per-route handler; returning nothing serves the route anyway. */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply) => void;
  }
}

/** The database check's own limit: a pool so busy that `select 1` waits this long is saturated. */
const DB_CHECK_TIMEOUT_MS = 2_000;
/** At most one "shedding load" line per this long (a flood of 503s must not flood the log). */
const LOG_EVERY_MS = 10_000;

/**
 * Load shedding (@fastify/under-pressure, as fastify/demo's `plugins/external/under-pressure.ts`):
 * past the event-loop delay, heap or RSS threshold, or while the database does not answer
 * `select 1` within 2 s, every request gets 503 with Retry-After and our `{detail, code}` before
 * it costs anything, instead of queueing until the process drowns. The health routes opt out (they
 * must answer); /api/health/ready reports the pressure as its `load` check.
 */
async function underPressurePlugin(app: FastifyInstance, config: UnderPressureConfig) {
  let lastLogged = 0;
  const hasDbCheck = config.dbCheckIntervalMs > 0;

  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxHeapUsedBytes: config.maxHeapUsedBytes,
    maxRssBytes: config.maxRssBytes,
    ...(config.sampleIntervalMs && { sampleInterval: config.sampleIntervalMs }),
    ...(hasDbCheck && {
      healthCheckInterval: config.dbCheckIntervalMs,
      healthCheck: async () => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            app.sql`select 1`,
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error('timeout')), DB_CHECK_TIMEOUT_MS);
            }),
          ]);
          return true;
        } catch {
          return false;
        } finally {
          clearTimeout(timer);
        }
      },
    }),
    pressureHandler: async (request, reply, type, value) => {
      const isDatabase = type === fastifyUnderPressure.TYPE_HEALTH_CHECK;
      if (Date.now() - lastLogged > LOG_EVERY_MS) {
        lastLogged = Date.now();
        request.log.warn({ type, value }, 'under pressure: answering 503');
      }
      void reply.header(
        'retry-after',
        String(isDatabase ? DATABASE_RETRY_AFTER_S : config.retryAfterS),
      );
      // Thrown (a rejected promise): the one error handler sends it, as for any HttpError.
      throw isDatabase
        ? new HttpError(
            503,
            'database_unavailable',
            'The service is briefly unavailable. Please try again in a few seconds.',
          )
        : new HttpError(
            503,
            'overloaded',
            'The server is very busy. Please try again in a few seconds.',
          );
    },
  });

  app.readiness.add('load', async () => {
    if (app.isUnderPressure()) throw new Error('under pressure');
  });
}

export default fp(underPressurePlugin, {
  name: 'under-pressure',
  dependencies: ['db', 'readiness', 'errors'],
});

import { HealthResponse } from '@lumiskin/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const DB_TIMEOUT_MS = 2000;

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the server and its database answer',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (request, reply) => {
      let database: HealthResponse['database'] = 'up';
      try {
        await Promise.race([
          app.sql`select 1`,
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('timeout')), DB_TIMEOUT_MS).unref(),
          ),
        ]);
      } catch (error) {
        request.log.warn({ err: error }, 'health: database does not answer');
        database = 'down';
      }
      const body: HealthResponse = {
        status: database === 'up' ? 'ok' : 'degraded',
        database,
        version: app.config.version,
        uptime_s: Math.round(process.uptime()),
      };
      return reply.code(database === 'up' ? 200 : 503).send(body);
    },
  );
};

export default healthRoutes;

import { ApiError } from '@lumiskin/contract/errors';
import { SiteSettings } from '@lumiskin/contract/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/settings: the banner and the switches every visitor's app reads. */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['settings'],
        summary: 'The site settings the app shows to everyone (announcement, sign-ups, scans)',
        response: { 200: SiteSettings, 429: ApiError },
      },
    },
    async (_request, reply) => {
      // Revalidated, not kept: a banner an admin takes down should go with the next page load.
      reply.header('cache-control', 'no-cache');
      return app.settings.get();
    },
  );
};

export default settingsRoutes;

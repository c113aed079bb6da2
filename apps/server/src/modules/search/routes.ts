import { ApiError } from '@lumiskin/contract/errors';
import { SearchQuery, SearchResponse } from '@lumiskin/contract/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchEverything } from './repository';

/** The navigation's search box (docs/product-rules.md#navigation): public content only, so visitors can use it too. */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['search'],
        summary: 'Search products, articles and quiz categories at once (a few of each)',
        querystring: SearchQuery,
        response: { 200: SearchResponse, 400: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return searchEverything(app.db, request.query.q);
    },
  );
};

export default searchRoutes;

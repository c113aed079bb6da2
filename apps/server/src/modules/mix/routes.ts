import { ApiError } from '@lumiskin/contract/errors';
import { MixMessages } from '@lumiskin/contract/mix';
import { MergeMixBody, MixResponse, PutMixBody } from '@lumiskin/contract/shop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../http/errors';
import { checkMixItems, getMix, mergeMix, replaceMix } from './repository';

const errors = { 400: ApiError, 401: ApiError };
const security = [{ bearer: [] }];

/** The signed-in user's mix (docs/product-rules.md#mix): one base, up to two boosters, with quantities. */
const mixRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['mix'],
        summary: "The signed-in user's mix",
        security,
        response: { 200: MixResponse, ...errors },
      },
    },
    async (request) => getMix(app.db, request.user.id),
  );

  app.put(
    '/',
    {
      schema: {
        tags: ['mix'],
        summary: 'Replace the mix; refused when it breaks the rule or names unknown products',
        security,
        body: PutMixBody,
        response: { 200: MixResponse, ...errors },
      },
    },
    async (request) => {
      const user = request.user;
      const checked = await checkMixItems(app.db, request.body.items);
      if (!Array.isArray(checked)) {
        if (checked.kind === 'unknown')
          throw badRequest(MixMessages.unknownProduct, 'unknown_product');
        throw badRequest(checked.refusal.message, checked.refusal.code);
      }
      return replaceMix(app.db, user.id, checked);
    },
  );

  app.post(
    '/merge',
    {
      schema: {
        tags: ['mix'],
        summary:
          "Add a visitor's mix (kept in the browser) to the account's, as far as the rule allows",
        security,
        body: MergeMixBody,
        response: { 200: MixResponse, ...errors },
      },
    },
    async (request) => mergeMix(app.db, request.user.id, request.body.items),
  );
};

export default mixRoutes;

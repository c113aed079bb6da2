import { ApiError } from '@lumiskin/contract/errors';
import { ShopMessages } from '@lumiskin/contract/messages';
import {
  FavoritesResponse,
  MergeFavoritesBody,
  ProductListQuery,
  ProductListResponse,
  ProductParams,
  ShopProduct,
} from '@lumiskin/contract/shop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerFromMemory,
  answerKept,
  ANSWERED_FROM_MEMORY,
  serialize,
  type KeptRead,
} from '../../http/cached-body';
import { notFoundUnless } from '../../http/errors';
import { timed } from '../../http/handler-timeout';
import {
  addFavorites,
  findProduct,
  listCategories,
  listFavoriteIds,
  listProducts,
  removeFavorite,
} from './repository';

const security = [{ bearer: [] }];
/** The catalogue: the same for everyone until staff change it (decisions 086 and 103). */
const CATALOGUE: KeptRead = { name: 'shop/products', cacheControl: 'public, max-age=60' };

const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['shop'],
        summary: 'The catalogue: full-text search, category, type, featured, sort',
        querystring: ProductListQuery,
        response: { 200: ProductListResponse, 400: ApiError },
      },
      // A query answered before is sent from memory before validation and the handler; no
      // compression hooks, no handler timeout (decisions 144, 148).
      onRequest: answerKept(CATALOGUE),
      ...ANSWERED_FROM_MEMORY,
    },
    // The handler runs for a miss: the app's handler timeout, armed here (decision 148).
    async (request, reply) =>
      timed(request, reply, app.config.requestTimeoutMs, () =>
        answerFromMemory(CATALOGUE, request, reply, async () => {
          const [products, categories] = await Promise.all([
            listProducts(app.db, request.query),
            listCategories(app.db),
          ]);
          return serialize(ProductListResponse, { products, total: products.length, categories });
        }),
      ),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['shop'],
        summary: 'One product',
        params: ProductParams,
        response: { 200: ShopProduct, 400: ApiError, 404: ApiError },
      },
    },
    async (request) =>
      notFoundUnless(await findProduct(app.db, request.params.id), ShopMessages.unknownProduct),
  );

  const favoriteSchema = {
    tags: ['shop'],
    security,
    response: { 200: FavoritesResponse, 400: ApiError, 401: ApiError, 404: ApiError },
  };

  app.get(
    '/favorites',
    {
      schema: { ...favoriteSchema, summary: "The signed-in user's favourite products" },
    },
    async (request) => {
      const user = request.user;
      return { product_ids: await listFavoriteIds(app.db, user.id) };
    },
  );

  app.put(
    '/favorites/:id',
    {
      schema: {
        ...favoriteSchema,
        summary: 'Add a product to favourites (idempotent)',
        params: ProductParams,
      },
    },
    async (request) => {
      const user = request.user;
      notFoundUnless(await findProduct(app.db, request.params.id), ShopMessages.unknownProduct);
      await addFavorites(app.db, user.id, [request.params.id]);
      return { product_ids: await listFavoriteIds(app.db, user.id) };
    },
  );

  app.delete(
    '/favorites/:id',
    {
      schema: {
        ...favoriteSchema,
        summary: 'Remove a product from favourites',
        params: ProductParams,
      },
    },
    async (request) => {
      const user = request.user;
      await removeFavorite(app.db, user.id, request.params.id);
      return { product_ids: await listFavoriteIds(app.db, user.id) };
    },
  );

  app.post(
    '/favorites/merge',
    {
      schema: {
        ...favoriteSchema,
        summary: "Add a visitor's locally kept favourites to the account (unknown ids are ignored)",
        body: MergeFavoritesBody,
      },
    },
    async (request) => {
      const user = request.user;
      await addFavorites(app.db, user.id, request.body.product_ids);
      return { product_ids: await listFavoriteIds(app.db, user.id) };
    },
  );
};

export default shopRoutes;

import {
  BlogPost,
  LikeResponse,
  PostListQuery,
  PostListResponse,
  PostParams,
  SaveResponse,
} from '@lumiskin/contract/blog';
import { ApiError } from '@lumiskin/contract/errors';
import { BlogMessages } from '@lumiskin/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth';
import {
  answerFromMemory,
  answerKept,
  ANSWERED_FROM_MEMORY,
  sendOwn,
  serialize,
  type KeptRead,
} from '../../http/cached-body';
import { notFoundUnless, unauthorized } from '../../http/errors';
import { timed } from '../../http/handler-timeout';
import {
  findPost,
  likePost,
  listPostCategories,
  listPosts,
  resolvePostId,
  savePost,
  unlikePost,
  unsavePost,
} from './repository';
import { dailySalt, readerKey, recordView, utcDay, visitorKey } from './views';

const security = [{ bearer: [] }];
/**
 * A visitor's article list is everyone's: from memory until staff change an article, and at most
 * 10 s old for what changes without staff (views, a scheduled post; decisions 086 and 103).
 * Likes and views change and the flags are per user: never from a shared cache.
 */
const VISITOR_LIST: KeptRead = {
  name: 'blog/posts',
  cacheControl: 'private, no-cache',
  maxAgeMs: 10_000,
  visitorsOnly: true,
};
/** The key prefix of visitors' article lists in the public content cache. */
const VISITOR_LISTS = `${VISITOR_LIST.name} `;

/** Learn & Glow (docs/product-rules.md#learn): public reading; likes and the reading list per user. */
const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  const postId = async (ref: string) =>
    notFoundUnless(await resolvePostId(app.db, ref), BlogMessages.notFound);

  app.get(
    '/posts',
    {
      schema: {
        tags: ['blog'],
        summary: 'Articles: full-text search, category, featured; saved=true for the reading list',
        querystring: PostListQuery,
        response: { 200: PostListResponse, 400: ApiError, 401: ApiError },
      },
      // A visitor's query answered before is sent from memory before validation and the handler.
      onRequest: answerKept(VISITOR_LIST),
      // Every 200 goes out through sendCached (a visitor's) or sendOwn (a reader's): compressed
      // here, so no @fastify/compress hooks on the route; no handler timeout from Fastify for a
      // kept answer (decision 148).
      ...ANSWERED_FROM_MEMORY,
    },
    // The handler runs for a miss or a reader: the app's handler timeout, armed here.
    async (request, reply) =>
      timed(request, reply, app.config.requestTimeoutMs, async () => {
        const auth = await currentUser(request);
        const { q, category, featured, saved } = request.query;
        if (saved && !auth) throw unauthorized();
        const list = async (userId: string | null) => {
          const [posts, categories] = await Promise.all([
            listPosts(app.db, { q, category, featured, savedOnly: saved }, userId),
            listPostCategories(app.db),
          ]);
          return { posts, total: posts.length, categories };
        };
        if (auth) {
          // Their own flags and the newest counts: written by the route's serializer, kept nowhere.
          reply.header('cache-control', VISITOR_LIST.cacheControl);
          return sendOwn(request, reply, reply.serialize(await list(auth.user.id)));
        }
        return answerFromMemory(VISITOR_LIST, request, reply, async () =>
          serialize(PostListResponse, await list(null)),
        );
      }),
  );

  app.get(
    '/posts/:id',
    {
      schema: {
        tags: ['blog'],
        summary: 'One article by id or slug, with sanitised HTML (counts nothing: see POST …/view)',
        params: PostParams,
        response: { 200: BlogPost, 400: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      const auth = await currentUser(request);
      const id = await postId(request.params.id);
      const post = notFoundUnless(
        await findPost(app.db, id, auth?.user.id ?? null, app.markdown.render),
        BlogMessages.notFound,
      );
      // A visitor's copy is the same for everyone, so caches may keep it a minute; a reader's
      // carries their like and save (the auth plugin makes it private, no-store).
      reply.header('cache-control', 'public, max-age=60').header('vary', 'Authorization');
      return post;
    },
  );

  const saltFor = dailySalt(app.db);
  app.post(
    '/posts/:id/view',
    {
      schema: {
        tags: ['blog'],
        summary:
          'Count a view (the article page sends it once the article was on screen a moment): ' +
          'once per signed-in reader, once per IP and day for visitors',
        params: PostParams,
        response: { 204: z.null(), 400: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      const auth = await currentUser(request);
      const id = await postId(request.params.id);
      const day = utcDay(app.config.now?.() ?? new Date());
      const key = auth ? readerKey(auth.user.id) : visitorKey(await saltFor(day), day, request.ip);
      await recordView(app.db, id, key, day);
      return reply.code(204).send(null);
    },
  );

  const actionSchema = (summary: string, response: typeof LikeResponse | typeof SaveResponse) => ({
    tags: ['blog'],
    summary,
    security,
    params: PostParams,
    response: { 200: response, 400: ApiError, 401: ApiError, 404: ApiError },
  });

  app.post(
    '/posts/:id/like',
    { schema: actionSchema('Like an article (idempotent)', LikeResponse) },
    async (request) => {
      const user = request.user;
      const likes = await likePost(app.db, await postId(request.params.id), user.id);
      // Likes are rare and deliberate: every visitor's list shows the new count at once.
      await app.publicContent.invalidate(VISITOR_LISTS);
      return { liked: true, likes };
    },
  );

  app.delete(
    '/posts/:id/like',
    { schema: actionSchema('Take back a like', LikeResponse) },
    async (request) => {
      const user = request.user;
      const likes = await unlikePost(app.db, await postId(request.params.id), user.id);
      await app.publicContent.invalidate(VISITOR_LISTS);
      return { liked: false, likes };
    },
  );

  app.post(
    '/posts/:id/save',
    {
      schema: actionSchema('Add an article to the reading list', SaveResponse),
    },
    async (request) => {
      const user = request.user;
      await savePost(app.db, await postId(request.params.id), user.id);
      return { saved: true };
    },
  );

  app.delete(
    '/posts/:id/save',
    {
      schema: actionSchema('Remove an article from the reading list', SaveResponse),
    },
    async (request) => {
      const user = request.user;
      await unsavePost(app.db, await postId(request.params.id), user.id);
      return { saved: false };
    },
  );
};

export default blogRoutes;

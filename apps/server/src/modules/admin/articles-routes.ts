import {
  AdminArticle,
  AdminArticleList,
  AdminMessages,
  ArticleBody,
  ArticleParams,
  PreviewBody,
  PreviewResponse,
} from '@lumiskin/contract/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFoundUnless } from '../../http/errors';
import type { BlogPostRow } from '../blog/schema';
import {
  articleIdBySlug,
  articleSnapshot,
  articleValues,
  deleteArticle,
  findArticle,
  listArticles,
  toAdminArticle,
  writeArticle,
} from './articles-repository';
import { audit } from './audit-repository';
import { actorOf, contentChanged, errors, staff } from './staff';

/** /api/admin/articles: drafts, scheduled and published articles (moderators and admins). */
const articlesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/articles',
    {
      schema: {
        ...staff,
        summary: 'Every article: drafts, scheduled and published',
        response: { 200: AdminArticleList, ...errors },
      },
    },
    async () => ({ articles: await listArticles(app.db) }),
  );

  app.post(
    '/articles/preview',
    {
      schema: {
        ...staff,
        summary: 'Markdown rendered by the public page’s own sanitiser',
        body: PreviewBody,
        response: { 200: PreviewResponse, ...errors },
      },
    },
    // Through the same caches: previewing the text about to be published warms them for readers.
    async (request) => ({ html: await app.markdown.render(request.body.content) }),
  );

  async function saveArticle(
    request: FastifyRequest,
    body: z.infer<typeof ArticleBody>,
    existing: BlogPostRow | null,
  ): Promise<AdminArticle> {
    const actor = actorOf(request);
    const values = articleValues(body, existing);
    const row = await app.db.transaction(async (tx) => {
      const clash = await articleIdBySlug(tx, values.slug);
      if (clash && clash !== existing?.id) throw conflict(AdminMessages.slugTaken);
      const saved = await writeArticle(tx, existing?.id ?? null, values);
      if (!saved) throw conflict(AdminMessages.slugTaken);
      await audit(tx, actor, {
        action: existing ? 'article.update' : 'article.create',
        entity: 'article',
        entityId: saved.id,
        before: existing ? articleSnapshot(existing) : null,
        after: articleSnapshot(saved),
      });
      return saved;
    });
    await contentChanged(app);
    return toAdminArticle(row);
  }

  app.post(
    '/articles',
    {
      schema: {
        ...staff,
        summary: 'Create an article (draft, published now, or scheduled with a future date)',
        body: ArticleBody,
        response: { 201: AdminArticle, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await saveArticle(request, request.body, null)),
  );

  app.put(
    '/articles/:id',
    {
      schema: {
        ...staff,
        summary: 'Replace an article',
        params: ArticleParams,
        body: ArticleBody,
        response: { 200: AdminArticle, ...errors },
      },
    },
    async (request) => {
      const existing = notFoundUnless(
        await findArticle(app.db, request.params.id),
        'No such article',
      );
      return saveArticle(request, request.body, existing);
    },
  );

  app.delete(
    '/articles/:id',
    {
      schema: {
        ...staff,
        summary: 'Delete an article',
        params: ArticleParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const existing = notFoundUnless(
        await findArticle(app.db, request.params.id),
        'No such article',
      );
      await app.db.transaction(async (tx) => {
        await deleteArticle(tx, existing.id);
        await audit(tx, actor, {
          action: 'article.delete',
          entity: 'article',
          entityId: existing.id,
          before: articleSnapshot(existing),
          after: null,
        });
      });
      await contentChanged(app);
      return reply.code(204).send(null);
    },
  );
};

export default articlesRoutes;

import {
  AdminArticle,
  AdminArticleList,
  AdminErrorCode,
  AdminMessages,
  AdminOverview,
  AdminProduct,
  AdminProductList,
  AdminProductParams,
  AdminUserDetail,
  AdminUserList,
  AdminUserListQuery,
  ArticleBody,
  ArticleParams,
  AuditList,
  AuditQuery,
  ChangeRoleBody,
  CreateProductBody,
  OverviewQuery,
  PreviewBody,
  PreviewResponse,
  ProductCopyBody,
  ProductFeaturedBody,
  ProductFormulationBody,
  formulationIssues,
  ProductPriceBody,
  ProductVisibilityBody,
  UserIdParams,
} from '@lumiskin/contract/admin';
import { MessageResponse } from '@lumiskin/contract/account';
import { BASE_IDS } from '@lumiskin/contract/analysis';
import { ApiError, ErrorCode } from '@lumiskin/contract/errors';
import { and, eq, notExists } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { requireRole } from '../../http/auth';
import { badRequest, conflict, forbidden, HttpError, notFoundUnless } from '../../http/errors';
import { sniffImageType } from '../analysis/image';
import { findUserById } from '../auth/repository';
import { users, type UserRow } from '../auth/schema';
import { blogPosts, type BlogPostRow } from '../blog/schema';
import { products } from '../shop/schema';
import { prepareResetLink } from '../users/password-reset-routes';
import { deleteAccount } from '../users/repository';
import {
  audit,
  type Actor,
  articleSnapshot,
  countActiveAdmins,
  type Executor,
  exportAudit,
  findAdminProduct,
  findArticle,
  isActiveAdmin,
  listAdminProducts,
  listArticles,
  listAudit,
  listUsers,
  lockAdminSeats,
  overview,
  setSuspended,
  toAdminArticle,
  toAdminProduct,
  userDetail,
  userSnapshot,
} from './repository';
import quizBankRoutes from './quiz-bank-routes';
import settingsRoutes from './settings-routes';
import { productImages } from './schema';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError };
const staff = { tags: ['admin'], security: [{ bearer: [] }] };
/** Routes only an admin may call (users, roles, prices, visibility, audit); the rest: moderator. */
const adminOnly = { onRequest: requireRole('admin') };

const AUDIT_CSV_MAX_ROWS = 10_000;
const isFormulation = (type: string) => type === 'base' || type === 'booster';
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_MAX_SIDE = 1200;

function actorOf(request: FastifyRequest): Actor {
  const user = request.user;
  return { id: user.id, name: user.name, role: user.role };
}

/** One CSV cell: quoted, quotes doubled, and a leading =+-@ defused (spreadsheet formulas). */
function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const PRODUCT_IMAGE_PATH = '/api/shop/images/';

/** The id of an image uploaded here, from a product's `image`; null for a built-in picture. */
function uploadedImageId(image: string): string | null {
  if (!image.startsWith(PRODUCT_IMAGE_PATH)) return null;
  const id = image.slice(PRODUCT_IMAGE_PATH.length);
  return z.uuid().safeParse(id).success ? id : null;
}

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Deletes an uploaded image unless some product still shows it. */
  async function deleteUnusedImage(id: string): Promise<void> {
    await app.db.delete(productImages).where(
      and(
        eq(productImages.id, id),
        notExists(
          app.db
            .select({ id: products.id })
            .from(products)
            .where(eq(products.image, `${PRODUCT_IMAGE_PATH}${id}`)),
        ),
      ),
    );
  }

  // Every route here needs a moderator at least (each declares bearer security, so the API has
  // authenticated it already); checked before the body is even read, so a signed-out caller gets
  // 401 and a user 403 whatever they send.
  app.addHook('onRequest', requireRole('moderator'));
  await app.register(quizBankRoutes);
  await app.register(settingsRoutes);

  /**
   * After the catalogue or articles changed: the routine's cache and the rendered pages, on every
   * instance when they share Redis (awaited, so the next request anywhere sees the change).
   */
  const contentChanged = () => Promise.all([app.catalogue.invalidate(), app.pages.invalidate()]);

  // ---- Overview ----

  app.get(
    '/overview',
    {
      schema: {
        ...staff,
        summary: 'Counts per day and top articles (aggregates only)',
        querystring: OverviewQuery,
        response: { 200: AdminOverview, ...errors },
      },
    },
    async (request) => overview(app.db, request.query.days),
  );

  // ---- Users (moderators read, admins write) ----

  app.get(
    '/users',
    {
      schema: {
        ...staff,
        summary: 'Search, filter and page through accounts (counts and dates only)',
        querystring: AdminUserListQuery,
        response: { 200: AdminUserList, ...errors },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      return { ...(await listUsers(app.db, request.query)), page, page_size };
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        ...staff,
        summary: 'One account: sign-up, last active, scan count, quiz points',
        params: UserIdParams,
        response: { 200: AdminUserDetail, ...errors },
      },
    },
    async (request) => {
      const row = notFoundUnless(await findUserById(app.db, request.params.id), 'No such user');
      return userDetail(app.db, row);
    },
  );

  /**
   * One admin write on an account, in one transaction with its audit entry (`change` writes
   * both). The admin-seats lock is taken first and the caller and target are read again under
   * it, so two admins demoting, suspending or deleting each other at once run one after the
   * other and the second sees what the first did: never zero active admins (decision 032).
   * Refuses the caller's own account unless `selfAllowed` (an admin may step down while another
   * admin remains), and any change that would remove the last active admin.
   */
  async function userWrite<T>(
    request: FastifyRequest,
    id: string,
    options: { removesAdmin: (target: UserRow) => boolean; selfAllowed?: boolean },
    change: (tx: Executor, target: UserRow, actor: Actor) => Promise<T>,
  ): Promise<T> {
    const actor = actorOf(request);
    return app.db.transaction(async (tx) => {
      await lockAdminSeats(tx);
      const me = await findUserById(tx, actor.id);
      // Demoted or suspended by another admin while this request waited for the lock.
      if (!me || !isActiveAdmin(me)) throw forbidden(AdminMessages.notAnAdmin);
      const row = notFoundUnless(await findUserById(tx, id), 'No such user');
      if (row.id === actor.id && !options.selfAllowed) {
        throw new HttpError(409, AdminErrorCode.notYourself, AdminMessages.notYourself);
      }
      if (isActiveAdmin(row) && options.removesAdmin(row) && (await countActiveAdmins(tx)) <= 1) {
        throw new HttpError(409, AdminErrorCode.lastAdmin, AdminMessages.lastAdmin);
      }
      return change(tx, row, actor);
    });
  }

  app.put(
    '/users/:id/role',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary:
          'Change the role (admin only; the last active admin cannot be demoted; a staff role needs a confirmed email, 409 email_not_confirmed)',
        params: UserIdParams,
        body: ChangeRoleBody,
        response: { 200: AdminUserDetail, ...errors },
      },
    },
    async (request) => {
      const { role } = request.body;
      const updated = await userWrite(
        request,
        request.params.id,
        { removesAdmin: () => role !== 'admin', selfAllowed: true },
        async (tx, row, actor) => {
          // A staff role only for an address its owner proved (decision 070): anyone can sign up
          // with anyone's address.
          if (role !== 'user' && role !== row.role && !row.emailConfirmedAt) {
            throw new HttpError(
              409,
              AdminErrorCode.emailNotConfirmed,
              AdminMessages.emailNotConfirmed,
            );
          }
          const [next] = await tx
            .update(users)
            .set({ role })
            .where(eq(users.id, row.id))
            .returning();
          await audit(tx, actor, {
            action: 'user.role',
            entity: 'user',
            entityId: row.id,
            before: userSnapshot(row),
            after: userSnapshot(next!),
          });
          return next!;
        },
      );
      return userDetail(app.db, updated);
    },
  );

  for (const suspend of [true, false]) {
    app.post(
      suspend ? '/users/:id/suspend' : '/users/:id/unsuspend',
      {
        ...adminOnly,
        schema: {
          ...staff,
          summary: suspend
            ? 'Suspend: revoke every session and refuse sign-in (admin only)'
            : 'Lift a suspension (admin only)',
          params: UserIdParams,
          response: { 200: AdminUserDetail, ...errors },
        },
      },
      async (request) => {
        const updated = await userWrite(
          request,
          request.params.id,
          { removesAdmin: () => suspend },
          async (tx, row, actor) => {
            const next = await setSuspended(tx, row.id, suspend);
            await audit(tx, actor, {
              action: suspend ? 'user.suspend' : 'user.unsuspend',
              entity: 'user',
              entityId: row.id,
              before: userSnapshot(row),
              after: userSnapshot(next),
            });
            return next;
          },
        );
        request.log.info({ userId: updated.id, suspend }, 'suspension changed');
        return userDetail(app.db, updated);
      },
    );
  }

  app.post(
    '/users/:id/reset-link',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary: 'Email the user a single-use password reset link (admin only)',
        params: UserIdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      // The token and its audit entry commit together; the mail goes once they did.
      const mail = await app.db.transaction(async (tx) => {
        const row = notFoundUnless(await findUserById(tx, request.params.id), 'No such user');
        const message = await prepareResetLink(app, row, tx);
        await audit(tx, actor, {
          action: 'user.reset_link',
          entity: 'user',
          entityId: row.id,
          before: null,
          after: null,
        });
        return message;
      });
      await app.mailer.send(mail);
      return { message: 'A password reset link was sent' };
    },
  );

  app.delete(
    '/users/:id',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary: "Delete the account completely, as the user's own deletion does (admin only)",
        params: UserIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const id = await userWrite(
        request,
        request.params.id,
        { removesAdmin: () => true },
        async (tx, row, actor) => {
          await deleteAccount(tx, row.id);
          await audit(tx, actor, {
            action: 'user.delete',
            entity: 'user',
            entityId: row.id,
            before: userSnapshot(row),
            after: null,
          });
          return row.id;
        },
      );
      void app.photoSweeper.kick();
      request.log.info({ userId: id }, 'account deleted by an admin');
      return reply.code(204).send(null);
    },
  );

  // ---- Products ----

  app.get(
    '/products',
    {
      schema: {
        ...staff,
        summary: 'The whole catalogue, hidden products included',
        response: { 200: AdminProductList, ...errors },
      },
    },
    async () => ({ products: await listAdminProducts(app.db) }),
  );

  app.post(
    '/products',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary: 'Create a product (admin only: it sets a price)',
        body: CreateProductBody,
        response: { 201: AdminProduct, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body;
      const row = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(products)
          .values({
            id: body.id,
            name: body.name,
            shortDescription: body.short_description,
            description: body.description,
            keyIngredients: body.key_ingredients,
            category: body.category,
            type: body.type,
            timeOfUse: body.time_of_use,
            howToUse: body.how_to_use,
            suitableFor: body.suitable_for,
            size: body.size,
            featured: body.featured,
            hidden: body.hidden,
            // What the recommender reads; the schema required them for a base or booster.
            ...(isFormulation(body.type)
              ? {
                  formulationCategory: body.formulation_category,
                  targets: body.targets,
                  formulationFlags: body.formulation_flags,
                }
              : {}),
            rating: 0,
            pricePence: body.price_pence,
            image: '',
            color: '#e5e7eb',
            position: 10_000,
          })
          .onConflictDoNothing({ target: products.id })
          .returning();
        if (!created) throw conflict(AdminMessages.productExists);
        const snapshot = toAdminProduct(created);
        await audit(tx, actor, {
          action: 'product.create',
          entity: 'product',
          entityId: created.id,
          before: null,
          after: snapshot,
        });
        return created;
      });
      await contentChanged();
      return reply.code(201).send(toAdminProduct(row));
    },
  );

  /**
   * Applies `set` to one product with its audit entry; 404 when the id is unknown. A base or
   * booster must stay usable by the recommender (the catalogue parses every one), so the edited
   * row is checked before it commits: 400 with the fields at fault otherwise.
   */
  async function updateProduct(
    request: FastifyRequest,
    id: string,
    action: string,
    set: Partial<typeof products.$inferInsert>,
  ): Promise<AdminProduct> {
    const actor = actorOf(request);
    const before = notFoundUnless(await findAdminProduct(app.db, id), 'No such product');
    const after = await app.db.transaction(async (tx) => {
      const [row] = await tx.update(products).set(set).where(eq(products.id, id)).returning();
      const issues = formulationIssues(toAdminProduct(row!));
      if (issues.length > 0) {
        throw new HttpError(
          400,
          ErrorCode.validation,
          issues[0]!.message,
          Object.fromEntries(issues.map((i) => [i.path, i.message])),
        );
      }
      await audit(tx, actor, {
        action,
        entity: 'product',
        entityId: id,
        before: toAdminProduct(before),
        after: toAdminProduct(row!),
      });
      return row!;
    });
    await contentChanged();
    return toAdminProduct(after);
  }

  app.patch(
    '/products/:id',
    {
      schema: {
        ...staff,
        summary: 'Edit the copy of a product (moderators and admins)',
        params: AdminProductParams,
        body: ProductCopyBody,
        response: { 200: AdminProduct, ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      return updateProduct(request, request.params.id, 'product.copy', {
        ...(b.name !== undefined && { name: b.name }),
        ...(b.short_description !== undefined && { shortDescription: b.short_description }),
        ...(b.description !== undefined && { description: b.description }),
        ...(b.key_ingredients !== undefined && { keyIngredients: b.key_ingredients }),
        ...(b.category !== undefined && { category: b.category }),
        ...(b.time_of_use !== undefined && { timeOfUse: b.time_of_use }),
        ...(b.how_to_use !== undefined && { howToUse: b.how_to_use }),
        ...(b.suitable_for !== undefined && { suitableFor: b.suitable_for }),
        ...(b.size !== undefined && { size: b.size }),
      });
    },
  );

  app.put(
    '/products/:id/price',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary: 'Set the price in pence (admin only)',
        params: AdminProductParams,
        body: ProductPriceBody,
        response: { 200: AdminProduct, ...errors },
      },
    },
    async (request) =>
      updateProduct(request, request.params.id, 'product.price', {
        pricePence: request.body.price_pence,
      }),
  );

  app.put(
    '/products/:id/visibility',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary: 'Hide or unhide a product (admin only)',
        params: AdminProductParams,
        body: ProductVisibilityBody,
        response: { 200: AdminProduct, ...errors },
      },
    },
    async (request) => {
      // The recommender names the built-in bases by skin type: hiding one would leave a
      // routine without its base.
      if (request.body.hidden && (BASE_IDS as readonly string[]).includes(request.params.id)) {
        throw new HttpError(409, AdminErrorCode.baseNeeded, AdminMessages.baseNeeded);
      }
      return updateProduct(
        request,
        request.params.id,
        request.body.hidden ? 'product.hide' : 'product.unhide',
        { hidden: request.body.hidden },
      );
    },
  );

  app.put(
    '/products/:id/formulation',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary:
          "A base's or booster's targets, formulation category and ingredient flags, which the routine recommender reads (admin only)",
        params: AdminProductParams,
        body: ProductFormulationBody,
        response: { 200: AdminProduct, ...errors },
      },
    },
    async (request) => {
      const existing = notFoundUnless(
        await findAdminProduct(app.db, request.params.id),
        'No such product',
      );
      if (!isFormulation(existing.type)) {
        throw badRequest('Only a base or a booster has targets and ingredient flags');
      }
      const { formulation_category, targets, formulation_flags } = request.body;
      return updateProduct(request, request.params.id, 'product.formulation', {
        formulationCategory: formulation_category,
        targets,
        formulationFlags: formulation_flags,
      });
    },
  );

  app.put(
    '/products/:id/featured',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary: 'Feature or unfeature a product (admin only)',
        params: AdminProductParams,
        body: ProductFeaturedBody,
        response: { 200: AdminProduct, ...errors },
      },
    },
    async (request) =>
      updateProduct(request, request.params.id, 'product.featured', {
        featured: request.body.featured,
      }),
  );

  app.post(
    '/products/:id/image',
    {
      bodyLimit: IMAGE_MAX_BYTES + 64 * 1024,
      schema: {
        ...staff,
        summary:
          'Upload a product image (multipart "image": PNG, JPEG or WebP; re-encoded, SVG refused)',
        consumes: ['multipart/form-data'],
        params: AdminProductParams,
        response: { 200: AdminProduct, ...errors, 413: ApiError, 415: ApiError },
      },
    },
    async (request) => {
      notFoundUnless(await findAdminProduct(app.db, request.params.id), 'No such product');
      const badImage = () => new HttpError(400, AdminErrorCode.badImage, AdminMessages.badImage);
      if (!request.isMultipart()) throw badImage();
      const file = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
      if (!file) throw badImage();
      const bytes = await file.toBuffer();
      const type = sniffImageType(bytes);
      // Magic numbers, not the declared type: an SVG (script-capable) never passes.
      if (type !== 'image/png' && type !== 'image/jpeg' && type !== 'image/webp') throw badImage();
      let webp: Buffer;
      try {
        // Re-encoding drops metadata and anything smuggled after the pixels.
        webp = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
          .rotate()
          .resize({
            width: IMAGE_MAX_SIDE,
            height: IMAGE_MAX_SIDE,
            fit: 'inside',
            withoutEnlargement: true,
          })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw badImage();
      }
      const before = notFoundUnless(
        await findAdminProduct(app.db, request.params.id),
        'No such product',
      );
      const [image] = await app.db
        .insert(productImages)
        .values({ webp })
        .returning({ id: productImages.id });
      let updated: AdminProduct;
      try {
        updated = await updateProduct(request, request.params.id, 'product.image', {
          image: `${PRODUCT_IMAGE_PATH}${image!.id}`,
        });
      } catch (error) {
        await deleteUnusedImage(image!.id);
        throw error;
      }
      // The image it replaced stops being public, and uploads do not pile up rows.
      const previous = uploadedImageId(before.image);
      if (previous) await deleteUnusedImage(previous);
      return updated;
    },
  );

  // ---- Articles ----

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

  function articleValues(body: z.infer<typeof ArticleBody>) {
    const words = body.content.split(/\s+/).filter(Boolean).length;
    return {
      slug: body.slug,
      title: body.title,
      excerpt: body.excerpt,
      content: body.content,
      category: body.category,
      tags: body.tags,
      author: body.author,
      featured: body.featured,
      image: body.image,
      status: body.status,
      publishedAt: body.published_at ? new Date(body.published_at) : new Date(),
      readTime: Math.max(1, Math.round(words / 200)),
    };
  }

  async function saveArticle(
    request: FastifyRequest,
    body: z.infer<typeof ArticleBody>,
    existing: BlogPostRow | null,
  ): Promise<AdminArticle> {
    const actor = actorOf(request);
    const values = articleValues(body);
    const row = await app.db.transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(eq(blogPosts.slug, values.slug))
        .limit(1);
      if (clash && clash.id !== existing?.id) throw conflict(AdminMessages.slugTaken);
      const [saved] = existing
        ? await tx.update(blogPosts).set(values).where(eq(blogPosts.id, existing.id)).returning()
        : await tx.insert(blogPosts).values(values).returning();
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
    await contentChanged();
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
        await tx.delete(blogPosts).where(eq(blogPosts.id, existing.id));
        await audit(tx, actor, {
          action: 'article.delete',
          entity: 'article',
          entityId: existing.id,
          before: articleSnapshot(existing),
          after: null,
        });
      });
      await contentChanged();
      return reply.code(204).send(null);
    },
  );

  // ---- Audit log (admin only) ----

  app.get(
    '/audit',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary: 'Every admin/moderator write, newest first (admin only)',
        querystring: AuditQuery,
        response: { 200: AuditList, ...errors },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      return { ...(await listAudit(app.db, request.query)), page, page_size };
    },
  );

  app.get(
    '/audit.csv',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary: `The filtered audit log as CSV, newest first, at most ${AUDIT_CSV_MAX_ROWS} rows (admin only)`,
        querystring: AuditQuery.omit({ page: true, page_size: true }),
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const entries = await exportAudit(app.db, request.query, AUDIT_CSV_MAX_ROWS);
      const header = [
        'created_at',
        'actor_name',
        'actor_role',
        'action',
        'entity',
        'entity_id',
        'before',
        'after',
      ];
      const lines = entries.map((e) =>
        [
          e.created_at,
          e.actor_name,
          e.actor_role,
          e.action,
          e.entity,
          e.entity_id,
          e.before,
          e.after,
        ]
          .map(csvCell)
          .join(','),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send([header.join(','), ...lines].join('\r\n') + '\r\n');
    },
  );
};

export default adminRoutes;

/** Public: the re-encoded product images (mounted under /api/shop beside the catalogue). */
export const productImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/:id',
    {
      schema: {
        tags: ['shop'],
        summary: 'A product image uploaded in the admin area (WebP)',
        params: z.object({ id: z.uuid() }),
        response: { 200: z.any(), 404: ApiError },
      },
    },
    async (request, reply) => {
      const [row] = await app.db
        .select({ webp: productImages.webp })
        .from(productImages)
        .where(eq(productImages.id, request.params.id))
        .limit(1);
      if (!row) throw new HttpError(404, ErrorCode.notFound, 'No such image');
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(row.webp);
    },
  );
};

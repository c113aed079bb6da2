import {
  AdminErrorCode,
  AdminMessages,
  AdminProduct,
  AdminProductList,
  AdminProductParams,
  CreateProductBody,
  formulationIssues,
  ProductCopyBody,
  ProductFeaturedBody,
  ProductFormulationBody,
  ProductPriceBody,
  ProductVisibilityBody,
} from '@lumiskin/contract/admin';
import { BASE_IDS } from '@lumiskin/contract/analysis';
import { ApiError, ErrorCode } from '@lumiskin/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, conflict, HttpError, notFoundUnless } from '../../http/errors';
import { acceptUploads } from '../../http/uploads';
import { encodeProductImage } from '../analysis/image';
import type { products } from '../shop/schema';
import { audit } from './audit-repository';
import {
  deleteUnusedImage,
  findAdminProduct,
  findProductImage,
  insertProduct,
  insertProductImage,
  listAdminProducts,
  PRODUCT_IMAGE_PATH,
  toAdminProduct,
  updateProductRow,
} from './products-repository';
import { actorOf, adminOnly, contentChanged, errors, staff } from './staff';

const isFormulation = (type: string) => type === 'base' || type === 'booster';
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The id of an image uploaded here, from a product's `image`; null for a built-in picture. */
function uploadedImageId(image: string): string | null {
  if (!image.startsWith(PRODUCT_IMAGE_PATH)) return null;
  const id = image.slice(PRODUCT_IMAGE_PATH.length);
  return z.uuid().safeParse(id).success ? id : null;
}

/** The new row of POST /api/admin/products. */
function newProduct(body: z.infer<typeof CreateProductBody>): typeof products.$inferInsert {
  return {
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
  };
}

/**
 * Applies `set` to one product with its audit entry; 404 when the id is unknown. A base or
 * booster must stay usable by the recommender (the catalogue parses every one), so the edited
 * row is checked before it commits: 400 with the fields at fault otherwise.
 */
async function updateProduct(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  action: string,
  set: Partial<typeof products.$inferInsert>,
): Promise<AdminProduct> {
  const actor = actorOf(request);
  const before = notFoundUnless(await findAdminProduct(app.db, id), 'No such product');
  const after = await app.db.transaction(async (tx) => {
    const row = await updateProductRow(tx, id, set);
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
  await contentChanged(app);
  return toAdminProduct(after);
}

/** The list, a new product (admin only) and its copy (moderators too). */
const productListRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const row = await app.db.transaction(async (tx) => {
        const created = await insertProduct(tx, newProduct(request.body));
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
      await contentChanged(app);
      return reply.code(201).send(toAdminProduct(row));
    },
  );

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
      return updateProduct(app, request, request.params.id, 'product.copy', {
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
};

/** What only an admin sets: price, visibility, the recommender's fields, featured. */
const productSettingRoutes: FastifyPluginAsyncZod = async (app) => {
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
      updateProduct(app, request, request.params.id, 'product.price', {
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
        app,
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
      return updateProduct(app, request, request.params.id, 'product.formulation', {
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
      updateProduct(app, request, request.params.id, 'product.featured', {
        featured: request.body.featured,
      }),
  );
};

const productImageUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app);
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
      const webp = await encodeProductImage(await file.toBuffer());
      if (!webp) throw badImage();
      const before = notFoundUnless(
        await findAdminProduct(app.db, request.params.id),
        'No such product',
      );
      const imageId = await insertProductImage(app.db, webp);
      let updated: AdminProduct;
      try {
        updated = await updateProduct(app, request, request.params.id, 'product.image', {
          image: `${PRODUCT_IMAGE_PATH}${imageId}`,
        });
      } catch (error) {
        await deleteUnusedImage(app.db, imageId);
        throw error;
      }
      // The image it replaced stops being public, and uploads do not pile up rows.
      const previous = uploadedImageId(before.image);
      if (previous) await deleteUnusedImage(app.db, previous);
      return updated;
    },
  );
};

/** /api/admin/products: moderators edit the copy; admins create, price, hide and feature. */
const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(productListRoutes);
  await app.register(productSettingRoutes);
  await app.register(productImageUploadRoutes);
};

export default productsRoutes;

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
      const webp = await findProductImage(app.db, request.params.id);
      if (!webp) throw new HttpError(404, ErrorCode.notFound, 'No such image');
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(webp);
    },
  );
};

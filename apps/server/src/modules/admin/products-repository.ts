import type { AdminProduct } from '@lumiskin/contract/admin';
import { and, asc, eq, getTableColumns, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toShopProduct } from '../shop/repository';
import { products, type ProductRow } from '../shop/schema';
import type { Executor } from '../../db/client';
import { productImages } from './schema';

const { search: _search, ...productColumns } = getTableColumns(products);

export function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    ...toShopProduct(row),
    hidden: row.hidden,
    targets: row.targets,
    formulation_flags: row.formulationFlags,
  };
}

export async function listAdminProducts(db: Db): Promise<AdminProduct[]> {
  const rows = await db.select(productColumns).from(products).orderBy(asc(products.position));
  return rows.map((row) => toAdminProduct(row as ProductRow));
}

export async function findAdminProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
  return row as ProductRow | undefined;
}

/** Inserts a new product; undefined when the id is taken. Inside the caller's transaction. */
export async function insertProduct(
  tx: Executor,
  values: typeof products.$inferInsert,
): Promise<ProductRow | undefined> {
  const [created] = await tx
    .insert(products)
    .values(values)
    .onConflictDoNothing({ target: products.id })
    .returning();
  return created;
}

/** Applies `set` to one product and returns the row as it is now (undefined: no such id). */
export async function updateProductRow(
  tx: Executor,
  id: string,
  set: Partial<typeof products.$inferInsert>,
): Promise<ProductRow | undefined> {
  const [row] = await tx.update(products).set(set).where(eq(products.id, id)).returning();
  return row;
}

/** Where the shop serves an uploaded image (productImageRoutes, under /api/shop). */
export const PRODUCT_IMAGE_PATH = '/api/shop/images/';

export async function insertProductImage(db: Db, webp: Buffer): Promise<string> {
  const [image] = await db
    .insert(productImages)
    .values({ webp })
    .returning({ id: productImages.id });
  return image!.id;
}

export async function findProductImage(db: Db, id: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ webp: productImages.webp })
    .from(productImages)
    .where(eq(productImages.id, id))
    .limit(1);
  return row?.webp;
}

/** Deletes an uploaded image unless some product still shows it. */
export async function deleteUnusedImage(db: Db, id: string): Promise<void> {
  await db.delete(productImages).where(
    and(
      eq(productImages.id, id),
      notExists(
        db
          .select({ id: products.id })
          .from(products)
          .where(eq(products.image, `${PRODUCT_IMAGE_PATH}${id}`)),
      ),
    ),
  );
}

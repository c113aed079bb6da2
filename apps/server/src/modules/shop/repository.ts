import type {
  ProductListQuery,
  ProductSort,
  ShopProduct,
  ShopProductListItem,
} from '@lumiskin/contract/shop';
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { productFavorites, products, type ProductRow } from './schema';
import { searchVariants } from './synonyms';

/** What a listed product is made from: the row without its usage text (decision 141). */
type ListedRow = Omit<ProductRow, 'howToUse' | 'search'>;

/** A product as the catalogue and a mix line carry it: everything but `how_to_use`. */
export function toShopProductListItem(row: ListedRow): ShopProductListItem {
  return {
    id: row.id,
    name: row.name,
    short_description: row.shortDescription,
    description: row.description,
    key_ingredients: row.keyIngredients,
    category: row.category,
    type: row.type,
    formulation_category: row.formulationCategory,
    time_of_use: row.timeOfUse,
    suitable_for: row.suitableFor,
    size: row.size,
    featured: row.featured,
    rating: Math.round(row.rating * 10) / 10,
    review_count: row.reviewCount,
    price_pence: row.pricePence,
    price: row.pricePence / 100,
    image: row.image,
    image_data: row.image,
    color: row.color,
  };
}

/** The whole product: its own page (`GET /api/shop/products/:id`) and the staff's list. */
export function toShopProduct(row: ProductRow): ShopProduct {
  return { ...toShopProductListItem(row), how_to_use: row.howToUse };
}

/** Every column but the search document, which never leaves the database. */
const { search: _search, ...productColumns } = getTableColumns(products);
/** What a list reads: not the usage text, which no list sends (decision 141). */
const { howToUse: _howToUse, ...listedColumns } = productColumns;

/** `%`, `_` and `\` match literally in ILIKE. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The shortest word a search reads as the start of longer words ('hydra' → hydrating). */
const MIN_PREFIX_LENGTH = 3;

/**
 * A full-text match over a generated tsvector column, and its rank. PostgreSQL's
 * websearch_to_tsquery accepts anything a person types (quotes, -, or) and never raises a syntax
 * error; a prefix query over the same words finds partial words ('hydra' → hydrating), and an
 * ILIKE over the given text columns catches what stemming misses. Every part is a bound parameter.
 */
export function fullTextSearch(
  document: AnyPgColumn,
  q: string,
  likeColumns: (AnyPgColumn | SQL)[],
): { where: SQL; rank: SQL<number> } {
  const web = sql`websearch_to_tsquery('english', ${q})`;
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  const parts: SQL[] = [sql`${document} @@ ${web}`];
  let rank: SQL = sql`ts_rank(${document}, ${web})`;
  if (words.length > 0) {
    // A word of one or two letters must match whole ('vitamin c', 'b3'): as a prefix, 'c:*'
    // matched every word starting with c ('cleanse', 'cream'), so 'vitamin c' found vitamin E.
    const terms = words.map((w) => (w.length >= MIN_PREFIX_LENGTH ? `${w}:*` : w));
    const prefix = sql`to_tsquery('simple', ${terms.join(' & ')})`;
    parts.push(sql`${document} @@ ${prefix}`);
    rank = sql`${rank} + 0.5 * ts_rank(${document}, ${prefix})`;
    const pattern = `%${escapeLike(q)}%`;
    for (const column of likeColumns) parts.push(sql`${column} ilike ${pattern}`);
  }
  return { where: sql`(${sql.join(parts, sql` or `)})`, rank: sql<number>`(${rank})` };
}

/**
 * The product search: full text over name, key ingredients, category and descriptions, for the
 * text and its ingredient synonyms (retinol finds a retinal booster), plus a plain match inside
 * the key ingredients; the best-ranked variant ranks the product.
 */
export function productSearch(q: string): { where: SQL; rank: SQL<number> } {
  const searches = searchVariants(q).map((variant) =>
    fullTextSearch(products.search, variant, [
      products.name,
      products.shortDescription,
      sql`${products.keyIngredients}::text`,
    ]),
  );
  return {
    where: sql`(${sql.join(
      searches.map((s) => s.where),
      sql` or `,
    )})`,
    rank: sql<number>`greatest(${sql.join(
      searches.map((s) => s.rank),
      sql`, `,
    )})`,
  };
}

const SORTS: Record<Exclude<ProductSort, 'relevance'>, SQL[]> = {
  featured: [desc(products.featured), asc(products.position)],
  price_asc: [asc(products.pricePence), asc(products.position)],
  price_desc: [desc(products.pricePence), asc(products.position)],
  rating: [desc(products.rating), desc(products.reviewCount), asc(products.position)],
  reviews: [desc(products.reviewCount), asc(products.position)],
  name: [asc(products.name)],
};

export async function listProducts(
  db: Db,
  query: {
    q?: string | undefined;
    category?: string | undefined;
    type?: ProductListQuery['type'];
    featured?: boolean | undefined;
    sort?: ProductSort | undefined;
  },
): Promise<ShopProductListItem[]> {
  // Products an admin hid are not in the shop.
  const conditions: SQL[] = [eq(products.hidden, false)];
  const q = query.q?.trim();
  const search = q ? productSearch(q) : null;
  if (search) conditions.push(search.where);
  if (query.category) conditions.push(sql`lower(${products.category}) = lower(${query.category})`);
  if (query.type) conditions.push(eq(products.type, query.type));
  if (query.featured !== undefined) conditions.push(eq(products.featured, query.featured));

  const sort = query.sort ?? (search ? 'relevance' : 'featured');
  const orderBy =
    sort === 'relevance'
      ? search
        ? [desc(search.rank), asc(products.position)]
        : SORTS.featured
      : SORTS[sort];

  const rows = await db
    .select(listedColumns)
    .from(products)
    .where(and(...conditions))
    .orderBy(...orderBy);
  return rows.map(toShopProductListItem);
}

/** Every category, in catalogue order. */
export async function listCategories(db: Db): Promise<string[]> {
  const rows = await db
    .select({ category: products.category })
    .from(products)
    .where(eq(products.hidden, false))
    .groupBy(products.category)
    .orderBy(sql`min(${products.position})`);
  return rows.map((row) => row.category);
}

export async function findProduct(db: Db, id: string): Promise<ShopProduct | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), eq(products.hidden, false)))
    .limit(1);
  return row ? toShopProduct(row as ProductRow) : undefined;
}

/**
 * The listed products the shop shows, by id: a hidden one is not for sale, so it is as unknown
 * here as in the shop (a mix or favourite naming it never gets its name, copy or price back).
 * As a mix line carries them: list items, without the usage text (decision 141).
 */
export async function findProducts(
  db: Db,
  ids: string[],
): Promise<Map<string, ShopProductListItem>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(listedColumns)
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.hidden, false)));
  return new Map(rows.map((row) => [row.id, toShopProductListItem(row)]));
}

// ---- Favourites: every query is scoped to the signed-in user's id ----

export async function listFavoriteIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: productFavorites.productId })
    .from(productFavorites)
    .where(eq(productFavorites.userId, userId))
    .orderBy(asc(productFavorites.createdAt), asc(productFavorites.productId));
  return rows.map((row) => row.productId);
}

/** Adds the favourites that name real products; unknown ids are left out. */
export async function addFavorites(db: Db, userId: string, productIds: string[]): Promise<void> {
  const known = [...(await findProducts(db, [...new Set(productIds)])).keys()];
  if (known.length === 0) return;
  await db
    .insert(productFavorites)
    .values(known.map((productId) => ({ userId, productId })))
    .onConflictDoNothing();
}

export async function removeFavorite(db: Db, userId: string, productId: string): Promise<void> {
  await db
    .delete(productFavorites)
    .where(and(eq(productFavorites.userId, userId), eq(productFavorites.productId, productId)));
}

/** The favourites for the account export, with each product's name; explicit columns. */
export async function exportForUser(db: Db, userId: string) {
  return db
    .select({
      user_id: productFavorites.userId,
      product_id: productFavorites.productId,
      created_at: productFavorites.createdAt,
      product_name: products.name,
    })
    .from(productFavorites)
    .innerJoin(products, eq(products.id, productFavorites.productId))
    .where(eq(productFavorites.userId, userId))
    .orderBy(asc(productFavorites.createdAt), asc(productFavorites.productId));
}

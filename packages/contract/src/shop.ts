import { z } from 'zod';
import './plain-errors';
import { MIX_MAX_ITEMS, MIX_QUANTITY, MixMessages } from './mix';

/**
 * Shop, mix and favourites on the wire (docs/product-rules.md#entities, docs/product-rules.md#api). Money is integer
 * pence everywhere (`price_pence`); the web shows it in pounds with `formatPounds` from `./mix`.
 */

export const PRODUCT_TYPES = [
  'base',
  'booster',
  'cleanser',
  'moisturizer',
  'sunscreen',
  'toner',
  'mask',
  'tool',
] as const;
export const ProductType = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof ProductType>;

export const PRODUCT_SORTS = [
  'featured',
  'relevance',
  'price_asc',
  'price_desc',
  'rating',
  'reviews',
  'name',
] as const;
export const ProductSort = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof ProductSort>;

/** Product ids are readable slugs ('aquahydra', 'daily-fluid-spf50'), never sequential numbers. */
export const ProductId = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Unknown product id');

export const ShopProduct = z.object({
  id: z.string(),
  name: z.string(),
  short_description: z.string(),
  description: z.string(),
  key_ingredients: z.array(z.string()),
  /** Shop category shown in the dropdown ('Bases', 'Cleansers'...). */
  category: z.string(),
  type: ProductType,
  /** The formulation's own category for bases and boosters ('acne/oil'), else null. */
  formulation_category: z.string().nullable(),
  time_of_use: z.enum(['AM', 'PM', 'AM/PM']).nullable(),
  how_to_use: z.string(),
  suitable_for: z.array(z.string()),
  size: z.string(),
  featured: z.boolean(),
  /** 0 to 5, one decimal. */
  rating: z.number(),
  review_count: z.number().int(),
  price_pence: z.number().int(),
  /** The spec's name (docs/product-rules.md#entities): the same price in pounds (price_pence / 100), for clients written to the spec. */
  price: z.number(),
  /** Same-origin path of the product render, e.g. /images/products/aquahydra.svg. */
  image: z.string(),
  /** The spec's name for the picture (docs/product-rules.md#entities): the same path as `image` (a URL, not inline base64). */
  image_data: z.string(),
  /** The product's colour: placeholder tint while the image loads. */
  color: z.string(),
});
export type ShopProduct = z.infer<typeof ShopProduct>;

/**
 * A product as the catalogue lists it (`GET /api/shop/products`) and as a mix line carries it
 * (decision 141): every field but `how_to_use`, the usage text only the product's own page shows
 * (it reads `GET /api/shop/products/:id`; staff edit it from `/api/admin/products`). Every field
 * of the spec's shop product (docs/product-rules.md#entities) is here; the other fields beyond
 * the spec are read from the list (cards, the mix, the profile's products tab, related products).
 */
export const ShopProductListItem = ShopProduct.omit({ how_to_use: true });
export type ShopProductListItem = z.infer<typeof ShopProductListItem>;

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const ProductListQuery = z.object({
  /** Full-text search over name, descriptions, ingredients and category. */
  q: z.string().trim().max(100).optional(),
  category: z.string().trim().max(50).optional(),
  type: ProductType.optional(),
  featured: booleanQuery.optional(),
  /** Default: relevance when searching, else featured first. */
  sort: ProductSort.optional(),
});
export type ProductListQuery = z.input<typeof ProductListQuery>;

export const ProductListResponse = z.object({
  products: z.array(ShopProductListItem),
  total: z.number().int(),
  /** Every category in the catalogue (not only the matching ones), for the dropdown. */
  categories: z.array(z.string()),
});
export type ProductListResponse = z.infer<typeof ProductListResponse>;

export const ProductParams = z.object({ id: ProductId });

// ---- Mix ----

export const MixQuantity = z
  .number({ error: MixMessages.badQuantity })
  .int(MixMessages.badQuantity)
  .min(MIX_QUANTITY.min, MixMessages.badQuantity)
  .max(MIX_QUANTITY.max, MixMessages.badQuantity);

export const MixItemInput = z.object({
  product_id: ProductId,
  quantity: MixQuantity,
});
export type MixItemInput = z.infer<typeof MixItemInput>;

export const MixItemsInput = z
  .array(MixItemInput)
  .max(MIX_MAX_ITEMS, MixMessages.tooManyItems)
  .refine(
    (items) => new Set(items.map((item) => item.product_id)).size === items.length,
    MixMessages.duplicateProduct,
  );

/** PUT /api/mix replaces the whole mix; POST /api/mix/merge adds a visitor's mix to the account's. */
export const PutMixBody = z.object({ items: MixItemsInput });
export type PutMixBody = z.infer<typeof PutMixBody>;
/** @alias merging a mix takes the same body as replacing it */
export const MergeMixBody = PutMixBody;
export type MergeMixBody = PutMixBody;

export const MixItem = z.object({
  product_id: z.string(),
  quantity: z.number().int(),
  /** As the catalogue lists it: a visitor's mix is shown from the list, a member's too at once. */
  product: ShopProductListItem,
});
export type MixItem = z.infer<typeof MixItem>;

export const MixResponse = z.object({
  items: z.array(MixItem),
  /** Sum of quantities: what the 'Mix' button counts. */
  count: z.number().int(),
  total_pence: z.number().int(),
  /** Exactly one base is in the mix. */
  complete: z.boolean(),
  /** Products of a merged visitor mix that the rule kept out (e.g. a second base). */
  skipped: z.array(z.string()).optional(),
});
export type MixResponse = z.infer<typeof MixResponse>;

// ---- Favourites ----

export const FavoritesResponse = z.object({ product_ids: z.array(z.string()) });
export type FavoritesResponse = z.infer<typeof FavoritesResponse>;

export const MergeFavoritesBody = z.object({
  product_ids: z.array(ProductId).max(100),
});
export type MergeFavoritesBody = z.infer<typeof MergeFavoritesBody>;

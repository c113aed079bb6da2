import type { MetricKey } from '@lumiskin/contract/analysis';
import type { FormulationFlags } from '@lumiskin/contract/formulations';
import { PRODUCT_TYPES } from '@lumiskin/contract/shop';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/** PostgreSQL's full-text document type; only ever written by the generated column below. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

export const productTypeEnum = pgEnum('product_type', PRODUCT_TYPES);

export const products = pgTable(
  'products',
  {
    /** Readable slug ('aquahydra'); bases and boosters keep their contract id. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    shortDescription: text('short_description').notNull(),
    description: text('description').notNull(),
    /** jsonb, not text[]: to_tsvector(regconfig, jsonb) is immutable, so it can feed the generated column. */
    keyIngredients: jsonb('key_ingredients').$type<string[]>().notNull(),
    category: text('category').notNull(),
    type: productTypeEnum('type').notNull(),
    formulationCategory: text('formulation_category'),
    timeOfUse: text('time_of_use').$type<'AM' | 'PM' | 'AM/PM'>(),
    howToUse: text('how_to_use').notNull(),
    suitableFor: jsonb('suitable_for').$type<string[]>().notNull(),
    size: text('size').notNull(),
    featured: boolean('featured').notNull().default(false),
    /** Hidden by an admin: not in the shop, the search or the routine catalogue. */
    hidden: boolean('hidden').notNull().default(false),
    rating: real('rating').notNull(),
    reviewCount: integer('review_count').notNull().default(0),
    /** Money in integer pence. */
    pricePence: integer('price_pence').notNull(),
    image: text('image').notNull(),
    color: text('color').notNull(),
    /** Bases and boosters: the scan metrics they address (the routine interpreter reads it). */
    targets: jsonb('targets').$type<MetricKey[]>(),
    /** Bases and boosters: retinoid / exfoliating acid / vitamin C / gentle, for the routine's safety rules. */
    formulationFlags: jsonb('formulation_flags').$type<FormulationFlags>(),
    /** Catalogue order: bases, boosters, then everyday products. */
    position: integer('position').notNull().default(0),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', "name"), 'A') || setweight(to_tsvector('english', "key_ingredients"), 'B') || setweight(to_tsvector('english', "category" || ' ' || coalesce("formulation_category", '')), 'B') || setweight(to_tsvector('english', "short_description"), 'C') || setweight(to_tsvector('english', "description"), 'D')`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_search_idx').using('gin', t.search),
    check('products_price_positive', sql`${t.pricePence} > 0`),
    check('products_rating_range', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
  ],
);

export const productFavorites = pgTable(
  'product_favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

import { MIX_QUANTITY } from '@lumiskin/contract/mix';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { products } from '../shop/schema';

/** A signed-in user's mix: one row per product, with its quantity. */
export const mixItems = pgTable(
  'mix_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check(
      'mix_items_quantity_range',
      sql`${t.quantity} between ${sql.raw(String(MIX_QUANTITY.min))} and ${sql.raw(String(MIX_QUANTITY.max))}`,
    ),
  ],
);

export type MixItemRow = typeof mixItems.$inferSelect;

import type { OrderStatus, PaymentMethod } from '@lumiskin/contract/orders';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/**
 * An order: the mix with the prices of the moment (decision 083). The person's link and the
 * address are set to null when the account is deleted; the order itself is kept for the accounts.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown to people ("Order 1042"); the URL uses the id, which cannot be guessed. */
    number: serial('number').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<OrderStatus>().notNull().default('awaiting_payment'),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    subtotalPence: integer('subtotal_pence').notNull(),
    deliveryPence: integer('delivery_pence').notNull().default(0),
    totalPence: integer('total_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    // The delivery address, copied: a later change of the remembered address changes no order.
    fullName: text('full_name'),
    line1: text('line1'),
    line2: text('line2'),
    city: text('city'),
    county: text('county'),
    postcode: text('postcode'),
    phone: text('phone'),
    country: text('country'),
    /** The Stripe Checkout Session of the latest payment attempt. */
    stripeSessionId: text('stripe_session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Set when the account was deleted and the address removed. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_stripe_session_idx').on(t.stripeSessionId),
    check(
      'orders_status_known',
      sql`${t.status} in ('awaiting_payment', 'paid', 'shipped', 'cancelled', 'refunded')`,
    ),
    check('orders_total_sum', sql`${t.totalPence} = ${t.subtotalPence} + ${t.deliveryPence}`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/** One product of an order: its name, type and price copied when the order was placed. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** No foreign key: the order outlives a product removed from the catalogue. */
    productId: text('product_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    unitPricePence: integer('unit_price_pence').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_price_not_negative', sql`${t.unitPricePence} >= 0`),
  ],
);

export type OrderLineRow = typeof orderLines.$inferSelect;

/** The address of the account's last order, offered at the next checkout. */
export const deliveryAddresses = pgTable('delivery_addresses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  line1: text('line1').notNull(),
  line2: text('line2').notNull().default(''),
  city: text('city').notNull(),
  county: text('county').notNull().default(''),
  postcode: text('postcode').notNull(),
  phone: text('phone').notNull().default(''),
  country: text('country').notNull().default('GB'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Stripe webhook events already handled, by Stripe's event id: the same event delivered twice
 * (Stripe retries) or replayed changes nothing the second time.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

import { checkMix, isMixComplete } from '@lumiskin/contract/mix';
import {
  canMoveOrder,
  MAX_OPEN_ORDERS,
  ORDER_TRANSITIONS,
  OrderErrorCode,
  OrderMessages,
  type AdminOrder,
  type DeliveryAddress,
  type Order,
  type OrderStatus,
  type OrderSummary,
  type PaymentMethod,
} from '@lumiskin/contract/orders';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conflict } from '../../http/errors';
import { users } from '../auth/schema';
import { getMix, lockMix } from '../mix/repository';
import { mixItems } from '../mix/schema';
import { deliveryAddresses, orderLines, orders, type OrderLineRow, type OrderRow } from './schema';

export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** UK delivery is free (decision 083); kept as a column so a charge later needs no migration. */
export const DELIVERY_PENCE = 0;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function addressOf(row: OrderRow): DeliveryAddress | null {
  if (row.fullName === null || row.line1 === null || row.city === null || row.postcode === null) {
    return null;
  }
  return {
    full_name: row.fullName,
    line1: row.line1,
    line2: row.line2 ?? '',
    city: row.city,
    county: row.county ?? '',
    postcode: row.postcode,
    phone: row.phone ?? '',
    country: 'GB',
  };
}

export function toOrder(row: OrderRow, lines: OrderLineRow[]): Order {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    payment_method: row.paymentMethod,
    lines: lines.map((line) => ({
      product_id: line.productId,
      name: line.name,
      type: line.type,
      unit_price_pence: line.unitPricePence,
      quantity: line.quantity,
      line_total_pence: line.unitPricePence * line.quantity,
    })),
    subtotal_pence: row.subtotalPence,
    delivery_pence: row.deliveryPence,
    total_pence: row.totalPence,
    currency: 'gbp',
    address: addressOf(row),
    created_at: row.createdAt.toISOString(),
    paid_at: iso(row.paidAt),
    shipped_at: iso(row.shippedAt),
    cancelled_at: iso(row.cancelledAt),
    refunded_at: iso(row.refundedAt),
  };
}

async function linesOf(db: Executor, orderIds: string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

/** One order; with `userId`, only if it is that person's (anyone else's is as unknown as a missing one). */
export async function findOrder(
  db: Executor,
  id: string,
  userId?: string,
): Promise<Order | undefined> {
  const conditions: SQL[] = [eq(orders.id, id)];
  if (userId !== undefined) conditions.push(eq(orders.userId, userId));
  const [row] = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .limit(1);
  if (!row) return undefined;
  return toOrder(row, (await linesOf(db, [row.id])).get(row.id) ?? []);
}

/** The person's orders, newest first (the profile's Orders tab). */
export async function listOrders(db: Db, userId: string): Promise<OrderSummary[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(200);
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    status: row.status,
    total_pence: row.totalPence,
    created_at: row.createdAt.toISOString(),
    item_count: (lines.get(row.id) ?? []).reduce((sum, line) => sum + line.quantity, 0),
  }));
}

export async function findLastAddress(db: Db, userId: string): Promise<DeliveryAddress | null> {
  const [row] = await db
    .select()
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.userId, userId))
    .limit(1);
  if (!row) return null;
  return {
    full_name: row.fullName,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    county: row.county,
    postcode: row.postcode,
    phone: row.phone,
    country: 'GB',
  };
}

/**
 * Turns the person's mix (as stored on the server) into an order, in one transaction under the
 * mix's own lock: the mix is read, checked against the rule and priced from the catalogue here,
 * never from the request; `expectedTotalPence` only tells a stale page (409, nothing written).
 * The order copies each product's name, type and price; the address is remembered for next
 * time; the mix is emptied. A second click of "Place order" finds an empty mix (409).
 */
export async function placeOrder(
  db: Db,
  input: {
    userId: string;
    address: DeliveryAddress;
    expectedTotalPence: number;
    paymentMethod: PaymentMethod;
  },
): Promise<Order> {
  const { userId, address } = input;
  const id = await db.transaction(async (tx) => {
    await lockMix(tx, userId);
    const mix = await getMix(tx, userId);
    if (mix.items.length === 0) throw conflict(OrderMessages.emptyMix, OrderErrorCode.emptyMix);
    const lines = mix.items.map((item) => ({
      type: item.product.type,
      quantity: item.quantity,
      price_pence: item.product.price_pence,
    }));
    const refusal = checkMix(lines);
    if (refusal) throw conflict(refusal.message, refusal.code);
    if (!isMixComplete(lines)) {
      throw conflict(OrderMessages.incompleteMix, OrderErrorCode.incompleteMix);
    }
    const subtotal = mix.total_pence;
    const total = subtotal + DELIVERY_PENCE;
    if (total !== input.expectedTotalPence) {
      throw conflict(OrderMessages.priceChanged, OrderErrorCode.priceChanged);
    }
    const [open] = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'awaiting_payment')));
    if ((open?.n ?? 0) >= MAX_OPEN_ORDERS) {
      throw conflict(OrderMessages.tooManyOpen, OrderErrorCode.tooManyOpen);
    }

    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        paymentMethod: input.paymentMethod,
        subtotalPence: subtotal,
        deliveryPence: DELIVERY_PENCE,
        totalPence: total,
        fullName: address.full_name,
        line1: address.line1,
        line2: address.line2,
        city: address.city,
        county: address.county,
        postcode: address.postcode,
        phone: address.phone,
        country: address.country,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order insert returned no row');
    await tx.insert(orderLines).values(
      mix.items.map((item, position) => ({
        orderId: order.id,
        position,
        productId: item.product_id,
        name: item.product.name,
        type: item.product.type,
        unitPricePence: item.product.price_pence,
        quantity: item.quantity,
      })),
    );
    const remembered = {
      fullName: address.full_name,
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      county: address.county,
      postcode: address.postcode,
      phone: address.phone,
      country: address.country,
      updatedAt: new Date(),
    };
    await tx
      .insert(deliveryAddresses)
      .values({ userId, ...remembered })
      .onConflictDoUpdate({ target: deliveryAddresses.userId, set: remembered });
    await tx.delete(mixItems).where(eq(mixItems.userId, userId));
    return order.id;
  });
  const order = await findOrder(db, id);
  if (!order) throw new Error('placed order not found');
  return order;
}

export async function setStripeSession(db: Db, orderId: string, sessionId: string): Promise<void> {
  await db.update(orders).set({ stripeSessionId: sessionId }).where(eq(orders.id, orderId));
}

const STATUS_TIME = {
  paid: 'paidAt',
  shipped: 'shippedAt',
  cancelled: 'cancelledAt',
  refunded: 'refundedAt',
} as const satisfies Record<Exclude<OrderStatus, 'awaiting_payment'>, keyof OrderRow>;

/**
 * Moves an order to `to` inside the caller's transaction, the row locked first so two staff
 * clicks (or a click and Stripe's webhook) run one after the other. Returns the row before and
 * after; `undefined` for an unknown order; throws 409 for a change ORDER_TRANSITIONS forbids.
 */
export async function moveOrder(
  tx: Executor,
  id: string,
  to: Exclude<OrderStatus, 'awaiting_payment'>,
  now: Date,
): Promise<{ before: OrderRow; after: OrderRow } | undefined> {
  const [before] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
  if (!before) return undefined;
  if (!canMoveOrder(before.status, to)) {
    throw conflict(OrderMessages.badTransition(before.status, to), OrderErrorCode.badTransition);
  }
  const [after] = await tx
    .update(orders)
    .set({ status: to, [STATUS_TIME[to]]: now })
    .where(eq(orders.id, id))
    .returning();
  return { before, after: after! };
}

// ---- Staff ----

export async function listAdminOrders(
  db: Db,
  query: {
    status?: OrderStatus | undefined;
    id?: string | undefined;
    page: number;
    page_size: number;
  },
): Promise<{ orders: AdminOrder[]; total: number }> {
  const where = and(
    query.status ? eq(orders.status, query.status) : undefined,
    query.id ? eq(orders.id, query.id) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        order: orders,
        customer: { id: users.id, name: users.name, email: users.email },
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const lines = await linesOf(
    db,
    rows.map((row) => row.order.id),
  );
  return {
    orders: rows.map(({ order, customer }) => ({
      ...toOrder(order, lines.get(order.id) ?? []),
      customer: customer?.id ? customer : null,
      allowed_statuses: [...ORDER_TRANSITIONS[order.status]],
    })),
    total: totals?.n ?? 0,
  };
}

export async function findAdminOrder(db: Db, id: string): Promise<AdminOrder | undefined> {
  return (await listAdminOrders(db, { id, page: 1, page_size: 1 })).orders[0];
}

/** What the audit log keeps of a status change: no address, no person. */
export function orderSnapshot(row: OrderRow): Record<string, unknown> {
  return { number: row.number, status: row.status, total_pence: row.totalPence };
}

// ---- Privacy ----

/**
 * An account's deletion keeps its orders (the accounts need them: decision 083) but removes what
 * points at the person: the address on each order and the remembered address (its row goes with
 * the cascade); the link itself is set to null by the foreign key once the user row goes.
 */
export async function anonymiseOrdersForUser(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(orders)
    .set({
      fullName: null,
      line1: null,
      line2: null,
      city: null,
      county: null,
      postcode: null,
      phone: null,
      anonymisedAt: new Date(),
    })
    .where(eq(orders.userId, userId));
}

/** Orders with their lines and address, for the account export; explicit columns. */
export async function exportForUser(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt), asc(orders.number));
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toOrder(row, lines.get(row.id) ?? []));
}

export async function exportAddressForUser(db: Db, userId: string) {
  return db
    .select({
      full_name: deliveryAddresses.fullName,
      line1: deliveryAddresses.line1,
      line2: deliveryAddresses.line2,
      city: deliveryAddresses.city,
      county: deliveryAddresses.county,
      postcode: deliveryAddresses.postcode,
      phone: deliveryAddresses.phone,
      country: deliveryAddresses.country,
      updated_at: deliveryAddresses.updatedAt,
    })
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.userId, userId));
}

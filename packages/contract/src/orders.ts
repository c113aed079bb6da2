import { z } from 'zod';
import './plain-errors';

/**
 * Orders (issue 34, decision 083): a mix ordered with the prices of the moment, delivered to a UK
 * address, paid through Stripe Checkout when the server has a key, otherwise left "awaiting
 * payment" for staff to settle. Money is integer pence, as everywhere.
 */

export const ORDER_STATUSES = [
  'awaiting_payment',
  'paid',
  'shipped',
  'cancelled',
  'refunded',
] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** What a person reads for each status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/**
 * The changes staff may make (decision 083). A cancelled or refunded order is final; a shipped
 * one can only be refunded; nothing goes back to "awaiting payment".
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['shipped', 'refunded'],
  shipped: ['refunded'],
  cancelled: [],
  refunded: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Orders of one account still awaiting payment at most: each sends a mail, so it is capped. */
export const MAX_OPEN_ORDERS = 5;

export const OrderMessages = {
  emptyMix: 'Your mix is empty. Add a base (and up to two boosters) before checking out.',
  incompleteMix: 'A mix needs exactly one base before it can be ordered.',
  priceChanged:
    'Prices in your mix changed since you opened checkout. Check the new total and place the order again.',
  tooManyOpen: `You have ${MAX_OPEN_ORDERS} orders awaiting payment. Pay or cancel one before placing another.`,
  notFound: 'No such order',
  badTransition: (from: OrderStatus, to: OrderStatus) =>
    `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot be marked ${ORDER_STATUS_LABELS[to].toLowerCase()}.`,
  notAwaitingPayment: 'This order is not awaiting payment.',
  paymentUnavailable: 'Card payment is not available right now. Your order is awaiting payment.',
  paymentProvider: 'The payment provider did not answer. Please try again in a minute.',
  postcode: 'Enter a UK postcode, like SW1A 1AA',
  phone: 'Enter a UK phone number, like 07700 900123',
} as const;

export const OrderErrorCode = {
  emptyMix: 'empty_mix',
  incompleteMix: 'incomplete_mix',
  priceChanged: 'price_changed',
  tooManyOpen: 'too_many_open_orders',
  badTransition: 'bad_transition',
  notAwaitingPayment: 'not_awaiting_payment',
  paymentUnavailable: 'payment_unavailable',
  paymentProvider: 'payment_provider_error',
} as const;

// ---- The delivery address ----

/**
 * A UK postcode (Royal Mail's format: outward code, space, inward code), any case and spacing;
 * normalised to upper case with one space. GIR 0AA is Girobank's, still valid.
 * https://www.gov.uk/government/publications/bulk-data-transfer-for-sponsors-xml-schema
 */
const POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$/;

export function normalisePostcode(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (!POSTCODE.test(compact)) return null;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** A UK number, national (07…, 01…, 02…) or international (+44 / 0044), spaces and dashes allowed. */
export function normalisePhone(text: string): string | null {
  const compact = text.replace(/[\s\-()]/g, '');
  const national = compact.replace(/^(\+44|0044)/, '0');
  if (!/^0[1-9][0-9]{8,9}$/.test(national)) return null;
  return national;
}

/** Text a label printer and a courier's system can take: no markup, no control characters. */
// eslint-disable-next-line no-control-regex
const PRINTABLE = /^[^<>{}\u0000-\u001f]*$/;

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can be at most ${max} characters`)
    .regex(PRINTABLE, `${label} has characters we cannot print on a label`);

const optionalLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters`)
    .regex(PRINTABLE, `${label} has characters we cannot print on a label`)
    .default('');

/** The address an order goes to, as sent: checked and normalised; UK only. */
export const AddressInput = z.strictObject({
  full_name: line('Full name', 100),
  line1: line('Address line 1', 100),
  line2: optionalLine('Address line 2', 100),
  city: line('Town or city', 60),
  county: optionalLine('County', 60),
  postcode: z
    .string({ error: OrderMessages.postcode })
    .max(10, OrderMessages.postcode)
    .transform((text, ctx) => {
      const postcode = normalisePostcode(text);
      if (postcode) return postcode;
      ctx.addIssue({ code: 'custom', message: OrderMessages.postcode });
      return z.NEVER;
    }),
  /** For the courier; optional. */
  phone: z
    .string()
    .max(20, OrderMessages.phone)
    .default('')
    .transform((text, ctx) => {
      if (text.trim() === '') return '';
      const phone = normalisePhone(text);
      if (phone) return phone;
      ctx.addIssue({ code: 'custom', message: OrderMessages.phone });
      return z.NEVER;
    }),
  country: z.literal('GB', { error: 'We deliver within the United Kingdom only' }).default('GB'),
});
export type DeliveryAddressInput = z.input<typeof AddressInput>;

/** The address as stored and answered (already normalised). */
export const DeliveryAddress = z.object({
  full_name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  county: z.string(),
  postcode: z.string(),
  phone: z.string(),
  country: z.literal('GB'),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

// ---- Requests ----

export const PlaceOrderBody = z.strictObject({
  address: AddressInput,
  /**
   * The total the person saw. The server prices the order from the catalogue itself; a different
   * figure here only means the page is stale, so the order is refused (409) rather than charged.
   */
  expected_total_pence: z.number().int().min(0).max(10_000_000),
});
export type PlaceOrderBody = z.input<typeof PlaceOrderBody>;

export const OrderParams = z.object({ id: z.uuid({ error: 'No such order' }) });

export const OrderStatusBody = z.strictObject({ status: OrderStatus });
export type OrderStatusBody = z.infer<typeof OrderStatusBody>;

export const AdminOrderQuery = z.object({
  status: OrderStatus.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminOrderQuery = z.input<typeof AdminOrderQuery>;

// ---- Responses ----

export const OrderLine = z.object({
  product_id: z.string(),
  /** The name and price when the order was placed; a later catalogue edit changes neither. */
  name: z.string(),
  type: z.string(),
  unit_price_pence: z.number().int(),
  quantity: z.number().int(),
  line_total_pence: z.number().int(),
});
export type OrderLine = z.infer<typeof OrderLine>;

/** How the order is paid: Stripe Checkout, or settled by staff (no key configured). */
export const PaymentMethod = z.enum(['stripe', 'manual']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const Order = z.object({
  id: z.string(),
  /** Shown to people: "Order 1042". */
  number: z.number().int(),
  status: OrderStatus,
  payment_method: PaymentMethod,
  lines: z.array(OrderLine),
  subtotal_pence: z.number().int(),
  delivery_pence: z.number().int(),
  total_pence: z.number().int(),
  currency: z.literal('gbp'),
  address: DeliveryAddress.nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

export const OrderSummary = Order.pick({
  id: true,
  number: true,
  status: true,
  total_pence: true,
  created_at: true,
}).extend({ item_count: z.number().int() });
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderList = z.object({ orders: z.array(OrderSummary) });
export type OrderList = z.infer<typeof OrderList>;

export const PlaceOrderResponse = z.object({
  order: Order,
  /** Stripe Checkout's page to send the person to; null when payment is settled by staff. */
  checkout_url: z.string().nullable(),
});
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponse>;

export const PayOrderResponse = z.object({ checkout_url: z.string() });
export type PayOrderResponse = z.infer<typeof PayOrderResponse>;

/** What the checkout page needs before the order: how payment works, the last address used. */
export const CheckoutInfo = z.object({
  payment_method: PaymentMethod,
  delivery_pence: z.number().int(),
  last_address: DeliveryAddress.nullable(),
});
export type CheckoutInfo = z.infer<typeof CheckoutInfo>;

export const AdminOrder = Order.extend({
  /** null once the account was deleted (the order is kept for the accounts, anonymised). */
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  allowed_statuses: z.array(OrderStatus),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

export const AdminOrderList = z.object({
  orders: z.array(AdminOrder),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminOrderList = z.infer<typeof AdminOrderList>;

export const WebhookAck = z.object({ received: z.literal(true) });

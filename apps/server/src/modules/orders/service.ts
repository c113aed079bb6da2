import crypto from 'node:crypto';
import { formatPounds } from '@lumiskin/contract/mix';
import { type Order, OrderErrorCode, OrderMessages } from '@lumiskin/contract/orders';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { findUserById } from '../auth/repository';
import { findOrder, moveOrder, setStripeSession } from './repository';
import { stripeEvents } from './schema';
import { createCheckoutSession, StripeError } from './stripe';

type MailKind = 'placed' | 'paid' | 'shipped';

/**
 * The order's mail. Like every mail here (decision 070) it carries nothing the person typed: no
 * name and no delivery address (an unproved account address may be a stranger's); the order's
 * page, behind sign-in, has them.
 */
export function orderMail(kind: MailKind, order: Order, appUrl: string) {
  const link = `${appUrl}/orders/${order.id}`;
  const lines = order.lines.map(
    (line) => `  ${line.quantity} × ${line.name} — ${formatPounds(line.line_total_pence)}`,
  );
  const summary = [
    ...lines,
    `  Delivery — ${order.delivery_pence === 0 ? 'free' : formatPounds(order.delivery_pence)}`,
    `  Total — ${formatPounds(order.total_pence)}`,
  ];
  const subject = {
    placed: `Your Lumiskin order ${order.number}`,
    paid: `Payment received for order ${order.number}`,
    shipped: `Order ${order.number} is on its way`,
  }[kind];
  const opening = {
    placed:
      order.payment_method === 'stripe' && order.status === 'awaiting_payment'
        ? 'Thank you for your order. It is reserved and waits for your card payment; if the payment page closed, pay from the link below.'
        : order.status === 'awaiting_payment'
          ? 'Thank you for your order. It is awaiting payment: card payment is not switched on yet, so our team will contact you to settle it before we send it.'
          : 'Thank you for your order.',
    paid: 'We have received your payment. We will email you again when your order is sent.',
    shipped: 'Your order has left us and is on its way to the delivery address you gave.',
  }[kind];
  return {
    subject,
    text: [
      'Hello,',
      '',
      opening,
      '',
      `Order ${order.number}:`,
      ...summary,
      '',
      `See your order: ${link}`,
    ].join('\n'),
  };
}

/** Mails the account holder about their order; a failure is logged, never the order's undoing. */
export async function sendOrderMail(
  app: FastifyInstance,
  kind: MailKind,
  order: Order,
  userId: string | null,
): Promise<void> {
  if (!userId) return;
  try {
    const user = await findUserById(app.db, userId);
    if (!user) return;
    const { subject, text } = orderMail(kind, order, app.config.appUrl ?? 'http://localhost:3000');
    await app.mailer.send({ userId, to: user.email, subject, text });
  } catch (error) {
    app.log.warn({ err: error, order: { id: order.id } }, 'order mail not written');
  }
}

/**
 * Opens a Stripe Checkout Session for an order awaiting payment and remembers it on the order;
 * the person is sent to its URL. Success and cancel bring them back to the order on our origin.
 */
export async function startPayment(
  app: FastifyInstance,
  order: Order,
  customerEmail: string | null,
  attempt: string,
): Promise<string> {
  const stripe = app.config.stripe;
  if (!stripe) {
    throw new HttpError(409, OrderErrorCode.paymentUnavailable, OrderMessages.paymentUnavailable);
  }
  const appUrl = app.config.appUrl ?? 'http://localhost:3000';
  const back = `${appUrl}/orders/${order.id}`;
  try {
    const session = await createCheckoutSession(stripe, {
      orderId: order.id,
      orderNumber: order.number,
      lines: order.lines.map((line) => ({
        name: line.name,
        unitAmountPence: line.unit_price_pence,
        quantity: line.quantity,
      })),
      successUrl: `${back}?payment=success`,
      cancelUrl: `${back}?payment=cancelled`,
      customerEmail,
      idempotencyKey: `order-${order.id}-${attempt}`,
    });
    await setStripeSession(app.db, order.id, session.id);
    return session.url;
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    app.log.warn(
      { order: { id: order.id }, stripe: { status: error.status, message: error.message } },
      'stripe checkout session not created',
    );
    throw new HttpError(502, OrderErrorCode.paymentProvider, OrderMessages.paymentProvider);
  }
}

/** A new attempt's idempotency suffix: a retry of the same click reuses it, a new click not. */
export const newAttempt = () => crypto.randomUUID();

/** The part of a Stripe event we read; anything else in it is ignored. */
const StripeEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({
    object: z
      .object({
        id: z.string().max(255).optional(),
        client_reference_id: z.string().max(255).nullish(),
        metadata: z.record(z.string(), z.string()).nullish(),
        payment_status: z.string().max(64).nullish(),
        amount_total: z.number().int().nullish(),
        currency: z.string().max(10).nullish(),
      })
      .loose(),
  }),
});

/** Events that mean a Checkout Session's money arrived (card: at once; bank debits: later). */
const PAID_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

export type WebhookOutcome = 'paid' | 'duplicate' | 'ignored';

/**
 * One verified webhook event, exactly once: its id is stored in the same transaction as its
 * effect, so Stripe's retries and a replayed event change nothing the second time. A paid
 * Checkout Session marks its order paid when the order awaits payment and the amount and
 * currency are the order's; anything else is recorded and acknowledged (Stripe would otherwise
 * retry it for days) and logged for staff.
 */
export async function handleStripeEvent(
  app: FastifyInstance,
  payload: unknown,
): Promise<WebhookOutcome> {
  const parsed = StripeEvent.safeParse(payload);
  if (!parsed.success) {
    throw new HttpError(400, 'bad_event', 'The body is not a Stripe event');
  }
  const event = parsed.data;
  const session = event.data.object;
  const orderId = session.metadata?.order_id ?? session.client_reference_id ?? null;
  const now = app.config.now?.() ?? new Date();

  const result = await app.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!stored) return { outcome: 'duplicate' as const };
    if (!PAID_EVENTS.has(event.type) || session.payment_status !== 'paid') {
      return { outcome: 'ignored' as const };
    }
    if (!orderId || !z.uuid().safeParse(orderId).success) {
      app.log.warn({ stripe: { event: event.id } }, 'stripe payment for no order of ours');
      return { outcome: 'ignored' as const };
    }
    const order = await findOrder(tx, orderId);
    if (!order) {
      app.log.warn({ stripe: { event: event.id } }, 'stripe payment for an unknown order');
      return { outcome: 'ignored' as const };
    }
    if (session.amount_total !== order.total_pence || session.currency !== 'gbp') {
      app.log.warn(
        { stripe: { event: event.id }, order: { id: order.id } },
        'stripe payment amount differs from the order: not marked paid',
      );
      return { outcome: 'ignored' as const };
    }
    if (order.status !== 'awaiting_payment') {
      app.log.warn(
        { stripe: { event: event.id }, order: { id: order.id, status: order.status } },
        'stripe payment for an order not awaiting payment (refund it in Stripe if needed)',
      );
      return { outcome: 'ignored' as const };
    }
    const moved = await moveOrder(tx, order.id, 'paid', now);
    return { outcome: 'paid' as const, orderId: order.id, userId: moved?.after.userId ?? null };
  });

  if (result.outcome === 'paid') {
    app.log.info({ order: { id: result.orderId } }, 'order paid through stripe');
    const order = await findOrder(app.db, result.orderId);
    if (order) await sendOrderMail(app, 'paid', order, result.userId);
  }
  return result.outcome;
}

import { ApiError, ErrorCode } from '@lumiskin/contract/errors';
import {
  CheckoutInfo,
  Order,
  OrderErrorCode,
  OrderList,
  OrderMessages,
  OrderParams,
  PayOrderResponse,
  PlaceOrderBody,
  PlaceOrderResponse,
  WebhookAck,
} from '@lumiskin/contract/orders';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, conflict, HttpError, notFoundUnless } from '../../http/errors';
import { exceedsJsonDepth } from '../../lib/json-depth';
import { DELIVERY_PENCE, findLastAddress, findOrder, listOrders, placeOrder } from './repository';
import { handleStripeEvent, newAttempt, sendOrderMail, startPayment } from './service';
import { verifyStripeSignature } from './stripe';

const security = [{ bearer: [] }];
const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 502: ApiError };

/** A Stripe event is a few kilobytes; anything near this is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * /api/orders: checkout from the mix, the person's orders, paying again, and Stripe's webhook
 * (decisions 083, 084). Every route but the webhook is the signed-in person's own; another person's
 * order is a 404, as if it did not exist.
 */
const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const paymentMethod = (): 'stripe' | 'manual' => (app.config.stripe ? 'stripe' : 'manual');

  app.get(
    '/checkout',
    {
      schema: {
        tags: ['orders'],
        summary: 'How checkout works here: payment method, delivery charge, the last address',
        security,
        response: { 200: CheckoutInfo, 401: ApiError },
      },
    },
    async (request) => ({
      payment_method: paymentMethod(),
      delivery_pence: DELIVERY_PENCE,
      last_address: await findLastAddress(app.db, request.user.id),
    }),
  );

  app.get(
    '/',
    {
      schema: {
        tags: ['orders'],
        summary: "The signed-in person's orders, newest first",
        security,
        response: { 200: OrderList, 401: ApiError },
      },
    },
    async (request) => ({ orders: await listOrders(app.db, request.user.id) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['orders'],
        summary: 'Order the mix (priced by the server) to a UK address',
        security,
        body: PlaceOrderBody,
        response: { 201: PlaceOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const order = await placeOrder(app.db, {
        userId: user.id,
        address: request.body.address,
        expectedTotalPence: request.body.expected_total_pence,
        paymentMethod: paymentMethod(),
      });
      request.log.info({ order: { id: order.id, total_pence: order.total_pence } }, 'order placed');
      await sendOrderMail(app, 'placed', order, user.id);
      let checkoutUrl: string | null = null;
      if (order.payment_method === 'stripe') {
        // The order stands even when Stripe does not answer: the order page offers "Pay now".
        checkoutUrl = await startPayment(app, order, user.email, 'first').catch(() => null);
      }
      return reply.status(201).send({ order, checkout_url: checkoutUrl });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One of your orders',
        security,
        params: OrderParams,
        response: { 200: Order, ...errors },
      },
    },
    async (request) =>
      notFoundUnless(
        await findOrder(app.db, request.params.id, request.user.id),
        OrderMessages.notFound,
      ),
  );

  app.post(
    '/:id/pay',
    {
      schema: {
        tags: ['orders'],
        summary: 'A new Stripe Checkout page for an order awaiting payment',
        security,
        params: OrderParams,
        response: { 200: PayOrderResponse, ...errors },
      },
    },
    async (request) => {
      const order = notFoundUnless(
        await findOrder(app.db, request.params.id, request.user.id),
        OrderMessages.notFound,
      );
      if (order.status !== 'awaiting_payment') {
        throw conflict(OrderMessages.notAwaitingPayment, OrderErrorCode.notAwaitingPayment);
      }
      return {
        checkout_url: await startPayment(app, order, request.user.email, newAttempt()),
      };
    },
  );

  await app.register(stripeWebhookRoute);
};

/** The bytes Stripe signed, kept beside the parsed body for the signature check. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * POST /api/orders/stripe/webhook, in a scope of its own whose JSON parser keeps the raw body:
 * the signature covers the exact bytes Stripe sent, which a re-serialised object would not be.
 */
const stripeWebhookRoute: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (request, body, done) => {
      const raw = body as Buffer;
      const text = raw.toString('utf8');
      if (exceedsJsonDepth(text)) {
        done(badRequest('The request body nests too deeply'), undefined);
        return;
      }
      try {
        const parsed: unknown = JSON.parse(text);
        rawBodies.set(request, raw);
        done(null, parsed);
      } catch {
        done(badRequest('The request body is not JSON'), undefined);
      }
    },
  );

  app.post(
    '/stripe/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      // Stripe's event, checked against its signature in the handler: no zod body schema.
      config: { readsItsOwnBody: true },
      schema: {
        tags: ['orders'],
        summary: "Stripe's webhook (signed): a paid Checkout Session marks its order paid",
        hide: true,
        response: { 200: WebhookAck, 400: ApiError },
      },
    },
    async (request) => {
      const secret = app.config.stripe?.webhookSecret;
      if (!secret) throw badRequest('Payments are not configured', 'webhook_not_configured');
      const raw = rawBodies.get(request);
      if (!raw) throw badRequest('Send the event as application/json', ErrorCode.validation);
      const now = (app.config.now?.() ?? new Date()).getTime() / 1000;
      const header = request.headers['stripe-signature'];
      const check = verifyStripeSignature(
        raw,
        typeof header === 'string' ? header : undefined,
        secret,
        Math.floor(now),
        app.config.stripe?.toleranceS,
      );
      if (!check.ok) {
        request.log.warn({ stripe: { signature: check.reason } }, 'stripe webhook refused');
        throw new HttpError(400, 'bad_signature', 'The Stripe-Signature header does not match');
      }
      await handleStripeEvent(app, request.body);
      return { received: true as const };
    },
  );
};

export default ordersRoutes;

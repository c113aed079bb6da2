import { Order, PayOrderResponse, PlaceOrderResponse } from '@lumiskin/contract/orders';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { signStripe, startStripeServer } from '../../../test/stripe-server';
import { readOutbox } from '../mail/mailer';
import { productsSeeder } from '../shop/seed';
import { orders } from './schema';
import { formEncode, verifyStripeSignature } from './stripe';

const SECRET_KEY = 'sk_test_lumiskin123';
const WEBHOOK_SECRET = 'whsec_test_lumiskin456';
const APP_URL = 'https://shop.lumiskin.test';

let stripe: Awaited<ReturnType<typeof startStripeServer>>;
let app: FastifyInstance;

beforeAll(async () => {
  stripe = await startStripeServer(SECRET_KEY);
  app = await buildTestApp({
    appUrl: APP_URL,
    stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url },
  });
  await productsSeeder.run(app.db, () => {});
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const address = {
  full_name: 'Grace Hopper',
  line1: '1 Harbour Road',
  city: 'Bristol',
  postcode: 'BS1 4DJ',
};
const MIX = [
  { product_id: 'aquahydra', quantity: 1 },
  { product_id: 'calmbarrier', quantity: 1 },
];
const MIX_TOTAL = 5200 + 4800;

async function order(user: CreatedUser): Promise<PlaceOrderResponse> {
  const put = await app.inject({
    method: 'PUT',
    url: '/api/mix',
    headers: user.headers,
    payload: { items: MIX },
  });
  expect(put.statusCode, put.body).toBe(200);
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: user.headers,
    payload: { address, expected_total_pence: MIX_TOTAL },
  });
  expect(res.statusCode, res.body).toBe(201);
  return PlaceOrderResponse.parse(res.json());
}

const nowS = () => Math.floor(Date.now() / 1000);

function webhook(payload: string, signature: string | undefined) {
  return app.inject({
    method: 'POST',
    url: '/api/orders/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature !== undefined && { 'stripe-signature': signature }),
    },
    payload,
  });
}

const statusOf = async (id: string) =>
  (await app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;

describe('Stripe Checkout', () => {
  it('creates a Checkout Session from the order (form-encoded, our origin, the order’s lines) and sends the person there', async () => {
    const user = await createUser(app);
    const placed = await order(user);
    expect(placed.order.payment_method).toBe('stripe');
    expect(placed.order.status).toBe('awaiting_payment');
    const session = [...stripe.sessions.values()].find(
      (s) => s.client_reference_id === placed.order.id,
    );
    expect(session).toBeDefined();
    expect(placed.checkout_url).toBe(session!.url);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: MIX_TOTAL,
      currency: 'gbp',
      customer_email: user.user.email,
      metadata: { order_id: placed.order.id },
      success_url: `${APP_URL}/orders/${placed.order.id}?payment=success`,
      cancel_url: `${APP_URL}/orders/${placed.order.id}?payment=cancelled`,
      line_items: [
        { name: 'AquaHydra', unit_amount: 5200, quantity: 1 },
        { name: 'CalmBarrier', unit_amount: 4800, quantity: 1 },
      ],
    });
    const request = stripe.requests.find((r) => r.form.client_reference_id === placed.order.id);
    expect(request?.idempotencyKey).toBe(`order-${placed.order.id}-first`);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row?.stripeSessionId).toBe(session!.id);
  });

  it('keeps the order when Stripe fails, and "Pay now" opens a new session later', async () => {
    const user = await createUser(app);
    stripe.failNextWith(500);
    const placed = await order(user);
    expect(placed.checkout_url).toBeNull();
    expect(placed.order.status).toBe('awaiting_payment');

    stripe.failNextWith(503);
    const down = await app.inject({
      method: 'POST',
      url: `/api/orders/${placed.order.id}/pay`,
      headers: user.headers,
    });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'payment_provider_error' });
    expect(down.body).not.toContain(SECRET_KEY);

    const pay = await app.inject({
      method: 'POST',
      url: `/api/orders/${placed.order.id}/pay`,
      headers: user.headers,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const { checkout_url } = PayOrderResponse.parse(pay.json());
    expect(checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
  });

  it('is refused by Stripe with a wrong key (the stand-in checks the bearer key)', async () => {
    const wrong = await buildTestApp({
      stripe: { secretKey: 'sk_test_wrong', webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url },
    });
    try {
      await productsSeeder.run(wrong.db, () => {});
      const user = await createUser(wrong);
      await wrong.inject({
        method: 'PUT',
        url: '/api/mix',
        headers: user.headers,
        payload: { items: MIX },
      });
      const res = await wrong.inject({
        method: 'POST',
        url: '/api/orders',
        headers: user.headers,
        payload: { address, expected_total_pence: MIX_TOTAL },
      });
      expect(res.statusCode).toBe(201);
      expect(PlaceOrderResponse.parse(res.json()).checkout_url).toBeNull();
    } finally {
      await wrong.close();
    }
  });
});

describe('the signed webhook', () => {
  it('a good signature marks the order paid, once; the same event again changes nothing', async () => {
    const user = await createUser(app);
    const placed = await order(user);
    const sessionId = (await app.db.select().from(orders).where(eq(orders.id, placed.order.id)))[0]!
      .stripeSessionId!;
    const payload = stripe.completedEvent(sessionId);
    const res = await webhook(payload, signStripe(payload, WEBHOOK_SECRET, nowS()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await statusOf(placed.order.id)).toBe('paid');
    const read = Order.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/orders/${placed.order.id}`,
          headers: user.headers,
        })
      ).json(),
    );
    expect(read.paid_at).not.toBeNull();
    const mails = () => readOutbox(app.db, user.user.email);
    expect((await mails()).map((m) => m.subject)).toContain(
      `Payment received for order ${placed.order.number}`,
    );
    const mailCount = (await mails()).length;

    // Stripe retries, or someone replays the captured request within the tolerance.
    const again = await webhook(payload, signStripe(payload, WEBHOOK_SECRET, nowS()));
    expect(again.statusCode).toBe(200);
    expect((await mails()).length).toBe(mailCount);
    // Staff shipped meanwhile: a replay must not move it back or mail again.
    const admin = await createUser(app, { role: 'admin' });
    await app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${placed.order.id}/status`,
      headers: admin.headers,
      payload: { status: 'shipped' },
    });
    const replay = await webhook(payload, signStripe(payload, WEBHOOK_SECRET, nowS()));
    expect(replay.statusCode).toBe(200);
    expect(await statusOf(placed.order.id)).toBe('shipped');
    const stored = await app.db.execute(
      sql`select count(*)::int as n from stripe_events where id = ${JSON.parse(payload).id as string}`,
    );
    expect(stored[0]).toEqual({ n: 1 });
  });

  it('a bad signature, a missing one, or a stale timestamp is a 400 and changes nothing', async () => {
    const user = await createUser(app);
    const placed = await order(user);
    const sessionId = (await app.db.select().from(orders).where(eq(orders.id, placed.order.id)))[0]!
      .stripeSessionId!;
    const payload = stripe.completedEvent(sessionId);

    const wrongSecret = await webhook(payload, signStripe(payload, 'whsec_other', nowS()));
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toMatchObject({ code: 'bad_signature' });

    // The body changed after signing (an attacker lowering the amount, say).
    const tampered = payload.replace('"amount_total":10000', '"amount_total":10001');
    expect(tampered).not.toBe(payload);
    const edited = await webhook(tampered, signStripe(payload, WEBHOOK_SECRET, nowS()));
    expect(edited.statusCode).toBe(400);

    expect((await webhook(payload, undefined)).statusCode).toBe(400);
    expect((await webhook(payload, 'garbage')).statusCode).toBe(400);

    const stale = await webhook(payload, signStripe(payload, WEBHOOK_SECRET, nowS() - 301));
    expect(stale.statusCode).toBe(400);
    const future = await webhook(payload, signStripe(payload, WEBHOOK_SECRET, nowS() + 301));
    expect(future.statusCode).toBe(400);

    expect(await statusOf(placed.order.id)).toBe('awaiting_payment');
    const events = await app.db.execute(
      sql`select 1 from stripe_events where id = ${JSON.parse(payload).id as string}`,
    );
    expect(events.length).toBe(0);
  });

  it('an event for an unknown order, a wrong amount or an unpaid session is acknowledged and changes nothing', async () => {
    const user = await createUser(app);
    const placed = await order(user);
    const sessionId = (await app.db.select().from(orders).where(eq(orders.id, placed.order.id)))[0]!
      .stripeSessionId!;
    const send = async (payload: string) => {
      const res = await webhook(payload, signStripe(payload, WEBHOOK_SECRET, nowS()));
      expect(res.statusCode, res.body).toBe(200);
    };
    await send(
      stripe.completedEvent(sessionId, {
        client_reference_id: crypto.randomUUID(),
        metadata: { order_id: crypto.randomUUID() },
      }),
    );
    await send(stripe.completedEvent(sessionId, { metadata: { order_id: 'not-a-uuid' } }));
    await send(stripe.completedEvent(sessionId, { amount_total: 100 }));
    await send(stripe.completedEvent(sessionId, { currency: 'usd' }));
    await send(stripe.completedEvent(sessionId, { payment_status: 'unpaid' }));
    expect(await statusOf(placed.order.id)).toBe('awaiting_payment');
  });

  it('refuses a body that is not a Stripe event, or not JSON, even when signed', async () => {
    const notEvent = JSON.stringify({ hello: 'world' });
    const res = await webhook(notEvent, signStripe(notEvent, WEBHOOK_SECRET, nowS()));
    expect(res.statusCode).toBe(400);
    const notJson = await webhook('{nope', signStripe('{nope', WEBHOOK_SECRET, nowS()));
    expect(notJson.statusCode).toBe(400);
  });

  it('is refused on a server without a webhook secret', async () => {
    const bare = await buildTestApp();
    try {
      const payload = JSON.stringify({ id: 'evt_1', type: 'x', data: { object: {} } });
      const res = await bare.inject({
        method: 'POST',
        url: '/api/orders/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signStripe(payload, WEBHOOK_SECRET, nowS()),
        },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'webhook_not_configured' });
    } finally {
      await bare.close();
    }
  });
});

describe('the Stripe helpers', () => {
  it('encodes nested parameters as Stripe reads them', () => {
    expect(
      decodeURIComponent(
        formEncode({
          mode: 'payment',
          line_items: [{ quantity: 2, price_data: { unit_amount: 5 } }],
        }),
      ),
    ).toBe('mode=payment&line_items[0][quantity]=2&line_items[0][price_data][unit_amount]=5');
  });

  it('accepts any of several v1 signatures (a secret being rolled) and compares bytes', () => {
    const body = Buffer.from('{"id":"evt_1"}');
    const t = 1_700_000_000;
    const good = signStripe(body.toString(), 's1', t).split(',')[1]!;
    const other = signStripe(body.toString(), 's2', t).split(',')[1]!;
    expect(verifyStripeSignature(body, `t=${t},${other},${good}`, 's1', t)).toEqual({ ok: true });
    expect(verifyStripeSignature(body, `t=${t},${other}`, 's1', t)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyStripeSignature(body, `t=${t},v0=${'a'.repeat(64)}`, 's1', t)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});

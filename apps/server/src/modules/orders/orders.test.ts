import { AuditList } from '@lumiskin/contract/admin';
import {
  AdminOrder,
  AdminOrderList,
  CheckoutInfo,
  MAX_OPEN_ORDERS,
  Order,
  OrderList,
  OrderMessages,
  PlaceOrderResponse,
  type DeliveryAddressInput,
  type OrderStatus,
} from '@lumiskin/contract/orders';
import { AccountExport } from '@lumiskin/contract/account';
import { formatPounds } from '@lumiskin/contract/mix';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { readOutbox } from '../mail/mailer';
import { products } from '../shop/schema';
import { productsSeeder } from '../shop/seed';
import { orders } from './schema';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  await productsSeeder.run(app.db, () => {});
});
afterAll(() => app.close());

const address: DeliveryAddressInput = {
  full_name: 'Ada Lovelace',
  line1: '12 Example Street',
  line2: 'Flat 3',
  city: 'London',
  county: '',
  postcode: 'sw1a1aa',
  phone: '+44 7700 900123',
};

/** The mix of the issue: one base (£54) and two boosters (£38 + £42)… plus a cleanser ×2 (£16). */
const MIX = [
  { product_id: 'sebobalance', quantity: 1 },
  { product_id: 'clearcomplex', quantity: 1 },
  { product_id: 'brightradiance', quantity: 1 },
  { product_id: 'gentle-cream-cleanser', quantity: 2 },
];
const MIX_TOTAL = 5400 + 3800 + 4200 + 2 * 1600;

async function putMix(user: CreatedUser, items = MIX) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/mix',
    headers: user.headers,
    payload: { items },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const place = (user: CreatedUser, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/orders', headers: user.headers, payload: body });

async function placeMix(user: CreatedUser): Promise<PlaceOrderResponse> {
  await putMix(user);
  const res = await place(user, { address, expected_total_pence: MIX_TOTAL });
  expect(res.statusCode, res.body).toBe(201);
  return PlaceOrderResponse.parse(res.json());
}

const setStatus = (admin: CreatedUser, id: string, status: OrderStatus) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${id}/status`,
    headers: admin.headers,
    payload: { status },
  });

describe('placing an order from the mix (no Stripe key)', () => {
  it('copies names and prices of the moment, totals on the server, remembers the address, empties the mix and mails', async () => {
    const user = await createUser(app);
    const { order, checkout_url } = await placeMix(user);
    expect(checkout_url).toBeNull();
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      payment_method: 'manual',
      subtotal_pence: MIX_TOTAL,
      delivery_pence: 0,
      total_pence: MIX_TOTAL,
      currency: 'gbp',
      address: {
        full_name: 'Ada Lovelace',
        postcode: 'SW1A 1AA',
        phone: '07700900123',
        country: 'GB',
      },
    });
    expect(order.lines.map((l) => [l.product_id, l.unit_price_pence, l.quantity])).toEqual([
      ['sebobalance', 5400, 1],
      ['clearcomplex', 3800, 1],
      ['brightradiance', 4200, 1],
      ['gentle-cream-cleanser', 1600, 2],
    ]);
    expect(order.lines[3]!.line_total_pence).toBe(3200);

    // The mix is now empty, and a second click finds nothing to order.
    const mix = await app.inject({ method: 'GET', url: '/api/mix', headers: user.headers });
    expect(mix.json()).toMatchObject({ items: [], total_pence: 0 });
    const again = await place(user, { address, expected_total_pence: MIX_TOTAL });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: OrderMessages.emptyMix, code: 'empty_mix' });

    // The address is offered at the next checkout.
    const info = CheckoutInfo.parse(
      (
        await app.inject({ method: 'GET', url: '/api/orders/checkout', headers: user.headers })
      ).json(),
    );
    expect(info.payment_method).toBe('manual');
    expect(info.last_address).toMatchObject({ line1: '12 Example Street', postcode: 'SW1A 1AA' });

    // A confirmation mail without the address or name in it.
    const [mail] = await readOutbox(app.db, user.user.email);
    expect(mail?.subject).toBe(`Your Lumiskin order ${order.number}`);
    expect(mail?.text).toContain('awaiting payment');
    expect(mail?.text).toContain(`Total — ${formatPounds(MIX_TOTAL)}`);
    expect(mail?.text).toContain(`/orders/${order.id}`);
    expect(mail?.text).not.toMatch(/Example Street|Lovelace|SW1A/);
  });

  it('numbers orders from 1001, one after another, as shops do (decision 199)', async () => {
    const first = (await placeMix(await createUser(app))).order.number;
    const second = (await placeMix(await createUser(app))).order.number;
    expect(second).toBe(first + 1);
    // This database's first order (another test's, or this one's) was 1001: none below it.
    const [lowest] = await app.db.select({ n: sql<number>`min(${orders.number})` }).from(orders);
    expect(lowest?.n).toBe(1001);
  });

  it('keeps the price of the day when the catalogue changes afterwards', async () => {
    const user = await createUser(app);
    const { order } = await placeMix(user);
    await app.db
      .update(products)
      .set({ pricePence: 9900, name: 'SeboBalance 2' })
      .where(eq(products.id, 'sebobalance'));
    try {
      const res = await app.inject({
        method: 'GET',
        url: `/api/orders/${order.id}`,
        headers: user.headers,
      });
      const read = Order.parse(res.json());
      expect(read.lines[0]).toMatchObject({ name: 'SeboBalance', unit_price_pence: 5400 });
      expect(read.total_pence).toBe(MIX_TOTAL);
    } finally {
      await app.db
        .update(products)
        .set({ pricePence: 5400, name: 'SeboBalance' })
        .where(eq(products.id, 'sebobalance'));
    }
  });

  it('never takes the total from the client: a different figure is a 409 and writes nothing', async () => {
    const user = await createUser(app);
    await putMix(user);
    const cheap = await place(user, { address, expected_total_pence: 100 });
    expect(cheap.statusCode).toBe(409);
    expect(cheap.json()).toMatchObject({ code: 'price_changed' });
    // Fields the route does not know (a client-side price) are refused, not silently used.
    const withPrices = await place(user, {
      address,
      expected_total_pence: MIX_TOTAL,
      lines: [{ product_id: 'sebobalance', unit_price_pence: 1 }],
    });
    expect(withPrices.statusCode).toBe(400);
    const list = OrderList.parse(
      (await app.inject({ method: 'GET', url: '/api/orders', headers: user.headers })).json(),
    );
    expect(list.orders).toEqual([]);
    expect(
      (await app.inject({ method: 'GET', url: '/api/mix', headers: user.headers })).json().items,
    ).toHaveLength(4);
  });

  it('enforces the mix rule: no base is a 409, and an empty mix too', async () => {
    const user = await createUser(app);
    await putMix(user, [{ product_id: 'clearcomplex', quantity: 1 }]);
    const noBase = await place(user, { address, expected_total_pence: 3800 });
    expect(noBase.statusCode).toBe(409);
    expect(noBase.json()).toEqual({ detail: OrderMessages.incompleteMix, code: 'incomplete_mix' });
    // A mix that broke the rule in the database (written around the API) is refused too.
    await app.db.execute(
      sql`insert into mix_items (user_id, product_id, quantity) values (${user.user.id}, 'aquahydra', 1), (${user.user.id}, 'barrierrepair', 1)`,
    );
    const twoBases = await place(user, { address, expected_total_pence: 3800 + 5200 + 5600 });
    expect(twoBases.statusCode).toBe(409);
    expect(twoBases.json()).toMatchObject({ code: 'second_base' });
  });

  it('validates the UK address field by field and writes nothing', async () => {
    const user = await createUser(app);
    await putMix(user);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...address, postcode: '12345' }, 'address.postcode'],
      [{ ...address, full_name: '   ' }, 'address.full_name'],
      [{ ...address, line1: 'x'.repeat(101) }, 'address.line1'],
      [{ ...address, city: '' }, 'address.city'],
      [{ ...address, phone: '12' }, 'address.phone'],
      [{ ...address, country: 'FR' }, 'address.country'],
      [{ ...address, line1: '<script>' }, 'address.line1'],
    ];
    for (const [bad, field] of cases) {
      const res = await place(user, { address: bad, expected_total_pence: MIX_TOTAL });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
      expect(Object.keys(res.json().fields ?? {}), field).toContain(field);
    }
    expect((await app.db.select().from(orders).where(eq(orders.userId, user.user.id))).length).toBe(
      0,
    );
  });

  it('caps orders awaiting payment per account', async () => {
    const user = await createUser(app);
    for (let i = 0; i < MAX_OPEN_ORDERS; i++) await placeMix(user);
    await putMix(user);
    const res = await place(user, { address, expected_total_pence: MIX_TOTAL });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'too_many_open_orders' });
  });

  it('places one order when "Place order" is sent twice at once', async () => {
    const user = await createUser(app);
    await putMix(user);
    const results = await Promise.all([
      place(user, { address, expected_total_pence: MIX_TOTAL }),
      place(user, { address, expected_total_pence: MIX_TOTAL }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('whose orders', () => {
  it("needs a session, and someone else's order is a 404", async () => {
    const alice = await createUser(app);
    const bob = await createUser(app);
    const { order } = await placeMix(alice);
    expect((await app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/orders', payload: {} })).statusCode).toBe(
      401,
    );
    const peek = await app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: bob.headers,
    });
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain('Ada');
    const pay = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/pay`,
      headers: bob.headers,
    });
    expect(pay.statusCode).toBe(404);
    const bobs = OrderList.parse(
      (await app.inject({ method: 'GET', url: '/api/orders', headers: bob.headers })).json(),
    );
    expect(bobs.orders).toEqual([]);
    const alices = OrderList.parse(
      (await app.inject({ method: 'GET', url: '/api/orders', headers: alice.headers })).json(),
    );
    expect(alices.orders).toEqual([
      expect.objectContaining({
        id: order.id,
        number: order.number,
        item_count: 5,
        total_pence: MIX_TOTAL,
      }),
    ]);
    const notUuid = await app.inject({
      method: 'GET',
      url: '/api/orders/1',
      headers: alice.headers,
    });
    expect(notUuid.statusCode).toBe(400);
  });

  it('without a Stripe key, paying by card is refused plainly', async () => {
    const user = await createUser(app);
    const { order } = await placeMix(user);
    const res = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/pay`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'payment_unavailable' });
  });
});

describe('staff and order statuses', () => {
  it('admins move orders along allowed transitions only, each change audited; 409 otherwise', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const user = await createUser(app);
    const { order } = await placeMix(user);

    const list = AdminOrderList.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/admin/orders?status=awaiting_payment',
          headers: admin.headers,
        })
      ).json(),
    );
    const row = list.orders.find((o) => o.id === order.id);
    expect(row).toMatchObject({
      customer: { id: user.user.id, email: user.user.email },
      allowed_statuses: ['paid', 'cancelled'],
    });

    // Shipping before payment is not a move staff can make.
    const early = await setStatus(admin, order.id, 'shipped');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'bad_transition' });

    const paid = AdminOrder.parse((await setStatus(admin, order.id, 'paid')).json());
    expect(paid).toMatchObject({ status: 'paid', allowed_statuses: ['shipped', 'refunded'] });
    expect(paid.paid_at).not.toBeNull();
    const shipped = AdminOrder.parse((await setStatus(admin, order.id, 'shipped')).json());
    expect(shipped.status).toBe('shipped');
    expect((await setStatus(admin, order.id, 'paid')).statusCode).toBe(409);
    expect((await setStatus(admin, order.id, 'awaiting_payment')).statusCode).toBe(409);

    const audit = AuditList.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/admin/audit?entity=order&entity_id=${order.id}`,
          headers: admin.headers,
        })
      ).json(),
    );
    expect(audit.entries.map((e) => [e.action, e.before?.status, e.after?.status])).toEqual([
      ['order.shipped', 'paid', 'shipped'],
      ['order.paid', 'awaiting_payment', 'paid'],
    ]);
    expect(JSON.stringify(audit.entries)).not.toMatch(/Example Street|SW1A/);

    // The person hears about payment and shipping.
    const subjects = (await readOutbox(app.db, user.user.email)).map((m) => m.subject);
    expect(subjects).toEqual([
      `Order ${order.number} is on its way`,
      `Payment received for order ${order.number}`,
      `Your Lumiskin order ${order.number}`,
    ]);
  });

  it('a cancelled order can never be shipped', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const user = await createUser(app);
    const { order } = await placeMix(user);
    expect((await setStatus(admin, order.id, 'cancelled')).statusCode).toBe(200);
    for (const to of ['shipped', 'paid', 'refunded'] as const) {
      const res = await setStatus(admin, order.id, to);
      expect(res.statusCode, to).toBe(409);
    }
    const read = Order.parse(
      (
        await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: user.headers })
      ).json(),
    );
    expect(read.status).toBe('cancelled');
  });

  it('only admins: users get 403, moderators get 403, an unknown order is 404', async () => {
    const user = await createUser(app);
    const moderator = await createUser(app, { role: 'moderator' });
    const admin = await createUser(app, { role: 'admin' });
    const { order } = await placeMix(user);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/orders', headers: user.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/orders', headers: moderator.headers }))
        .statusCode,
    ).toBe(403);
    expect((await setStatus(moderator, order.id, 'paid')).statusCode).toBe(403);
    expect((await setStatus(admin, crypto.randomUUID(), 'paid')).statusCode).toBe(404);
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order.id}/status`,
      headers: admin.headers,
      payload: { status: 'lost' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('privacy', () => {
  it('orders are in the export; deleting the account keeps the order for the accounts, without the person or address', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const user = await createUser(app);
    const { order } = await placeMix(user);

    const exported = await app.inject({
      method: 'GET',
      url: '/api/users/me/export',
      headers: user.headers,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const data = AccountExport.parse(exported.json());
    expect(data.orders).toEqual([
      expect.objectContaining({ id: order.id, total_pence: MIX_TOTAL }),
    ]);
    expect(data.delivery_address).toEqual([expect.objectContaining({ postcode: 'SW1A 1AA' })]);

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: user.headers,
      payload: { password: user.password },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      userId: null,
      fullName: null,
      line1: null,
      postcode: null,
      phone: null,
      totalPence: MIX_TOTAL,
    });
    expect(row?.anonymisedAt).not.toBeNull();
    const list = AdminOrderList.parse(
      (
        await app.inject({ method: 'GET', url: '/api/admin/orders', headers: admin.headers })
      ).json(),
    );
    expect(list.orders.find((o) => o.id === order.id)).toMatchObject({
      customer: null,
      address: null,
    });
    const remembered = await app.db.execute(
      sql`select 1 from delivery_addresses where user_id = ${user.user.id}`,
    );
    expect(remembered.length).toBe(0);
  });
});

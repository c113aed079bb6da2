import { MixMessages } from '@lumiskin/contract/mix';
import { MixResponse, ShopProductListItem } from '@lumiskin/contract/shop';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { productsSeeder } from '../shop/seed';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  await productsSeeder.run(app.db, () => {});
});
afterAll(() => app.close());

const put = (user: CreatedUser, items: unknown) =>
  app.inject({ method: 'PUT', url: '/api/mix', headers: user.headers, payload: { items } });
const get = async (user: CreatedUser) => {
  const res = await app.inject({ method: 'GET', url: '/api/mix', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return MixResponse.parse(res.json());
};

describe('/api/mix', () => {
  it('treats a hidden product as unknown: PUT refuses it and nothing of it comes back', async () => {
    const user = await createUser(app);
    const [before] = await app.db.execute<{ name: string; description: string; price: number }>(
      sql`select name, description, price_pence as price from products where id = 'gentle-cream-cleanser'`,
    );
    await app.db.execute(
      sql`update products set hidden = true, name = 'Secret Launch', description = 'Not yet public', price_pence = 1234 where id = 'gentle-cream-cleanser'`,
    );
    try {
      const res = await put(user, [{ product_id: 'gentle-cream-cleanser', quantity: 1 }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unknown_product', detail: expect.any(String) });
      expect(res.body).not.toMatch(/Secret Launch|Not yet public|1234/);
      expect(await get(user)).toMatchObject({ items: [], total_pence: 0 });
      // Merged from a visitor's browser: skipped, not shown.
      const merged = await app.inject({
        method: 'POST',
        url: '/api/mix/merge',
        headers: user.headers,
        payload: { items: [{ product_id: 'gentle-cream-cleanser', quantity: 1 }] },
      });
      expect(merged.statusCode).toBe(200);
      expect(merged.body).not.toMatch(/Secret Launch|Not yet public/);
      expect(MixResponse.parse(merged.json()).skipped).toEqual(['gentle-cream-cleanser']);
    } finally {
      await app.db.execute(
        sql`update products set hidden = false, name = ${before!.name}, description = ${before!.description}, price_pence = ${before!.price} where id = 'gentle-cream-cleanser'`,
      );
    }
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/mix' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/mix', payload: { items: [] } })).statusCode,
    ).toBe(401);
  });

  it('stores one base, two boosters and everyday products with quantities, and totals them in pence', async () => {
    const user = await createUser(app);
    expect(await get(user)).toEqual({ items: [], count: 0, total_pence: 0, complete: false });
    const res = await put(user, [
      { product_id: 'sebobalance', quantity: 1 },
      { product_id: 'clearcomplex', quantity: 1 },
      { product_id: 'brightradiance', quantity: 1 },
      { product_id: 'gentle-cream-cleanser', quantity: 2 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const mix = await get(user);
    expect(mix.items.map((i) => [i.product_id, i.quantity])).toEqual([
      ['sebobalance', 1],
      ['clearcomplex', 1],
      ['brightradiance', 1],
      ['gentle-cream-cleanser', 2],
    ]);
    expect(mix.count).toBe(5);
    expect(mix.total_pence).toBe(5400 + 3800 + 4200 + 2 * 1600);
    expect(mix.complete).toBe(true);
    // Each line's product as the catalogue lists it (decision 141): no usage text, on PUT too.
    const listFields = Object.keys(ShopProductListItem.shape).sort();
    for (const answer of [res.json() as MixResponse, mix]) {
      for (const item of answer.items) expect(Object.keys(item.product).sort()).toEqual(listFields);
    }
  });

  it('refuses a second base and a third booster with the spec messages, keeping the stored mix', async () => {
    const user = await createUser(app);
    await put(user, [{ product_id: 'aquahydra', quantity: 1 }]);

    const twoBases = await put(user, [
      { product_id: 'aquahydra', quantity: 1 },
      { product_id: 'barrierrepair', quantity: 1 },
    ]);
    expect(twoBases.statusCode).toBe(400);
    expect(twoBases.json()).toEqual({ detail: MixMessages.secondBase, code: 'second_base' });
    expect(MixMessages.secondBase).toBe(
      'You can only have 1 base in your mix. Remove the current base first.',
    );

    const threeBoosters = await put(user, [
      { product_id: 'clearcomplex', quantity: 1 },
      { product_id: 'calmbarrier', quantity: 1 },
      { product_id: 'eventone', quantity: 1 },
    ]);
    expect(threeBoosters.statusCode).toBe(400);
    expect(threeBoosters.json()).toEqual({
      detail: 'You can only have 2 boosters in your mix. Remove a booster first.',
      code: 'third_booster',
    });

    expect((await get(user)).items.map((i) => i.product_id)).toEqual(['aquahydra']);
  });

  it('refuses two of the base: one base per mix means quantity 1', async () => {
    const user = await createUser(app);
    await put(user, [{ product_id: 'aquahydra', quantity: 1 }]);
    const twoOfTheBase = await put(user, [{ product_id: 'aquahydra', quantity: 2 }]);
    expect(twoOfTheBase.statusCode).toBe(400);
    expect(twoOfTheBase.json()).toEqual({
      detail: MixMessages.baseQuantity,
      code: 'base_quantity',
    });
    // Boosters and everyday products may still come in twos.
    const twoBoosters = await put(user, [
      { product_id: 'aquahydra', quantity: 1 },
      { product_id: 'clearcomplex', quantity: 2 },
    ]);
    expect(twoBoosters.statusCode, twoBoosters.body).toBe(200);
    expect((await get(user)).items.map((i) => [i.product_id, i.quantity])).toEqual([
      ['aquahydra', 1],
      ['clearcomplex', 2],
    ]);
  });

  it('refuses unknown products, negative, zero, fractional and absurd quantities, and duplicates', async () => {
    const user = await createUser(app);
    const unknown = await put(user, [{ product_id: 'moon-dust', quantity: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'unknown_product',
      detail: MixMessages.unknownProduct,
    });

    for (const quantity of [-1, 0, 1.5, 11, 1e9, '2', null]) {
      const res = await put(user, [{ product_id: 'aquahydra', quantity }]);
      expect(res.statusCode, `quantity ${String(quantity)}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
    }
    const dup = await put(user, [
      { product_id: 'aquahydra', quantity: 1 },
      { product_id: 'aquahydra', quantity: 2 },
    ]);
    expect(dup.statusCode).toBe(400);
    const tooMany = await put(
      user,
      Array.from({ length: 31 }, (_, i) => ({ product_id: `p-${i}`, quantity: 1 })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await put(user, 'not a list')).statusCode).toBe(400);
    expect((await get(user)).items).toEqual([]);
  });

  it("keeps each user's mix to themselves", async () => {
    const alice = await createUser(app);
    const bob = await createUser(app);
    await put(alice, [{ product_id: 'gentle-cream-cleanser', quantity: 3 }]);
    await put(bob, []);
    expect((await get(alice)).items.map((i) => [i.product_id, i.quantity])).toEqual([
      ['gentle-cream-cleanser', 3],
    ]);
    expect((await get(bob)).items).toEqual([]);
  });

  it("merges a visitor's mix: larger quantity wins (a base stays 1), the rule keeps out a second base, unknown ids are skipped", async () => {
    const user = await createUser(app);
    await put(user, [
      { product_id: 'aquahydra', quantity: 1 },
      { product_id: 'clearcomplex', quantity: 2 },
    ]);
    const merge = () =>
      app.inject({
        method: 'POST',
        url: '/api/mix/merge',
        headers: user.headers,
        payload: {
          items: [
            { product_id: 'sebobalance', quantity: 1 },
            { product_id: 'aquahydra', quantity: 2 },
            { product_id: 'calmbarrier', quantity: 1 },
            { product_id: 'eventone', quantity: 1 },
            { product_id: 'discontinued', quantity: 1 },
          ],
        },
      });
    const res = await merge();
    expect(res.statusCode, res.body).toBe(200);
    const mix = MixResponse.parse(res.json());
    expect(mix.items.map((i) => [i.product_id, i.quantity])).toEqual([
      ['aquahydra', 1],
      ['clearcomplex', 2],
      ['calmbarrier', 1],
    ]);
    expect(mix.skipped).toEqual(['sebobalance', 'eventone', 'discontinued']);
    // Merging the same visitor mix again changes nothing.
    const again = MixResponse.parse((await merge()).json());
    expect(again.items).toEqual(mix.items);
  });

  it('keeps the rule under parallel merges of the same account', async () => {
    const user = await createUser(app);
    const bases = ['aquahydra', 'sebobalance', 'barrierrepair'];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/mix/merge',
          headers: user.headers,
          payload: { items: [{ product_id: bases[i % 3], quantity: 1 }] },
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const mix = await get(user);
    expect(mix.items.filter((i) => i.product.type === 'base')).toHaveLength(1);
  });
});

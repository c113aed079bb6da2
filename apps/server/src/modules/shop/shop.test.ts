import { ProductListResponse, ShopProduct, ShopProductListItem } from '@lumiskin/contract/shop';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_PRODUCTS } from '../../content/products';
import { createUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { okSchemas } from '../../../test/openapi';
import { productsSeeder } from './seed';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  await productsSeeder.run(app.db, () => {});
});
afterAll(() => app.close());

async function list(query: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: '/api/shop/products', query });
  expect(res.statusCode, res.body).toBe(200);
  return ProductListResponse.parse(res.json());
}

describe('GET /api/shop/products', () => {
  it('lists the seeded catalogue with prices in integer pence, bases and boosters at spec prices', async () => {
    const body = await list({ sort: 'name' });
    expect(body.total).toBe(SHOP_PRODUCTS.length);
    expect(body.total).toBeGreaterThanOrEqual(9 + 12);
    const price = (id: string) => body.products.find((p) => p.id === id)?.price_pence;
    expect([price('aquahydra'), price('sebobalance'), price('barrierrepair')]).toEqual([
      5200, 5400, 5600,
    ]);
    expect([price('clearcomplex'), price('brightradiance'), price('calmbarrier')]).toEqual([
      3800, 4200, 4800,
    ]);
    for (const product of body.products) {
      expect(Number.isInteger(product.price_pence)).toBe(true);
      expect(product.image).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);
      expect(product).not.toHaveProperty('search');
    }
    expect(body.categories.slice(0, 2)).toEqual(['Bases', 'Boosters']);
  });

  it('seeding twice changes nothing', async () => {
    await productsSeeder.run(app.db, () => {});
    expect((await list()).total).toBe(SHOP_PRODUCTS.length);
  });

  it('finds an ingredient by its synonyms: retinol finds RenewLift, a retinal booster', async () => {
    for (const q of ['retinol', 'Retinoid', 'retinal']) {
      expect(
        (await list({ q })).products.map((p) => p.id),
        q,
      ).toContain('renewlift');
    }
    const ids = async (q: string) => (await list({ q })).products.map((p) => p.id);
    const withIngredient = (pattern: RegExp) =>
      SHOP_PRODUCTS.filter((p) => p.key_ingredients.some((i) => pattern.test(i))).map((p) => p.id);
    expect(withIngredient(/retin/i)).toContain('renewlift');
    for (const [q, pattern] of [
      ['vitamin c', /ascorb|vitamin c/i],
      ['salicylic', /salicylic|BHA/i],
      ['glycolic', /glycolic|lactic|mandelic|AHA/i],
      ['b3', /niacinamide|B3/i],
    ] as const) {
      const expected = withIngredient(pattern);
      expect(expected.length, q).toBeGreaterThan(0);
      expect(await ids(q), q).toEqual(expect.arrayContaining(expected));
    }
    // A word with no synonym still narrows the list.
    expect((await list({ q: 'zzzz-nothing' })).total).toBe(0);
  });

  it('searches in full text, by ingredient and by partial word', async () => {
    const niacinamide = await list({ q: 'niacinamide' });
    expect(niacinamide.products.map((p) => p.id)).toContain('sebobalance');
    expect(
      niacinamide.products.every((p) => JSON.stringify(p).toLowerCase().includes('niacinamide')),
    ).toBe(true);

    const partial = await list({ q: 'sunscr' });
    expect(partial.total).toBeGreaterThan(0);
    expect(
      partial.products.every(
        (p) =>
          p.type === 'sunscreen' || /sunscreen/i.test(p.description + p.name + p.short_description),
      ),
    ).toBe(true);

    const phrase = await list({ q: 'vitamin C' });
    expect(phrase.products[0]?.id).toBe('brightradiance');
    // A one-letter word matches whole: vitamin E products are not vitamin C (as a prefix, 'c'
    // matched any word starting with c, and the cleansing balm with vitamin E came second).
    expect(
      phrase.products.filter((p) => !/vitamin c|ascorb/i.test(JSON.stringify(p))).map((p) => p.id),
    ).toEqual([]);
    expect(phrase.total).toBeGreaterThan(0);

    expect((await list({ q: 'zzzqqqxxx' })).total).toBe(0);
  });

  it('answers injection strings and odd characters normally', async () => {
    const odd = [
      "'; drop table products; --",
      '" or 1=1 --',
      '%',
      '_',
      '\\',
      '&|!():*<>',
      "hydr' & !",
      '🧴 crème',
      '(((',
      'a'.repeat(100),
    ];
    for (const q of odd) {
      const body = await list({ q });
      expect(Array.isArray(body.products)).toBe(true);
    }
    // '%' and '_' are literal, not wildcards: they do not match everything.
    expect((await list({ q: '%' })).total).toBe(0);
    expect((await list({ q: '_' })).total).toBe(0);
    expect((await list()).total).toBe(SHOP_PRODUCTS.length);
  });

  it('filters by category, type and featured, and sorts by price', async () => {
    const cleansers = await list({ category: 'Cleansers' });
    expect(cleansers.total).toBeGreaterThan(0);
    expect(cleansers.products.every((p) => p.category === 'Cleansers')).toBe(true);
    expect(cleansers.categories.length).toBeGreaterThan(2);

    const boosters = await list({ type: 'booster' });
    expect(boosters.total).toBe(6);

    const featured = await list({ featured: 'true' });
    expect(featured.total).toBe(SHOP_PRODUCTS.filter((p) => p.featured).length);

    const byPrice = (await list({ sort: 'price_asc' })).products.map((p) => p.price_pence);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));

    const res = await app.inject({ method: 'GET', url: '/api/shop/products?type=spaceship' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error' });
  });

  it('GET /api/shop/products/{id} answers one product or a 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/shop/products/aquahydra' });
    expect(res.statusCode).toBe(200);
    expect(ShopProduct.parse(res.json())).toMatchObject({
      name: 'AquaHydra',
      type: 'base',
      price_pence: 5200,
    });
    const missing = await app.inject({ method: 'GET', url: '/api/shop/products/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
  });

  it('lists each product without its usage text, which its own page still has (decision 141)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/shop/products' });
    const listed = (res.json() as { products: Array<Record<string, unknown>> }).products;
    expect(listed).toHaveLength(SHOP_PRODUCTS.length);
    const listFields = Object.keys(ShopProductListItem.shape).sort();
    expect(listFields).not.toContain('how_to_use');
    for (const item of listed) {
      // Exactly the list item's fields: nothing dropped by accident, nothing added.
      expect(Object.keys(item).sort()).toEqual(listFields);
      const one = await app.inject({ method: 'GET', url: `/api/shop/products/${String(item.id)}` });
      const { how_to_use, ...rest } = ShopProduct.parse(one.json());
      expect(how_to_use).toBe(SHOP_PRODUCTS.find((p) => p.id === item.id)?.how_to_use);
      expect(how_to_use.length).toBeGreaterThan(0);
      // Everything else is the same on both.
      expect(rest).toEqual(item);
    }
  });

  it('the OpenAPI says so: list items without how_to_use, the product with it', async () => {
    type Props = { properties: Record<string, unknown>; required: string[] };
    const schemaOf = await okSchemas(app);
    const item = (schemaOf('/api/shop/products') as { properties: { products: { items: Props } } })
      .properties.products.items;
    const one = schemaOf('/api/shop/products/{id}') as Props;
    expect(Object.keys(item.properties).sort()).toEqual(
      Object.keys(ShopProductListItem.shape).sort(),
    );
    expect(item.required).not.toContain('how_to_use');
    expect(one.required).toContain('how_to_use');
    expect(Object.keys(one.properties).sort()).toEqual(
      [...Object.keys(item.properties), 'how_to_use'].sort(),
    );
  });
});

describe('favourites', () => {
  it('are private to each user and need a session', async () => {
    const alice = await createUser(app);
    const bob = await createUser(app);

    expect((await app.inject({ method: 'GET', url: '/api/shop/favorites' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/shop/favorites/aquahydra' })).statusCode,
    ).toBe(401);

    const put = await app.inject({
      method: 'PUT',
      url: '/api/shop/favorites/aquahydra',
      headers: alice.headers,
    });
    expect(put.json()).toEqual({ product_ids: ['aquahydra'] });
    await app.inject({
      method: 'PUT',
      url: '/api/shop/favorites/aquahydra',
      headers: alice.headers,
    });
    await app.inject({
      method: 'PUT',
      url: '/api/shop/favorites/eventone',
      headers: alice.headers,
    });

    const bobs = await app.inject({
      method: 'GET',
      url: '/api/shop/favorites',
      headers: bob.headers,
    });
    expect(bobs.json()).toEqual({ product_ids: [] });
    // Bob removing Alice's favourite only touches his own (empty) list.
    await app.inject({
      method: 'DELETE',
      url: '/api/shop/favorites/aquahydra',
      headers: bob.headers,
    });
    const alices = await app.inject({
      method: 'GET',
      url: '/api/shop/favorites',
      headers: alice.headers,
    });
    expect(alices.json()).toEqual({ product_ids: ['aquahydra', 'eventone'] });

    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/shop/favorites/aquahydra',
      headers: alice.headers,
    });
    expect(removed.json()).toEqual({ product_ids: ['eventone'] });

    const unknown = await app.inject({
      method: 'PUT',
      url: '/api/shop/favorites/not-a-product',
      headers: alice.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("merges a visitor's local favourites into the account, ignoring unknown ids", async () => {
    const user = await createUser(app);
    await app.inject({
      method: 'PUT',
      url: '/api/shop/favorites/renewlift',
      headers: user.headers,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/shop/favorites/merge',
      headers: user.headers,
      payload: { product_ids: ['renewlift', 'calmbarrier', 'gone-product'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ product_ids: ['renewlift', 'calmbarrier'] });
  });
});

import { AdminMessages, AdminProduct, AdminProductList, AuditList } from '@lumiskin/contract/admin';
import { recommend } from '@lumiskin/skin-advice';
import { ProductListResponse } from '@lumiskin/contract/shop';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { contentSeeders, runSeeders } from '../../seed';
import { productImages } from './schema';

/* The admin area's products (products-routes.ts): prices, visibility, formulation, copy, images. */

let app: FastifyInstance;
let admin: CreatedUser;
let moderator: CreatedUser;

beforeAll(async () => {
  app = await buildTestApp();
  await runSeeders(app.db, () => {}, contentSeeders);
  admin = await createUser(app, { role: 'admin', name: 'Ada Admin' });
  moderator = await createUser(app, { role: 'moderator', name: 'Mo Moderator' });
});
afterAll(() => app.close());

const as = (who: CreatedUser) => who.headers;
async function auditOf(entityId: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/admin/audit?page_size=100',
    headers: as(admin),
  });
  return AuditList.parse(res.json()).entries.filter((e) => e.entity_id === entityId);
}

describe('products', () => {
  const shopPrice = async (id: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/shop/products/${id}` });
    return res.statusCode === 200 ? (res.json() as { price_pence: number }).price_pence : null;
  };

  it('an admin changes a price; the shop shows it and the seeder keeps it', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/admin/products/aquahydra/price',
      headers: as(admin),
      payload: { price_pence: 1234 },
    });
    expect(AdminProduct.parse(res.json()).price_pence).toBe(1234);
    expect(await shopPrice('aquahydra')).toBe(1234);
    await runSeeders(app.db, () => {}, contentSeeders);
    expect(await shopPrice('aquahydra')).toBe(1234);
    const [entry] = await auditOf('aquahydra');
    expect(entry).toMatchObject({ action: 'product.price', after: { price_pence: 1234 } });
    expect(entry?.before?.price_pence).not.toBe(1234);

    for (const bad of [0, -5, 1.5, '12']) {
      const refused = await app.inject({
        method: 'PUT',
        url: '/api/admin/products/aquahydra/price',
        headers: as(admin),
        payload: { price_pence: bad },
      });
      expect(refused.statusCode).toBe(400);
    }
    expect(await shopPrice('aquahydra')).toBe(1234);
  });

  it('hidden products leave the shop and the recommender; a built-in base cannot be hidden; a moderator edits copy but not the price', async () => {
    const hide = (id: string, hidden: boolean) =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/products/${id}/visibility`,
        headers: as(admin),
        payload: { hidden },
      });
    expect((await hide('eventone', true)).statusCode).toBe(200);
    const list = ProductListResponse.parse(
      (await app.inject({ method: 'GET', url: '/api/shop/products' })).json(),
    );
    expect(list.products.map((p) => p.id)).not.toContain('eventone');
    expect(await shopPrice('eventone')).toBeNull();
    // The routine catalogue still loads (scans keep working) and no longer offers it.
    const catalogue = await app.catalogue.get();
    expect(catalogue.boosters.map((b) => b.id)).not.toContain('eventone');
    expect(catalogue.boosters.length).toBeGreaterThan(0);
    await hide('eventone', false);
    expect(await shopPrice('eventone')).not.toBeNull();
    expect((await app.catalogue.get()).boosters.map((b) => b.id)).toContain('eventone');

    // The recommender names the built-in bases by skin type: hiding one would break routines.
    const base = await hide('aquahydra', true);
    expect(base.statusCode).toBe(409);
    expect(base.json()).toEqual({ detail: AdminMessages.baseNeeded, code: 'base_needed' });
    expect(await shopPrice('aquahydra')).not.toBeNull();
    await expect(app.catalogue.get()).resolves.toBeDefined();

    // The price lives on /price: on the copy route it is an unknown field, and nothing changes.
    const priceBefore = await shopPrice('aquahydra');
    const sneaky = await app.inject({
      method: 'PATCH',
      url: '/api/admin/products/aquahydra',
      headers: as(moderator),
      payload: { name: 'AquaHydra Plus', price_pence: 1 },
    });
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json()).toMatchObject({
      code: 'unknown_field',
      detail: 'Unknown field: price_pence',
    });
    expect(await shopPrice('aquahydra')).toBe(priceBefore);
    const copy = await app.inject({
      method: 'PATCH',
      url: '/api/admin/products/aquahydra',
      headers: as(moderator),
      payload: { name: 'AquaHydra Plus' },
    });
    expect(AdminProduct.parse(copy.json())).toMatchObject({
      name: 'AquaHydra Plus',
      price_pence: priceBefore,
    });
  });

  it('a PATCH of only price_pence, or of nothing, is a 400 and writes nothing (was a 500)', async () => {
    const audited = (await auditOf('daily-fluid-spf50')).length;
    const priceBefore = await shopPrice('daily-fluid-spf50');
    expect(priceBefore).toEqual(expect.any(Number));
    const patch = (payload: object) =>
      app.inject({
        method: 'PATCH',
        url: '/api/admin/products/evenskin',
        headers: as(admin),
        payload,
      });
    const priceOnly = await patch({ price_pence: 999 });
    expect(priceOnly.statusCode).toBe(400);
    expect(priceOnly.json()).toMatchObject({
      code: 'unknown_field',
      detail: 'Unknown field: price_pence',
    });
    const empty = await patch({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'nothing_to_change' });
    expect(await shopPrice('daily-fluid-spf50')).toBe(priceBefore);
    expect(await auditOf('daily-fluid-spf50')).toHaveLength(audited);
  });

  const newBooster = {
    id: 'calm-booster',
    name: 'Calm Booster',
    short_description: 'Soothes',
    description: 'A soothing booster',
    key_ingredients: ['Centella asiatica'],
    category: 'Boosters',
    type: 'booster',
    time_of_use: 'AM/PM',
    how_to_use: 'Two drops',
    suitable_for: ['sensitive', 'redness'],
    size: '10 ml',
    price_pence: 1500,
    formulation_category: 'sensitivity/redness',
    targets: ['dark_circles', 'hydration'],
    formulation_flags: {
      containsRetinoid: false,
      containsExfoliatingAcid: false,
      containsVitaminC: false,
      gentle: true,
    },
  };

  it('creates a booster that reaches the shop and the recommender at once, without a deploy', async () => {
    // Cached before the creation, as on a running server.
    expect((await app.catalogue.get()).boosters.map((b) => b.id)).not.toContain('calm-booster');
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: as(admin),
      payload: newBooster,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(AdminProduct.parse(res.json())).toMatchObject({
      targets: ['dark_circles', 'hydration'],
      formulation_category: 'sensitivity/redness',
      hidden: false,
    });
    expect(await shopPrice('calm-booster')).toBe(1500);

    const catalogue = await app.catalogue.get();
    const { recommendation } = recommend({
      scores: { dark_circles: 35 },
      estimatedSkinType: 'normal',
      concerns: [],
      catalogue,
    });
    expect(recommendation.boosters.map((b) => b.id)).toContain('calm-booster');

    // The answer posted back carries fields the create route does not take: named, not dropped.
    const echoed = await app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: as(admin),
      payload: res.json(),
    });
    expect(echoed.statusCode).toBe(400);
    expect(echoed.json()).toMatchObject({ code: 'unknown_field' });
    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: as(admin),
      payload: newBooster,
    });
    expect(again.statusCode).toBe(409);
    const [created] = await auditOf('calm-booster');
    expect(created).toMatchObject({ action: 'product.create', before: null });
  });

  it('refuses a base or booster the recommender could not use, naming the fields', async () => {
    const { targets: _t, formulation_flags: _f, ...incomplete } = newBooster;
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: as(admin),
      payload: { ...incomplete, id: 'half-booster', suitable_for: ['everyone'] },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields as object).sort()).toEqual(
      ['formulation_flags', 'suitable_for', 'targets'].sort(),
    );
    expect(await shopPrice('half-booster')).toBeNull();

    // What staff type wrong is named in the app's words, never zod's ("Too small: expected…").
    const badIds = await app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: as(admin),
      payload: {
        ...newBooster,
        id: 'Calm Booster',
        name: '  ',
        key_ingredients: ['Niacinamide', ''],
      },
    });
    expect(badIds.statusCode).toBe(400);
    expect(badIds.json().fields).toEqual({
      id: 'Lower-case letters, digits and hyphens',
      name: 'Required',
      'key_ingredients.1': 'Required',
    });

    // An everyday product needs none of it.
    const cloth = await app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: as(admin),
      payload: {
        id: 'bamboo-headband',
        name: 'Bamboo Headband',
        short_description: 'Keeps hair back',
        description: 'Soft bamboo headband.',
        category: 'Tools',
        type: 'tool',
        how_to_use: 'Wear it while cleansing.',
        suitable_for: ['All skin types'],
        size: 'One size',
        price_pence: 800,
      },
    });
    expect(cloth.statusCode, cloth.body).toBe(201);
    expect(AdminProduct.parse(cloth.json())).toMatchObject({ targets: null, time_of_use: null });

    // A copy edit may not empty what the recommender reads either; nothing changes.
    const emptied = await app.inject({
      method: 'PATCH',
      url: '/api/admin/products/clearcomplex',
      headers: as(moderator),
      payload: { key_ingredients: [], name: 'Emptied' },
    });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().fields).toHaveProperty('key_ingredients');
    const list = AdminProductList.parse(
      (
        await app.inject({ method: 'GET', url: '/api/admin/products', headers: as(moderator) })
      ).json(),
    );
    expect(list.products.find((p) => p.id === 'clearcomplex')?.name).toBe('ClearComplex');
  });

  it('an admin edits what the recommender reads; a moderator may not', async () => {
    const body = {
      formulation_category: 'acne/oil',
      targets: ['blackheads', 'acne'],
      formulation_flags: {
        containsRetinoid: false,
        containsExfoliatingAcid: true,
        containsVitaminC: false,
        gentle: false,
      },
    };
    const byModerator = await app.inject({
      method: 'PUT',
      url: '/api/admin/products/clearcomplex/formulation',
      headers: as(moderator),
      payload: body,
    });
    expect(byModerator.statusCode).toBe(403);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/admin/products/clearcomplex/formulation',
      headers: as(admin),
      payload: body,
    });
    expect(AdminProduct.parse(res.json()).targets).toEqual(['blackheads', 'acne']);
    expect((await app.catalogue.get()).booster('clearcomplex').targets).toEqual([
      'blackheads',
      'acne',
    ]);
    const [entry] = await auditOf('clearcomplex');
    expect(entry).toMatchObject({ action: 'product.formulation' });
    for (const bad of [
      { ...body, targets: [] },
      { ...body, targets: ['acne', 'acne'] },
      { ...body, targets: ['glow'] },
      { ...body, formulation_flags: { containsRetinoid: true } },
    ]) {
      const refused = await app.inject({
        method: 'PUT',
        url: '/api/admin/products/clearcomplex/formulation',
        headers: as(admin),
        payload: bad,
      });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const everyday = await app.inject({
      method: 'PUT',
      url: '/api/admin/products/microfibre-cleansing-cloths/formulation',
      headers: as(admin),
      payload: body,
    });
    expect(everyday.statusCode).toBe(400);
  });

  it('re-encodes an uploaded image to WebP and refuses SVG', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#f0c' },
    })
      .png()
      .toBuffer();
    const upload = (bytes: Buffer, filename: string, type: string) => {
      const boundary = '----lumiskin';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.inject({
        method: 'POST',
        url: '/api/admin/products/aquahydra/image',
        headers: { ...as(moderator), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.png',
      'image/png',
    );
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toMatchObject({ code: 'bad_image' });

    const ok = await upload(png, 'p.png', 'image/png');
    const product = AdminProduct.parse(ok.json());
    expect(product.image).toMatch(/^\/api\/shop\/images\/[0-9a-f-]{36}$/);
    const image = await app.inject({ method: 'GET', url: product.image });
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');

    // A replaced image stops being public, and uploads keep one row per product image.
    const [{ n: rowsBefore } = { n: -1 }] = await app.db.select({ n: count() }).from(productImages);
    const replaced = AdminProduct.parse((await upload(png, 'q.png', 'image/png')).json());
    expect(replaced.image).not.toBe(product.image);
    expect((await app.inject({ method: 'GET', url: product.image })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: replaced.image })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await upload(png, 'r.png', 'image/png');
    const [{ n: rowsAfter } = { n: -1 }] = await app.db.select({ n: count() }).from(productImages);
    expect(rowsAfter).toBe(rowsBefore);
  });
});

import {
  AdminArticle,
  AdminMessages,
  AdminOverview,
  AdminProduct,
  AdminProductList,
  AdminUserDetail,
  AdminUserList,
  AuditList,
} from '@lumiskin/contract/admin';
import { PostListResponse } from '@lumiskin/contract/blog';
import { recommend } from '@lumiskin/skin-advice/recommend';
import { ProductListResponse } from '@lumiskin/contract/shop';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { contentSeeders, runSeeders } from '../../seed';
import { readOutbox } from '../mail/mailer';
import { productImages } from './schema';

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
const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
async function auditOf(entityId: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/admin/audit?page_size=100',
    headers: as(admin),
  });
  return AuditList.parse(res.json()).entries.filter((e) => e.entity_id === entityId);
}

describe('users', () => {
  it('searches, filters and pages, showing counts and dates only', async () => {
    const target = await createUser(app, { name: 'Zelda Searchable' });
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/users?q=zelda%20search&role=user&status=active&page_size=5',
      headers: as(moderator),
    });
    const list = AdminUserList.parse(res.json());
    expect(list.users.map((u) => u.id)).toEqual([target.user.id]);
    expect(list).toMatchObject({ total: 1, page: 1, page_size: 5 });

    const detail = await app.inject({
      method: 'GET',
      url: `/api/admin/users/${target.user.id}`,
      headers: as(moderator),
    });
    // Counts, dates and the account's own settings: no skin type, concerns, scores or photos.
    expect(Object.keys(detail.json()).sort()).toEqual(
      [
        'articles_liked',
        'articles_read',
        'articles_saved',
        'created_at',
        'email',
        'email_confirmed',
        'email_notifications',
        'id',
        'last_active_at',
        'marketing',
        'name',
        'quiz_plays',
        'quiz_points',
        'role',
        'scan_count',
        'status',
        'suspended_at',
        'timezone',
        'updated_at',
      ].sort(),
    );
    expect(AdminUserDetail.parse(detail.json())).toMatchObject({
      scan_count: 0,
      quiz_points: 0,
      quiz_plays: 0,
      articles_liked: 0,
      timezone: 'UTC',
    });

    const tooBig = await app.inject({
      method: 'GET',
      url: '/api/admin/users?page_size=1000',
      headers: as(admin),
    });
    expect(tooBig.statusCode).toBe(400);
    // LIKE wildcards in the search are literal.
    const wildcard = await app.inject({
      method: 'GET',
      url: '/api/admin/users?q=%25',
      headers: as(admin),
    });
    expect(AdminUserList.parse(wildcard.json()).total).toBe(0);
  });

  it('suspension revokes every session and refuses sign-in with a clear message; unsuspend restores it', async () => {
    const target = await createUser(app);
    const before = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: target.headers,
    });
    expect(before.statusCode).toBe(200);

    const suspend = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/suspend`,
      headers: as(admin),
    });
    expect(AdminUserDetail.parse(suspend.json()).status).toBe('suspended');
    const after = await app.inject({ method: 'GET', url: '/api/auth/me', headers: target.headers });
    expect(after.statusCode).toBe(401);
    const refused = await login(target.user.email, target.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: AdminMessages.suspended, code: 'account_suspended' });
    // A wrong password still gets the ordinary answer: suspension is not revealed to a prober.
    expect((await login(target.user.email, 'wrong-password')).statusCode).toBe(401);

    await app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/unsuspend`,
      headers: as(admin),
    });
    expect((await login(target.user.email, target.password)).statusCode).toBe(200);
    expect((await auditOf(target.user.id)).map((e) => e.action)).toEqual([
      'user.unsuspend',
      'user.suspend',
    ]);
  });

  it('changes roles; the last admin cannot be demoted or deleted, nor delete themselves', async () => {
    const solo = await buildTestApp();
    try {
      const only = await createUser(solo, { role: 'admin' });
      const demote = await solo.inject({
        method: 'PUT',
        url: `/api/admin/users/${only.user.id}/role`,
        headers: only.headers,
        payload: { role: 'moderator' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toMatchObject({ detail: AdminMessages.lastAdmin, code: 'last_admin' });
      const ownDeletion = await solo.inject({
        method: 'DELETE',
        url: '/api/users/me',
        headers: only.headers,
        payload: { password: only.password },
      });
      expect(ownDeletion.statusCode).toBe(409);

      const promoted = await createUser(solo, { emailConfirmed: true });
      const promote = await solo.inject({
        method: 'PUT',
        url: `/api/admin/users/${promoted.user.id}/role`,
        headers: only.headers,
        payload: { role: 'admin' },
      });
      expect(AdminUserDetail.parse(promote.json()).role).toBe('admin');
      // With a second admin, the first may step down.
      const stepDown = await solo.inject({
        method: 'PUT',
        url: `/api/admin/users/${only.user.id}/role`,
        headers: only.headers,
        payload: { role: 'moderator' },
      });
      expect(stepDown.statusCode).toBe(200);
    } finally {
      await solo.close();
    }
  });

  it('sends a reset link and deletes an account completely', async () => {
    const target = await createUser(app);
    const reset = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/reset-link`,
      headers: as(admin),
    });
    expect(reset.statusCode).toBe(200);
    const [mail] = await readOutbox(app.db, target.user.email);
    expect(mail?.text).toMatch(/reset-password\?token=/);

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${target.user.id}`,
      headers: as(admin),
    });
    expect(del.statusCode).toBe(204);
    const gone = await app.inject({
      method: 'GET',
      url: `/api/admin/users/${target.user.id}`,
      headers: as(admin),
    });
    expect(gone.statusCode).toBe(404);
    expect((await login(target.user.email, target.password)).statusCode).toBe(401);
    const [deletion] = await auditOf(target.user.id);
    expect(deletion).toMatchObject({ action: 'user.delete', actor_name: 'Ada Admin', after: null });
    expect(JSON.stringify(deletion)).not.toContain(target.user.email);
  });
});

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

    const copy = await app.inject({
      method: 'PATCH',
      url: '/api/admin/products/aquahydra',
      headers: as(moderator),
      payload: { name: 'AquaHydra Plus', price_pence: 1 },
    });
    expect(AdminProduct.parse(copy.json())).toMatchObject({ name: 'AquaHydra Plus' });
    expect(copy.json().price_pence).not.toBe(1);
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

    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: as(admin),
      payload: res.json(),
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

describe('articles', () => {
  const publicSlugs = async () =>
    PostListResponse.parse(
      (await app.inject({ method: 'GET', url: '/api/blog/posts' })).json(),
    ).posts.map((p) => p.slug);
  const article = {
    slug: 'admin-written',
    title: 'Written in the admin area',
    excerpt: 'An excerpt',
    content: '# Hello\n\nSome **bold** words.',
    category: 'Skincare',
    tags: ['test'],
    author: 'Mo',
    status: 'draft' as const,
  };

  it('a draft stays private, publishing lists it, scheduling waits for its date', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/articles',
      headers: as(moderator),
      payload: article,
    });
    const draft = AdminArticle.parse(created.json());
    expect(draft.status).toBe('draft');
    expect(await publicSlugs()).not.toContain('admin-written');
    expect(
      (await app.inject({ method: 'GET', url: '/api/blog/posts/admin-written' })).statusCode,
    ).toBe(404);

    const published = await app.inject({
      method: 'PUT',
      url: `/api/admin/articles/${draft.id}`,
      headers: as(moderator),
      payload: { ...article, status: 'published' },
    });
    expect(AdminArticle.parse(published.json()).status).toBe('published');
    expect(await publicSlugs()).toContain('admin-written');

    const future = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await app.inject({
      method: 'PUT',
      url: `/api/admin/articles/${draft.id}`,
      headers: as(moderator),
      payload: { ...article, status: 'published', published_at: future },
    });
    expect(AdminArticle.parse(scheduled.json()).status).toBe('scheduled');
    expect(await publicSlugs()).not.toContain('admin-written');

    const dup = await app.inject({
      method: 'POST',
      url: '/api/admin/articles',
      headers: as(moderator),
      payload: article,
    });
    expect(dup.statusCode).toBe(409);
    expect((await auditOf(draft.id)).map((e) => e.action)).toEqual([
      'article.update',
      'article.update',
      'article.create',
    ]);
  });

  it('previews Markdown with the public sanitiser', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/articles/preview',
      headers: as(moderator),
      payload: { content: '**hi** <script>alert(1)</script>\n\n![x](https://evil/x.png)' },
    });
    const { html } = res.json() as { html: string };
    expect(html).toContain('<strong>hi</strong>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
  });
});

describe('overview', () => {
  it('counts per day and ranks mixed products and articles, with no per-user data', async () => {
    const mixer = await createUser(app);
    const mix = await app.inject({
      method: 'PUT',
      url: '/api/mix',
      headers: mixer.headers,
      payload: { items: [{ product_id: 'sebobalance', quantity: 1 }] },
    });
    expect(mix.statusCode, mix.body).toBe(200);
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/overview?days=7',
      headers: as(moderator),
    });
    const overview = AdminOverview.parse(res.json());
    expect(overview.signups).toHaveLength(7);
    expect(overview.signups.at(-1)!.count).toBeGreaterThan(0);
    expect(overview.totals.users).toBeGreaterThan(0);
    expect(overview.most_mixed).toContainEqual({ name: 'SeboBalance', type: 'base', mixes: 1 });
    expect(res.body).not.toContain(mixer.user.email);
    const tooLong = await app.inject({
      method: 'GET',
      url: '/api/admin/overview?days=5000',
      headers: as(moderator),
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('audit log', () => {
  it('filters, exports CSV with formulas defused, and refuses changes', async () => {
    const filtered = AuditList.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/admin/audit?entity=product&action=product.price',
          headers: as(admin),
        })
      ).json(),
    );
    expect(filtered.entries.length).toBeGreaterThan(0);
    expect(filtered.entries.every((e) => e.action === 'product.price')).toBe(true);

    const sly = await createUser(app, { role: 'moderator', name: '=HYPERLINK("http://evil")' });
    await app.inject({
      method: 'PATCH',
      url: '/api/admin/products/aquahydra',
      headers: as(sly),
      payload: { size: '50 ml' },
    });
    const csv = await app.inject({
      method: 'GET',
      url: '/api/admin/audit.csv?entity=product',
      headers: as(admin),
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('created_at,actor_name,actor_role,action,entity,entity_id,before,after');
    expect(lines.some((l) => l.includes('"product.price"'))).toBe(true);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.body).not.toMatch(/(^|,)"=/m);

    await expect(app.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(app.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});

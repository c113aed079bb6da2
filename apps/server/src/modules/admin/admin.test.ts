import {
  AdminArticle,
  AdminMessages,
  AdminOverview,
  AdminUserDetail,
  AdminUserList,
  AuditList,
} from '@lumiskin/contract/admin';
import { BlogPost, PostListResponse } from '@lumiskin/contract/blog';
import { sql } from 'drizzle-orm';
import { AuthResponse } from '@lumiskin/contract/auth';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { contentSeeders, runSeeders } from '../../seed';
import { readOutbox } from '../mail/mailer';

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
        'signed_in_devices',
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

  it('signs an account out of every device, audited, and leaves it able to sign in; not one’s own', async () => {
    const target = await createUser(app);
    const phone = AuthResponse.parse((await login(target.user.email, target.password)).json());
    const me = (authorization: string) =>
      app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
    const devices = async () =>
      AdminUserDetail.parse(
        (
          await app.inject({
            method: 'GET',
            url: `/api/admin/users/${target.user.id}`,
            headers: as(admin),
          })
        ).json(),
      ).signed_in_devices;
    expect(await devices()).toBe(2);

    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.user.id}/sign-out`,
      headers: as(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signed_out: 2 });
    expect(await devices()).toBe(0);
    expect((await me(target.headers.authorization)).statusCode).toBe(401);
    expect((await me(`Bearer ${phone.access_token}`)).statusCode).toBe(401);
    expect((await login(target.user.email, target.password)).statusCode).toBe(200);
    const [entry] = await auditOf(target.user.id);
    expect(entry).toMatchObject({
      action: 'user.sign_out',
      after: { name: target.user.name, revoked_sessions: 2 },
    });

    const self = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${admin.user.id}/sign-out`,
      headers: as(admin),
    });
    expect(self.statusCode).toBe(409);
    expect((await me(admin.headers.authorization)).statusCode).toBe(200);
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
    // The audit entry names the person (its sentence showed the account's id).
    expect((await auditOf(target.user.id))[0]).toMatchObject({
      action: 'user.reset_link',
      after: { name: target.user.name },
    });

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

  it('an edit keeps the publication date and records updated_at; Learn keeps its order (decision 076)', async () => {
    const publishedAt = '2026-08-12T09:00:00.000Z';
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/articles',
      headers: as(moderator),
      payload: {
        ...article,
        slug: 'dated-in-august',
        status: 'published',
        published_at: publishedAt,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const original = AdminArticle.parse(created.json());
    expect(original).toMatchObject({ published_at: publishedAt, updated_at: null });
    const learnOrder = async () =>
      PostListResponse.parse((await app.inject({ method: 'GET', url: '/api/blog/posts' })).json())
        .posts;
    const before = (await learnOrder()).map((p) => p.slug);

    // The admin form sends no published_at for a published article: one word of the title fixed.
    const startedAt = Date.now();
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/admin/articles/${original.id}`,
      headers: as(moderator),
      payload: {
        ...article,
        slug: 'dated-in-august',
        title: 'Written in the admin area!',
        status: 'published',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const saved = AdminArticle.parse(edited.json());
    expect(saved.published_at).toBe(publishedAt);
    expect(Date.parse(saved.updated_at!)).toBeGreaterThanOrEqual(startedAt - 1000);

    const posts = await learnOrder();
    expect(posts.map((p) => p.slug)).toEqual(before);
    const times = posts.map((p) => Date.parse(p.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page = BlogPost.parse(
      (await app.inject({ method: 'GET', url: '/api/blog/posts/dated-in-august' })).json(),
    );
    expect(page).toMatchObject({ created_at: publishedAt, title: 'Written in the admin area!' });
    expect(page.updated_at).toBe(saved.updated_at);
  });

  it('a draft is dated when it is first published, not when it was written', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/articles',
      headers: as(moderator),
      payload: { ...article, slug: 'drafted-then-published' },
    });
    const draft = AdminArticle.parse(created.json());
    await new Promise((resolve) => setTimeout(resolve, 20));
    const published = AdminArticle.parse(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/admin/articles/${draft.id}`,
          headers: as(moderator),
          payload: { ...article, slug: 'drafted-then-published', status: 'published' },
        })
      ).json(),
    );
    expect(Date.parse(published.published_at)).toBeGreaterThan(Date.parse(draft.published_at));
    // Edited again once public: the date stays the one it was published on.
    const again = AdminArticle.parse(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/admin/articles/${draft.id}`,
          headers: as(moderator),
          payload: {
            ...article,
            slug: 'drafted-then-published',
            excerpt: 'New',
            status: 'published',
          },
        })
      ).json(),
    );
    expect(again.published_at).toBe(published.published_at);
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
    const price = await app.inject({
      method: 'PUT',
      url: '/api/admin/products/aquahydra/price',
      headers: as(admin),
      payload: { price_pence: 1234 },
    });
    expect(price.statusCode).toBe(200);
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

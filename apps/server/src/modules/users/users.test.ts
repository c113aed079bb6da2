import {
  AccountExport,
  AccountMessages,
  AccountResponse,
  DEFAULT_USER_SETTINGS,
} from '@lumiskin/contract/account';
import { AuthMessages, AuthResponse } from '@lumiskin/contract/auth';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { blogPostsSeeder } from '../blog/seed';
import { insertScan } from '../../../test/scan-factory';
import { productsSeeder } from '../shop/seed';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  await productsSeeder.run(app.db, () => {});
  await blogPostsSeeder.run(app.db, () => {});
});
afterAll(() => app.close());

const me = (user: CreatedUser | { headers: Record<string, string> }) =>
  app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers });
const patch = (user: CreatedUser, payload: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: '/api/users/me', headers: user.headers, payload });
const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('GET/PATCH /api/users/me', () => {
  it('starts with the spec defaults', async () => {
    const user = await createUser(app);
    const res = await me(user);
    expect(res.statusCode).toBe(200);
    expect(AccountResponse.parse(res.json()).user).toMatchObject({
      id: user.user.id,
      notes: '',
      timezone: 'UTC',
      settings: DEFAULT_USER_SETTINGS,
      goals: { target_score: null, scans_per_week: null },
      profile: { skinType: 'normal', skinConcerns: [] },
    });
    expect(res.body).not.toMatch(/password|argon/i);
  });

  it('saves every field for real (survives a fresh read) and leaves the rest alone', async () => {
    const user = await createUser(app);
    const email = `new.${Date.now()}@example.test`;
    const res = await patch(user, {
      name: '  Grace  ',
      email,
      skinType: 'combination',
      skinConcerns: ['acne', 'dark-spots', 'acne'],
      notes: 'Allergic to fragrance',
      timezone: 'Europe/London',
      settings: { marketing: true, data_sharing: false },
      goals: { target_score: 85, scans_per_week: 3 },
      role: 'admin',
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      name: 'Grace',
      email,
      role: 'user',
      profile: { skinType: 'combination', skinConcerns: ['acne', 'dark-spots'] },
      notes: 'Allergic to fragrance',
      timezone: 'Europe/London',
      settings: { email_notifications: true, data_sharing: false, marketing: true },
      goals: { target_score: 85, scans_per_week: 3 },
    };
    expect(AccountResponse.parse(res.json()).user).toMatchObject(expected);
    expect(AccountResponse.parse((await me(user)).json()).user).toMatchObject(expected);
    // a partial update keeps the others
    const again = await patch(user, { settings: { email_notifications: false } });
    expect(AccountResponse.parse(again.json()).user).toMatchObject({
      ...expected,
      settings: { email_notifications: false, data_sharing: false, marketing: true },
    });
    expect((await login(email, user.password)).statusCode).toBe(200);
  });

  it.each([
    ['a blank name', { name: '  ' }],
    ['a bad email', { email: 'nope' }],
    ['an unknown skin type', { skinType: 'scaly' }],
    ['a concern outside the list', { skinConcerns: ['warts'] }],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }],
    ['a target score over 100', { goals: { target_score: 120 } }],
  ])('refuses %s', async (_case, payload) => {
    const user = await createUser(app);
    const res = await patch(user, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', detail: expect.any(String) });
    expect(AccountResponse.parse((await me(user)).json()).user.name).toBe(user.user.name);
  });

  it('409s an email another account has, ignoring case; a case change of your own is fine', async () => {
    const a = await createUser(app);
    const b = await createUser(app);
    const res = await patch(b, { email: a.user.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: AuthMessages.emailTaken, code: 'email_taken' });
    expect((await patch(a, { email: a.user.email.toUpperCase() })).statusCode).toBe(200);
  });
});

describe('POST /api/users/me/password', () => {
  it('needs the current password, then ends the other sessions and keeps this one', async () => {
    const user = await createUser(app);
    const other = AuthResponse.parse((await login(user.user.email, user.password)).json());
    const change = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/users/me/password', headers: user.headers, payload });

    const wrong = await change({
      currentPassword: 'not-it',
      password: 'brand-new',
      confirmPassword: 'brand-new',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'wrong_password',
      detail: AccountMessages.wrongPassword,
    });
    const mismatch = await change({
      currentPassword: user.password,
      password: 'brand-new',
      confirmPassword: 'brand-neW',
    });
    expect(mismatch.json()).toMatchObject({ detail: AuthMessages.passwordsDontMatch });
    const short = await change({
      currentPassword: user.password,
      password: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.json()).toMatchObject({ detail: AuthMessages.passwordTooShort });

    const ok = await change({
      currentPassword: user.password,
      password: 'brand-new',
      confirmPassword: 'brand-new',
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(user)).statusCode).toBe(200);
    expect(
      (await me({ headers: { authorization: `Bearer ${other.access_token}` } })).statusCode,
    ).toBe(401);
    expect((await login(user.user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.user.email, 'brand-new')).statusCode).toBe(200);
  });
});

/** Every public table with a user_id column, from the catalogue (so a new table is covered too). */
async function userRowCounts(userId: string): Promise<Record<string, number>> {
  const tables = await app.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'user_id' order by table_name`);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where user_id = ${userId}`,
    );
    counts[table_name] = Number(row?.n);
  }
  const [users] = await app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from users where id = ${userId}`,
  );
  counts.users = Number(users?.n);
  const [views] = await app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from post_views where visitor = ${`u:${userId}`}`,
  );
  counts.post_views = Number(views?.n);
  return counts;
}

/** Gives the user a row in as many tables as possible: scans, photos, routine, mix, likes, quiz... */
async function fillAccount(user: CreatedUser) {
  const id = user.user.id;
  const scan = await insertScan(app.db, id, { photo: Buffer.from('fake-jpeg-bytes') });
  await app.db.execute(sql`insert into scan_consents (user_id, version) values (${id}, 'v1')`);
  const add = await app.inject({
    method: 'POST',
    url: '/api/routine/products',
    headers: user.headers,
    payload: { name: 'Cleanser', type: 'cleanser', purpose: 'Clean', application_time: 'morning' },
  });
  expect(add.statusCode).toBe(201);
  await app.db.execute(
    sql`insert into mix_items (user_id, product_id, quantity) select ${id}, id, 1 from products order by id limit 1`,
  );
  await app.db.execute(
    sql`insert into product_favorites (user_id, product_id) select ${id}, id from products order by id limit 2`,
  );
  await app.db.execute(
    sql`insert into post_likes (user_id, post_id) select ${id}, id from blog_posts order by id limit 1`,
  );
  await app.db.execute(
    sql`insert into post_saves (user_id, post_id) select ${id}, id from blog_posts order by id limit 1`,
  );
  await app.db.execute(
    sql`insert into post_views (post_id, visitor, day) select id, ${`u:${id}`}, current_date from blog_posts order by id limit 1`,
  );
  await app.db.execute(sql`
    insert into quiz_attempts (user_id, quiz_type, quiz_day, time_zone, question_ids, served_at, last_served_at, expires_at)
    values (${id}, 'daily', current_date, 'UTC', '{}', now(), now(), now() + interval '1 hour')`);
  const forgot = await app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: user.user.email },
  });
  expect(forgot.statusCode).toBe(200);
  return scan;
}

describe('DELETE /api/users/me', () => {
  it('refuses a wrong password and deletes nothing', async () => {
    const user = await createUser(app);
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: user.headers,
      payload: { password: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'wrong_password' });
    expect((await me(user)).statusCode).toBe(200);
  });

  it('leaves no row of the user in any table; the token and password stop working', async () => {
    const user = await createUser(app);
    const bystander = await createUser(app);
    await fillAccount(user);
    await fillAccount(bystander);

    const before = await userRowCounts(user.user.id);
    const filled = [
      'analyses',
      'scan_consents',
      'sessions',
      'routine_products',
      'routine_history',
      'mix_items',
      'product_favorites',
      'post_likes',
      'post_saves',
      'post_views',
      'quiz_attempts',
      'password_reset_tokens',
      'mail_outbox',
      'users',
    ];
    for (const table of filled) expect(before[table], table).toBeGreaterThan(0);
    const photos = () =>
      app.db.execute<{ n: number }>(sql`
        select count(*)::int as n from analysis_photos p
        left join analyses a on a.id = p.analysis_id where a.id is null or a.user_id = ${user.user.id}`);
    expect(Number((await photos())[0]?.n)).toBe(1);

    const res = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: user.headers,
      payload: { password: user.password },
    });
    expect(res.statusCode).toBe(204);

    const after = await userRowCounts(user.user.id);
    expect(Object.keys(after)).toEqual(expect.arrayContaining(filled));
    expect(
      Object.values(after).every((n) => n === 0),
      JSON.stringify(after),
    ).toBe(true);
    expect(Number((await photos())[0]?.n)).toBe(0);
    expect((await me(user)).statusCode).toBe(401);
    const relogin = await login(user.user.email, user.password);
    expect(relogin.statusCode).toBe(401);
    expect(relogin.json()).toMatchObject({ detail: AuthMessages.invalidCredentials });

    // the other account is untouched
    const other = await userRowCounts(bystander.user.id);
    for (const table of filled) expect(other[table], table).toBeGreaterThan(0);
  });
});

describe('GET /api/users/me/export', () => {
  it('downloads everything about the user as a JSON attachment, photos included', async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    const scan = await fillAccount(user);
    await fillAccount(other);
    const res = await app.inject({
      method: 'GET',
      url: '/api/users/me/export',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="lumiskin-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = AccountExport.parse(res.json());
    expect(data.user.id).toBe(user.user.id);
    expect(data.scans.map((s) => s.id)).toEqual([scan.id]);
    expect(data.photos).toHaveLength(1);
    expect(Buffer.from(String(data.photos[0]?.data_base64), 'base64').toString()).toBe(
      'fake-jpeg-bytes',
    );
    expect(data.routine.map((r) => r.name)).toEqual(['Cleanser']);
    expect(data.routine_history).toHaveLength(1);
    for (const key of [
      'mix',
      'liked_posts',
      'saved_posts',
      'quiz_attempts',
      'scan_consents',
      'sessions',
    ] as const) {
      expect(data[key].length, key).toBeGreaterThan(0);
    }
    expect(data.favourites).toHaveLength(2);
    const text = res.body;
    expect(text).not.toContain(other.user.id);
    expect(text).not.toMatch(/password_hash|token_hash|argon2/);
  });

  it('401s without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/users/me/export' })).statusCode).toBe(401);
  });
});

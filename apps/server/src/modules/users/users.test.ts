import {
  AccountExport,
  AccountMessages,
  AccountResponse,
  DEFAULT_USER_SETTINGS,
} from '@lumiskin/contract/account';
import { AuthMessages, AuthResponse } from '@lumiskin/contract/auth';
import crypto from 'node:crypto';
import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp, captureLogs } from '../../../test/helper';
import { createPostgresPhotoStorage, type PhotoStorage } from '../analysis/photo-storage';
import { findUserById } from '../auth/repository';
import { users } from '../auth/schema';
import { blogPostsSeeder } from '../blog/seed';
import { insertScan } from '../../../test/scan-factory';
import { quizBankSeeder } from '../quiz/seed';
import { productsSeeder } from '../shop/seed';
import { PHOTO_DELETIONS_JOB } from '../analysis/photo-sweeps';
import { readOutbox } from '../mail/mailer';
import { accountExportStream } from './export';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  // Deleted accounts' photos go through the queue: work it here, as a listening server does.
  await app.jobs.work([PHOTO_DELETIONS_JOB]);
  await productsSeeder.run(app.db, () => {});
  await blogPostsSeeder.run(app.db, () => {});
  await quizBankSeeder.run(app.db, () => {});
});
afterAll(() => app.close());

const me = (user: CreatedUser | { headers: Record<string, string> }) =>
  app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers });
const patch = (user: CreatedUser, payload: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: '/api/users/me', headers: user.headers, payload });
const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('GET/PATCH /api/users/me', () => {
  it("starts with the defaults (the spec's, but for data sharing)", async () => {
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
    // Sharing is off until the person turns it on (decision 179; the spec's app had it on).
    expect(AccountResponse.parse(res.json()).user.settings).toMatchObject({
      email_notifications: true,
      data_sharing: false,
      marketing: false,
    });
    expect(res.body).not.toMatch(/password|argon/i);
  });

  it('saves every field for real (survives a fresh read) and leaves the rest alone', async () => {
    const user = await createUser(app);
    // Forms send the email back unchanged; that is accepted (it changes through /me/email only).
    const email = user.user.email;
    const res = await patch(user, {
      name: '  Grace  ',
      email: email.toUpperCase(),
      skinType: 'combination',
      skinConcerns: ['acne', 'dark-spots', 'acne'],
      notes: 'Allergic to fragrance',
      timezone: 'Europe/London',
      settings: { marketing: true, data_sharing: true },
      goals: { target_score: 85, scans_per_week: 3 },
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      name: 'Grace',
      email,
      role: 'user',
      profile: { skinType: 'combination', skinConcerns: ['acne', 'dark-spots'] },
      notes: 'Allergic to fragrance',
      timezone: 'Europe/London',
      settings: { email_notifications: true, data_sharing: true, marketing: true },
      goals: { target_score: 85, scans_per_week: 3 },
    };
    expect(AccountResponse.parse(res.json()).user).toMatchObject(expected);
    expect(AccountResponse.parse((await me(user)).json()).user).toMatchObject(expected);
    // a partial update keeps the others
    const again = await patch(user, { settings: { email_notifications: false } });
    expect(AccountResponse.parse(again.json()).user).toMatchObject({
      ...expected,
      settings: { email_notifications: false, data_sharing: true, marketing: true },
    });
    expect((await login(email, user.password)).statusCode).toBe(200);
  });

  it('refuses a field it does not know, naming it, and changes nothing (decision 074)', async () => {
    const user = await createUser(app);
    const before = AccountResponse.parse((await me(user)).json()).user;
    for (const [body, named] of [
      [{ name: 'Mallory', role: 'admin' }, 'Unknown field: role'],
      [{ skin_type: 'oily' }, 'Unknown field: skin_type'],
      [{ settings: { marketing: true, theme: 'dark' } }, 'Unknown field: settings.theme'],
      [{ goals: { target_score: 90, daily: 1 } }, 'Unknown field: goals.daily'],
    ] as const) {
      const res = await patch(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'unknown_field', detail: named });
    }
    expect(AccountResponse.parse((await me(user)).json()).user).toEqual(before);
  });

  it('refuses an update that changes nothing without touching the row', async () => {
    const user = await createUser(app);
    const before = await app.db.select().from(users).where(eq(users.id, user.user.id));
    for (const body of [{}, { settings: {} }, { goals: {} }, { email: user.user.email }]) {
      const res = await patch(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'nothing_to_change' });
    }
    // Not even updated_at moved: the database was never asked.
    expect(await app.db.select().from(users).where(eq(users.id, user.user.id))).toEqual(before);
  });

  it('saves the reminder times and per-kind switches (decision 033), partially', async () => {
    const user = await createUser(app);
    const res = await patch(user, {
      settings: { morning_reminder_time: '06:45', notify: { daily_quiz: false } },
    });
    expect(res.statusCode).toBe(200);
    expect(AccountResponse.parse((await me(user)).json()).user.settings).toEqual({
      ...DEFAULT_USER_SETTINGS,
      morning_reminder_time: '06:45',
      notify: { ...DEFAULT_USER_SETTINGS.notify, daily_quiz: false },
    });
    for (const bad of ['6:45', '24:00', '07:60', 'soon']) {
      const refused = await patch(user, { settings: { evening_reminder_time: bad } });
      expect(refused.statusCode, bad).toBe(400);
    }
    expect(AccountResponse.parse((await me(user)).json()).user.settings.evening_reminder_time).toBe(
      '21:00',
    );
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

  it('refuses a new email (it needs a confirmation link) and changes nothing else', async () => {
    const a = await createUser(app);
    const b = await createUser(app);
    for (const email of [a.user.email, `fresh.${Date.now()}@example.test`]) {
      const res = await patch(b, { name: 'Changed', email });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'email_needs_confirmation',
        detail: AccountMessages.emailNeedsConfirmation,
      });
    }
    expect(AccountResponse.parse((await me(b)).json()).user).toMatchObject({
      name: b.user.name,
      email: b.user.email,
    });
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

  it('mails a confirmed address that its password changed, once, and never the password', async () => {
    const change = (person: CreatedUser, currentPassword: string, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users/me/password',
        headers: {
          ...person.headers,
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
        },
        payload: { currentPassword, password, confirmPassword: password },
      });
    const notices = async (email: string) =>
      (await readOutbox(app.db, email)).filter(
        (mail) => mail.subject === 'Your Lumiskin password was changed',
      );

    const confirmed = await createUser(app, { emailConfirmed: true });
    expect((await change(confirmed, 'not-it', 'brand-new-one')).statusCode).toBe(400);
    expect(await notices(confirmed.user.email)).toEqual([]);
    expect((await change(confirmed, confirmed.password, 'brand-new-one')).statusCode).toBe(200);
    const [notice, ...more] = await notices(confirmed.user.email);
    expect(more).toEqual([]);
    expect(notice?.text).toMatch(
      /\d{4}-\d\d-\d\d \d\d:\d\d UTC, in your profile’s Settings, on Firefox on Linux/,
    );
    expect(notice?.text).toContain('Every other device was signed out.');
    expect(notice?.text).toContain('/forgot-password');
    expect(notice?.text).not.toContain('brand-new-one');
    expect(notice?.text).not.toContain(confirmed.password);

    // An address nobody proved yet gets no mail (decision 070).
    const unproved = await createUser(app, { emailConfirmed: false });
    expect((await change(unproved, unproved.password, 'brand-new-one')).statusCode).toBe(200);
    expect(await notices(unproved.user.email)).toEqual([]);
  });

  it('of four changes sent at once with the same current password, the one acknowledged holds', async () => {
    const user = await createUser(app, { emailConfirmed: true });
    const wanted = ['first-new-pass', 'second-new-pass', 'third-new-pass', 'fourth-new-pass'];
    const answers = await Promise.all(
      wanted.map((password) =>
        app.inject({
          method: 'POST',
          url: '/api/users/me/password',
          headers: user.headers,
          payload: { currentPassword: user.password, password, confirmPassword: password },
        }),
      ),
    );

    const acknowledged = wanted.filter((_, i) => answers[i]?.statusCode === 200);
    expect(acknowledged).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'wrong_password' });
    }
    const logins = await Promise.all(
      [user.password, ...wanted].map(async (p) => (await login(user.user.email, p)).statusCode),
    );
    expect(logins).toEqual(
      [user.password, ...wanted].map((p) => (p === acknowledged[0] ? 200 : 401)),
    );
    // One change, one notice.
    expect(
      (await readOutbox(app.db, user.user.email)).filter(
        (mail) => mail.subject === 'Your Lumiskin password was changed',
      ),
    ).toHaveLength(1);
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
async function fillAccount(user: CreatedUser, photo: Buffer = Buffer.from('fake-jpeg-bytes')) {
  const id = user.user.id;
  const scan = await insertScan(app.db, id, { photo });
  await app.db.execute(sql`insert into scan_consents (user_id, version) values (${id}, 'v1')`);
  await app.db.execute(
    sql`insert into routine_check_offs (user_id, day, session) values (${id}, current_date, 'evening')`,
  );
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
    insert into quiz_attempts (user_id, quiz_type, quiz_day, time_zone, question_ids, served_at, last_served_at, expires_at, answers)
    values (${id}, 'daily', current_date, 'UTC', '{}', now(), now(), now() + interval '1 hour',
      '{"sun-10": {"chosen": "b", "at": "2026-12-01T08:00:00.000Z"}}')`);
  const forgot = await app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: user.user.email },
  });
  expect(forgot.statusCode).toBe(200);
  return scan;
}

/** fillAccount plus the rows only a played quiz leaves: an answer and a badge. */
async function fillAccountWithQuiz(user: CreatedUser, photo?: Buffer) {
  const scan = await fillAccount(user, photo);
  const id = user.user.id;
  await app.db.execute(sql`
    insert into quiz_answers (attempt_id, question_id, user_id, chosen, is_correct, points_earned, answered_at)
    select a.id, q.id, ${id}, q.correct_answer, true, 10, now()
    from quiz_attempts a, (select id, correct_answer from quiz_questions order by id limit 1) q
    where a.user_id = ${id}`);
  await app.db.execute(sql`
    insert into quiz_user_badges (user_id, badge_id, attempt_id, earned_at)
    select ${id}, 'first-quiz', id, now() from quiz_attempts where user_id = ${id}`);
  await app.db.execute(sql`
    insert into notifications (user_id, kind, title, body, link, dedupe_key, local_day)
    values (${id}, 'routine_morning', 'Your morning routine', '1 step', '/dashboard', 'k', current_date)`);
  await app.db.execute(sql`
    insert into push_tokens (user_id, token, platform) values (${id}, ${`secret-token-${id}`}, 'android')`);
  await app.db.execute(sql`
    with o as (
      insert into orders (user_id, payment_method, subtotal_pence, total_pence, full_name, line1, city, postcode, country)
      values (${id}, 'manual', 5200, 5200, 'Ada', '1 Road', 'Leeds', 'LS1 1AA', 'GB') returning id)
    insert into order_lines (order_id, position, product_id, name, type, unit_price_pence, quantity)
    select o.id, 0, 'aquahydra', 'AquaHydra', 'base', 5200, 1 from o`);
  await app.db.execute(sql`
    insert into delivery_addresses (user_id, full_name, line1, city, postcode)
    values (${id}, 'Ada', '1 Road', 'Leeds', 'LS1 1AA')`);
  return scan;
}

/** Wraps a storage to count reads and how many run at once. */
function countingStorage(inner: PhotoStorage) {
  const stats = { gets: 0, inFlight: 0, maxInFlight: 0 };
  const storage: PhotoStorage = {
    ...inner,
    async get(key) {
      stats.gets += 1;
      stats.inFlight += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      try {
        return await inner.get(key);
      } finally {
        stats.inFlight -= 1;
      }
    },
  };
  return { storage, stats };
}

const exportOf = (user: { headers: Record<string, string> }) =>
  app.inject({ method: 'GET', url: '/api/users/me/export', headers: user.headers });

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

    // The photo store's deletion is queued with the account's (photo_deletions, holding the id
    // only) and swept by a queued job right after the answer; then nothing of the user is left.
    await vi.waitFor(async () => {
      const after = await userRowCounts(user.user.id);
      expect(Object.keys(after)).toEqual(expect.arrayContaining([...filled, 'photo_deletions']));
      expect(
        Object.values(after).every((n) => n === 0),
        JSON.stringify(after),
      ).toBe(true);
    });
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
      'viewed_posts',
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

  it("holds every module's rows of the user and nothing of another user", async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    const otherPhoto = Buffer.from(`photo of ${other.user.id}`);
    await fillAccountWithQuiz(user);
    const otherScan = await fillAccountWithQuiz(other, otherPhoto);
    const res = await exportOf(user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = AccountExport.parse(res.json());
    const { format, exported_at, user: account, ...sections } = data;
    expect({ format, id: account.id }).toEqual({ format: 'lumiskin-export/1', id: user.user.id });
    expect(new Date(exported_at).toString()).not.toBe('Invalid Date');
    for (const [key, rows] of Object.entries(sections)) {
      expect(rows.length, key).toBeGreaterThan(0);
      for (const row of rows) {
        if ('user_id' in row) expect(row.user_id, key).toBe(user.user.id);
      }
    }
    expect(data.quiz_answers[0]).toMatchObject({ is_correct: true, points_earned: 10 });
    // An answer given before the quiz was submitted is the person's too.
    expect(data.quiz_attempts[0]).toMatchObject({
      answers: { 'sun-10': { chosen: 'b', at: '2026-12-01T08:00:00.000Z' } },
    });
    expect(data.quiz_badges[0]).toMatchObject({ badge_id: 'first-quiz' });
    for (const trace of [other.user.id, other.user.email, otherScan.id]) {
      expect(res.body).not.toContain(trace);
    }
    expect(res.body).not.toContain(otherPhoto.toString('base64'));
    // A device's push token is a key to it, not personal data to hand out.
    expect(res.body).not.toContain('secret-token-');
    expect(data.push_devices).toEqual([expect.objectContaining({ type: 'android' })]);
  });

  it('exports only listed columns: no hashes, no reset links, nor a column added later', async () => {
    const user = await createUser(app);
    await fillAccountWithQuiz(user);
    const [secrets] = await app.db.execute<{ password_hash: string; token_hash: string }>(sql`
      select u.password_hash, s.token_hash from users u join sessions s on s.user_id = u.id
      where u.id = ${user.user.id}`);
    const [reset] = await app.db.execute<{ token_hash: string; text: string }>(sql`
      select t.token_hash, m.text from password_reset_tokens t, mail_outbox m
      where t.user_id = ${user.user.id} and m.user_id = ${user.user.id}`);
    const resetLink = /https?:\/\/\S+/.exec(String(reset?.text))?.[0];
    expect(resetLink).toBeDefined();
    // A future column of any table the export reads, e.g. a secret someone adds next year.
    const tables = await app.db.execute<{ table_name: string }>(sql`
      select distinct table_name from information_schema.columns
      where table_schema = 'public' and column_name in ('user_id', 'analysis_id')
      union select 'users'`);
    const addSecret = (table: string) =>
      app.db.execute(
        sql`alter table ${sql.identifier(table)} add column zz_secret text not null default ${sql.raw(`'secret-of-${table}'`)}`,
      );
    const dropSecret = (table: string) =>
      app.db.execute(sql`alter table ${sql.identifier(table)} drop column if exists zz_secret`);
    try {
      for (const { table_name } of tables) await addSecret(table_name);
      const res = await exportOf(user);
      expect(res.statusCode).toBe(200);
      for (const secret of [
        secrets?.password_hash,
        secrets?.token_hash,
        user.token,
        reset?.token_hash,
        resetLink,
        'zz_secret',
        'secret-of-',
      ]) {
        expect(secret).toBeTruthy();
        expect(res.body).not.toContain(secret);
      }
      // No field holding a password or its hash (a mail's subject may say "password").
      expect(res.body).not.toMatch(/"[a-z_]*password[a-z_]*"\s*:|token_hash|argon2/i);
      // The mails by subject and date, never their text (it held the reset link).
      const { emails } = AccountExport.parse(res.json());
      expect(emails).toContainEqual(
        expect.objectContaining({ subject: 'Reset your Lumiskin password', to: user.user.email }),
      );
      for (const mail of emails)
        expect(Object.keys(mail).sort()).toEqual([
          'created_at',
          'sent_at',
          'status',
          'subject',
          'to',
        ]);
    } finally {
      for (const { table_name } of tables) await dropSecret(table_name);
    }
  });

  it('returns every photo byte for byte as the storage holds it', async () => {
    const user = await createUser(app);
    // Odd sizes across the 48 KiB base64 pieces, and an empty-ish one.
    const sizes = [1, 49_153, 250_001];
    const scans = [];
    for (const size of sizes) {
      scans.push(await insertScan(app.db, user.user.id, { photo: crypto.randomBytes(size) }));
    }
    const res = await exportOf(user);
    const data = AccountExport.parse(res.json());
    expect(data.photos.map((p) => p.analysis_id).sort()).toEqual(scans.map((s) => s.id).sort());
    const storage = createPostgresPhotoStorage(app.db);
    for (const photo of data.photos) {
      const stored = await storage.get({
        userId: user.user.id,
        analysisId: String(photo.analysis_id),
      });
      expect(stored).not.toBeNull();
      const bytes = Buffer.from(String(photo.data_base64), 'base64');
      expect(bytes.equals(stored!.data), String(photo.analysis_id)).toBe(true);
      expect(photo).toMatchObject({
        content_type: stored!.contentType,
        width: stored!.width,
        height: stored!.height,
        created_at: stored!.createdAt.toISOString(),
      });
    }
  });

  it('reads the photos of a large account one at a time, never far ahead of the reader', async () => {
    const user = await createUser(app);
    const PHOTOS = 24;
    for (let i = 0; i < PHOTOS; i++) {
      await insertScan(app.db, user.user.id, { photo: crypto.randomBytes(100_000) });
    }
    const { storage, stats } = countingStorage(createPostgresPhotoStorage(app.db));
    const row = await findUserById(app.db, user.user.id);
    const stream = accountExportStream({ db: app.db, storage }, row!, new Date());
    const chunks: Buffer[] = [];
    let started = 0;
    let maxAhead = 0;
    let readsAtFirstPhoto = -1;
    for await (const chunk of stream) {
      const text = String(chunk);
      started += text.split('"data_base64":"').length - 1;
      if (started > 0 && readsAtFirstPhoto < 0) readsAtFirstPhoto = stats.gets;
      maxAhead = Math.max(maxAhead, stats.gets - started);
      chunks.push(chunk as Buffer);
    }
    expect(stats).toMatchObject({ gets: PHOTOS, maxInFlight: 1 });
    // The first photo reaches the reader before the rest are read; then at most one is read ahead.
    expect(readsAtFirstPhoto).toBeLessThanOrEqual(2);
    expect(maxAhead).toBeLessThanOrEqual(1);
    const data = AccountExport.parse(JSON.parse(Buffer.concat(chunks).toString()));
    expect(data.photos).toHaveLength(PHOTOS);
    expect(data.scans).toHaveLength(PHOTOS);
  });

  it('401s without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/users/me/export' })).statusCode).toBe(401);
    expect((await exportOf({ headers: { authorization: 'Bearer not-a-token' } })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/users/me/export over a real connection', () => {
  const logs = captureLogs();
  let server: FastifyInstance;
  let base = '';
  beforeAll(async () => {
    server = await buildTestApp({ logLevel: 'info', logStream: logs.stream });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => server.close());

  /** GET the export on a connection of its own; resolves at the headers, the body unread. */
  const open = (who: CreatedUser) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(`${base}/api/users/me/export`, { headers: who.headers, agent: false }, resolve)
        .on('error', reject);
    });
  const readAll = async (res: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };

  it(
    'sends one export per account at a time; a client that hangs up frees the slot',
    { timeout: 60_000 },
    async () => {
      const user = await createUser(server);
      const bystander = await createUser(server);
      const photo = crypto.randomBytes(1_000_000);
      // More than the socket buffers take, so an export that is not read stays unfinished.
      for (let i = 0; i < 12; i++) await insertScan(server.db, user.user.id, { photo });

      const first = await open(user);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-length']).toBeUndefined();
      const second = await open(user);
      expect(second.statusCode).toBe(429);
      expect(JSON.parse(await readAll(second))).toEqual({
        detail: AccountMessages.exportRunning,
        code: 'rate_limited',
      });
      const other = await open(bystander);
      expect(other.statusCode).toBe(200);
      await readAll(other);

      first.destroy();
      await vi.waitFor(async () => {
        const again = await open(user);
        const body = await readAll(again);
        expect(again.statusCode).toBe(200);
        expect(AccountExport.parse(JSON.parse(body)).photos).toHaveLength(12);
      }, 15_000);

      // Who exported is logged; no photo, token or personal row is.
      const lines = logs.lines().filter((line) => line.msg === 'account export');
      expect(lines.length).toBeGreaterThanOrEqual(3);
      expect(lines[0]).toMatchObject({ userId: user.user.id });
      const text = logs.text();
      expect(text).not.toContain(photo.subarray(0, 30_000).toString('base64').slice(0, 64));
      expect(text).not.toContain(user.token);
      expect(text).not.toContain(user.user.email);
    },
  );
});

import https from 'node:https';
import { NotificationList, UnreadCount, VapidPublicKey } from '@lumiskin/contract/notifications';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp, captureLogs } from '../../../test/helper';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../../test/push-service';
import { sessions, users } from '../auth/schema';
import { routineProducts } from '../routine/schema';
import { runDueNotifications } from './scheduler';
import { isAllowedEndpoint, loadVapidKeys } from './web-push';
import { MAX_DEVICES } from './repository';
import { notifications, pushSubscriptions, pushTokens, serverKeys } from './schema';

let app: FastifyInstance;
let pushService: PushServiceStandIn;
const logs = captureLogs();
beforeAll(async () => {
  pushService = await startPushServiceStandIn();
  app = await buildTestApp({
    logLevel: 'info',
    logStream: logs.stream,
    notifications: {
      schedulerIntervalMs: 0,
      vapidSubject: 'mailto:team@lumiskin.test',
      // The stand-in listens on a port of its own: allowed by naming it (host:port).
      pushHosts: [new URL(pushService.origin).host],
      webPushAgent: new https.Agent({ ca: pushService.ca }),
    },
  });
});
afterAll(async () => {
  await app.close();
  await pushService.close();
});

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LINUX_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function notify(user: CreatedUser, count: number, read = 0) {
  const rows = Array.from({ length: count }, (_, i) => ({
    userId: user.user.id,
    kind: 'routine_morning' as const,
    title: `Title ${i}`,
    body: `Body ${i}`,
    link: '/dashboard',
    dedupeKey: `test:${i}`,
    localDay: '2031-01-01',
    createdAt: new Date(Date.UTC(2031, 0, 1, 0, i)),
    readAt: i < read ? new Date() : null,
  }));
  return app.db.insert(notifications).values(rows).returning();
}

const get = (user: CreatedUser, url: string) =>
  app.inject({ method: 'GET', url, headers: user.headers });
const post = (user: CreatedUser | null, url: string, payload?: unknown) =>
  app.inject({
    method: 'POST',
    url,
    headers: user?.headers ?? {},
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });

describe('the bell: /api/notifications', () => {
  it('lists the owner’s own, newest first, paginated, with the unread count', async () => {
    const alice = await createUser(app);
    const bob = await createUser(app);
    await notify(alice, 25, 5);
    await notify(bob, 2);
    const first = await get(alice, '/api/notifications?page_size=10');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const list = NotificationList.parse(first.json());
    expect(list).toMatchObject({ page: 1, page_size: 10, total: 25, unread: 20 });
    expect(list.notifications.map((n) => n.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Title ${24 - i}`),
    );
    const third = NotificationList.parse(
      (await get(alice, '/api/notifications?page=3&page_size=10')).json(),
    );
    expect(third.notifications.map((n) => n.title)).toEqual([
      'Title 4',
      'Title 3',
      'Title 2',
      'Title 1',
      'Title 0',
    ]);
    expect(third.notifications.every((n) => n.read_at !== null)).toBe(true);
    expect(UnreadCount.parse((await get(bob, '/api/notifications/unread-count')).json())).toEqual({
      unread: 2,
    });
  });

  it('marks one read (only the owner’s) and all read', async () => {
    const alice = await createUser(app);
    const bob = await createUser(app);
    const [one, two] = await notify(alice, 2);
    // Bob cannot touch Alice's: the same 404 as an unknown id.
    const stranger = await post(bob, `/api/notifications/${one!.id}/read`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'not_found' });
    const res = await post(alice, `/api/notifications/${one!.id}/read`);
    expect(res.statusCode).toBe(200);
    const readAt = res.json().notification.read_at as string;
    expect(readAt).not.toBeNull();
    // Marking again keeps the first time.
    expect(
      (await post(alice, `/api/notifications/${one!.id}/read`)).json().notification.read_at,
    ).toBe(readAt);
    expect((await get(alice, '/api/notifications/unread-count')).json()).toEqual({ unread: 1 });
    const all = await post(alice, '/api/notifications/read-all');
    expect(all.json()).toEqual({ updated: 1, unread: 0 });
    const [row] = await app.db.select().from(notifications).where(eq(notifications.id, two!.id));
    expect(row?.readAt).not.toBeNull();
  });

  it('refuses strangers and bad input with {detail, code}', async () => {
    const alice = await createUser(app);
    expect((await app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await post(null, '/api/notifications/read-all')).statusCode).toBe(401);
    for (const url of [
      '/api/notifications?page=0',
      '/api/notifications?page_size=500',
      '/api/notifications?page=abc',
    ]) {
      const res = await get(alice, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toHaveProperty('detail');
    }
    const bad = await post(alice, '/api/notifications/not-a-uuid/read');
    expect(bad.statusCode).toBe(400);
  });
});

describe('Web Push', () => {
  it('keeps one VAPID pair in the database, the same for every instance', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    const { public_key } = VapidPublicKey.parse(res.json());
    expect(Buffer.from(public_key, 'base64url')).toHaveLength(65);
    // Other instances starting on the same database (at the same moment) get the same pair.
    const subject = 'mailto:team@lumiskin.test';
    const others = await Promise.all([
      loadVapidKeys(app.db, { subject }),
      loadVapidKeys(app.db, { subject }),
    ]);
    expect(others.map((k) => k.publicKey)).toEqual([public_key, public_key]);
    expect(await app.db.select().from(serverKeys)).toHaveLength(1);
    // A pair from the environment wins.
    const fromEnv = await loadVapidKeys(app.db, { subject, publicKey: 'pub', privateKey: 'priv' });
    expect(fromEnv).toEqual({ publicKey: 'pub', privateKey: 'priv', subject });
  });

  it('subscribes a browser, sends it an encrypted reminder, and drops it on 410', async () => {
    const alice = await createUser(app);
    await app.db
      .update(users)
      .set({ timezone: 'UTC', morningReminderTime: '09:00' })
      .where(eq(users.id, alice.user.id));
    await app.db.insert(routineProducts).values({
      userId: alice.user.id,
      name: 'Cleanser',
      type: 'cleanser',
      purpose: 'Cleanse',
      applicationTime: 'morning',
      frequency: 'daily',
    });
    const phone = pushService.subscribe();
    const laptop = pushService.subscribe({ gone: true });
    for (const sub of [phone, laptop, phone]) {
      const res = await post(alice, '/api/push/subscribe', { ...sub, received: undefined });
      expect(res.statusCode).toBe(204);
    }
    // Subscribing the same browser twice keeps one row.
    expect(
      await app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, alice.user.id)),
    ).toHaveLength(2);

    await runDueNotifications(app.db, new Date('2031-04-04T09:05:00Z'), app.notifications.senders);
    expect(pushService.rejected.filter((why) => why !== 'subscription expired')).toEqual([]);
    expect(phone.received).toHaveLength(1);
    const [row] = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, alice.user.id));
    expect(phone.received[0]).toMatchObject({
      payload: {
        id: row!.id,
        title: 'Your morning routine',
        body: '1 step, starting with Cleanser.',
        link: '/dashboard#routine',
      },
      ttl: 21600,
      urgency: 'normal',
    });
    // The push service said 410 for the laptop: its subscription is gone, the phone's stays.
    const left = await app.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, alice.user.id));
    expect(left).toEqual([{ endpoint: phone.endpoint }]);
    // Nothing identifying the device in the log.
    expect(logs.text()).not.toContain(phone.keys.p256dh);
    expect(logs.text()).not.toContain(phone.endpoint);
  });

  it('pushes a sign-in from a new kind of device to the phone at once (decision 185)', async () => {
    const bob = await createUser(app);
    await app.db
      .update(sessions)
      .set({ userAgent: ANDROID_CHROME })
      .where(eq(sessions.userId, bob.user.id));
    const phone = pushService.subscribe();
    expect(
      (await post(bob, '/api/push/subscribe', { ...phone, received: undefined })).statusCode,
    ).toBe(204);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': LINUX_FIREFOX },
      payload: { email: bob.user.email, password: bob.password },
    });
    expect(login.statusCode).toBe(200);
    // Sent after the sign-in's answer, not waited for by it.
    const deadline = Date.now() + 10_000;
    while (phone.received.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [row] = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, bob.user.id));
    expect(phone.received).toEqual([
      expect.objectContaining({
        payload: {
          id: row!.id,
          title: 'New sign-in: Firefox on Linux',
          body: 'If this was not you, sign that device out here and change your password.',
          link: '/profile?tab=settings#devices',
        },
      }),
    ]);
  });

  it('moves a browser to whoever subscribed it last (shared device), and unsubscribes', async () => {
    const alice = await createUser(app);
    const bob = await createUser(app);
    const sub = pushService.subscribe();
    const body = { endpoint: sub.endpoint, keys: sub.keys };
    await post(alice, '/api/push/subscribe', body);
    await post(bob, '/api/push/subscribe', body);
    const rows = await app.db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(rows).toEqual([{ userId: bob.user.id }]);
    // Alice cannot unsubscribe Bob's device; Bob can.
    expect(
      (await post(alice, '/api/push/unsubscribe', { endpoint: sub.endpoint })).statusCode,
    ).toBe(204);
    expect(
      await app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, sub.endpoint)),
    ).toHaveLength(1);
    await post(bob, '/api/push/unsubscribe', { endpoint: sub.endpoint });
    expect(
      await app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, sub.endpoint)),
    ).toHaveLength(0);
  });

  it.each([
    [
      'an endpoint that is not a push service (no requests to the inside)',
      { endpoint: 'https://169.254.169.254/latest' },
    ],
    ['plain http', { endpoint: 'http://127.0.0.1:9/push/x' }],
    ['an allowed host on another port', { endpoint: `https://127.0.0.1:6379/push/x` }],
    [
      'an allowed host on the default port when only its own port is allowed',
      { endpoint: 'https://127.0.0.1/push/x' },
    ],
    ['credentials in the URL', { endpoint: 'https://user:pw@127.0.0.1/push/x' }],
    ['a bad key', { keys: { p256dh: 'not base64url!', auth: 'abc' } }],
    ['no keys', { keys: undefined }],
  ])('refuses %s', async (_case, change) => {
    const alice = await createUser(app);
    const sub = pushService.subscribe();
    const res = await post(alice, '/api/push/subscribe', {
      endpoint: sub.endpoint,
      keys: sub.keys,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error' });
    expect(
      await app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, alice.user.id)),
    ).toEqual([]);
  });

  it(`keeps at most ${MAX_DEVICES} devices per person, the newest`, async () => {
    const alice = await createUser(app);
    const subs = Array.from({ length: MAX_DEVICES + 2 }, () => pushService.subscribe());
    for (const sub of subs) {
      await post(alice, '/api/push/subscribe', { endpoint: sub.endpoint, keys: sub.keys });
      await post(alice, '/api/user/push-token', { token: `t-${sub.keys.auth}` });
    }
    const kept = await app.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, alice.user.id));
    expect(kept.map((r) => r.endpoint).sort()).toEqual(
      subs
        .slice(2)
        .map((s) => s.endpoint)
        .sort(),
    );
    expect(
      await app.db.select().from(pushTokens).where(eq(pushTokens.userId, alice.user.id)),
    ).toHaveLength(MAX_DEVICES);
  });

  it('needs a signed-in person to subscribe', async () => {
    const sub = pushService.subscribe();
    const res = await post(null, '/api/push/subscribe', { endpoint: sub.endpoint, keys: sub.keys });
    expect(res.statusCode).toBe(401);
  });
});

describe('native push tokens: /api/user/push-token', () => {
  it('saves one row per device, platform defaulting to android, and deletes it on sign-out', async () => {
    const alice = await createUser(app);
    const token = `fcm-token-${alice.user.id}`;
    expect((await post(alice, '/api/user/push-token', { token })).statusCode).toBe(204);
    expect(
      (await post(alice, '/api/user/push-token', { token, platform: 'android' })).statusCode,
    ).toBe(204);
    const rows = await app.db.select().from(pushTokens).where(eq(pushTokens.userId, alice.user.id));
    expect(rows.map((r) => [r.token, r.platform])).toEqual([[token, 'android']]);
    expect(logs.text()).not.toContain(token);
    const del = await app.inject({
      method: 'DELETE',
      url: '/api/user/push-token',
      headers: alice.headers,
      payload: { token },
    });
    expect(del.statusCode).toBe(204);
    expect(
      await app.db.select().from(pushTokens).where(eq(pushTokens.userId, alice.user.id)),
    ).toEqual([]);
  });

  it('refuses a missing or strange token and strangers', async () => {
    const alice = await createUser(app);
    for (const payload of [
      {},
      { token: '' },
      { token: 'has space' },
      { token: 'x'.repeat(5000) },
      { token: 'ok', platform: 'windows' },
    ]) {
      const res = await post(alice, '/api/user/push-token', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json()).toHaveProperty('detail');
    }
    expect((await post(null, '/api/user/push-token', { token: 'abc' })).statusCode).toBe(401);
  });

  it('goes with the account, with its subscriptions and notifications', async () => {
    const alice = await createUser(app);
    await post(alice, '/api/user/push-token', { token: `gone-with-${alice.user.id}` });
    const sub = pushService.subscribe();
    await post(alice, '/api/push/subscribe', { endpoint: sub.endpoint, keys: sub.keys });
    await notify(alice, 1);
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: alice.headers,
      payload: { password: alice.password },
    });
    expect(res.statusCode).toBe(204);
    for (const table of [pushTokens, pushSubscriptions, notifications]) {
      expect(await app.db.select().from(table).where(eq(table.userId, alice.user.id))).toEqual([]);
    }
  });
});

describe('which push endpoints are allowed', () => {
  it('a bare allowed host means port 443 only; subdomains too; another port only when named', () => {
    const hosts = ['fcm.googleapis.com', 'push.example:8443'];
    expect(isAllowedEndpoint('https://fcm.googleapis.com/fcm/send/x', hosts)).toBe(true);
    expect(isAllowedEndpoint('https://fcm.googleapis.com:443/fcm/send/x', hosts)).toBe(true);
    expect(isAllowedEndpoint('https://eu.fcm.googleapis.com/x', hosts)).toBe(true);
    expect(isAllowedEndpoint('https://fcm.googleapis.com:6379/x', hosts)).toBe(false);
    expect(isAllowedEndpoint('https://fcm.googleapis.com:22/x', hosts)).toBe(false);
    expect(isAllowedEndpoint('https://push.example:8443/x', hosts)).toBe(true);
    expect(isAllowedEndpoint('https://push.example/x', hosts)).toBe(false);
    expect(isAllowedEndpoint('https://push.example:8444/x', hosts)).toBe(false);
  });
});

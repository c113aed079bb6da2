import { NOTIFICATIONS_PER_DAY } from '@lumiskin/contract/notifications';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { insertScan } from '../../../test/scan-factory';
import { createDbClient, type DbClient } from '../../db/client';
import { users } from '../auth/schema';
import { blogPosts, postSaves } from '../blog/schema';
import { readOutbox } from '../mail/mailer';
import { quizAttempts } from '../quiz/schema';
import { routineProducts } from '../routine/schema';
import { createEmailSender } from './email-sender';
import { runDueNotifications, type NotificationSender, type Recipient } from './scheduler';
import { notifications, type NotificationRow } from './schema';

let app: FastifyInstance;
let second: DbClient;
beforeAll(async () => {
  app = await buildTestApp();
  // A second pool on the same database: another server instance.
  second = createDbClient((app.config as unknown as { databaseUrl: string }).databaseUrl, {
    max: 4,
  });
});
afterAll(async () => {
  await second.close();
  await app.close();
});

/** Someone in `timezone` with a morning and an evening routine step. */
async function person(
  options: {
    timezone?: string;
    morning?: string;
    evening?: string;
    routine?: boolean;
    set?: Partial<typeof users.$inferInsert>;
  } = {},
) {
  const { user } = await createUser(app);
  await app.db
    .update(users)
    .set({
      timezone: options.timezone ?? 'Europe/London',
      morningReminderTime: options.morning ?? '08:00',
      eveningReminderTime: options.evening ?? '21:00',
      ...options.set,
    })
    .where(eq(users.id, user.id));
  if (options.routine !== false) {
    await app.db.insert(routineProducts).values([
      {
        userId: user.id,
        name: 'Gentle cleanser',
        type: 'cleanser',
        purpose: 'Cleanse',
        applicationTime: 'morning',
        frequency: 'daily',
      },
      {
        userId: user.id,
        name: 'Sunscreen SPF 50',
        type: 'sunscreen',
        purpose: 'Protect',
        applicationTime: 'morning',
        frequency: 'daily',
        position: 1,
      },
      {
        userId: user.id,
        name: 'Retinol serum',
        type: 'serum',
        purpose: 'Renew',
        applicationTime: 'evening',
        frequency: 'daily',
      },
    ]);
  }
  return user;
}

async function playedDaily(userId: string, day: string) {
  const at = new Date(`${day}T12:00:00Z`);
  await app.db.insert(quizAttempts).values({
    userId,
    quizType: 'daily',
    quizDay: day,
    timeZone: 'Europe/London',
    questionIds: ['q1'],
    servedAt: at,
    lastServedAt: at,
    expiresAt: new Date(at.getTime() + 3_600_000),
    submittedAt: at,
    correctAnswers: 3,
    pointsEarned: 30,
  });
}

const mine = (userId: string) =>
  app.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);

const run = (at: string, senders: NotificationSender[] = []) =>
  runDueNotifications(app.db, new Date(at), senders);

/** Everyone's run creates reminders for everyone in their window; a test looks at its own user. */
const createdFor = (result: { created: NotificationRow[] }, userId: string) =>
  result.created.filter((row) => row.userId === userId).map((row) => row.kind);

describe('runDueNotifications', () => {
  it('reminds of the morning routine at the chosen time in the person’s zone, once', async () => {
    // 08:00 in London on 1 July (BST) is 07:00 UTC.
    const user = await person({ timezone: 'Europe/London', morning: '08:00' });
    expect(createdFor(await run('2031-07-01T06:59:00Z'), user.id)).toEqual([]);
    const first = await run('2031-07-01T07:05:00Z');
    expect(createdFor(first, user.id)).toEqual(['routine_morning']);
    expect(createdFor(await run('2031-07-01T07:06:00Z'), user.id)).toEqual([]);
    const [row] = await mine(user.id);
    expect(row).toMatchObject({
      kind: 'routine_morning',
      title: 'Your morning routine',
      body: '2 steps, starting with Gentle cleanser.',
      link: '/dashboard#routine',
      localDay: '2031-07-01',
      readAt: null,
    });
    // The next day it is due again.
    expect(createdFor(await run('2031-07-02T07:01:00Z'), user.id)).toEqual(['routine_morning']);
  });

  it('uses the person’s own zone and times, and skips a stale window', async () => {
    // 06:30 in Tokyo is 21:30 UTC the day before.
    const user = await person({ timezone: 'Asia/Tokyo', morning: '06:30', evening: '22:15' });
    expect(createdFor(await run('2031-03-09T21:29:00Z'), user.id)).toEqual([]);
    expect(createdFor(await run('2031-03-09T21:31:00Z'), user.id)).toEqual(['routine_morning']);
    // Evening 22:15 Tokyo = 13:15 UTC. The window ends at local midnight: a server that was down
    // until 00:16 (15:16 UTC) sends nothing late.
    expect(createdFor(await run('2031-03-10T15:16:00Z'), user.id)).toEqual([]);
    expect(createdFor(await run('2031-03-10T13:16:00Z'), user.id)).toEqual(['routine_evening']);
  });

  it('sends no routine reminder to someone without routine steps, nor with the switch off', async () => {
    const empty = await person({ routine: false });
    const off = await person({ set: { notifyRoutine: false } });
    const result = await run('2031-01-15T08:01:00Z');
    expect(createdFor(result, empty.id)).toEqual([]);
    expect(createdFor(result, off.id)).toEqual([]);
  });

  it('tells a player the daily is ready, and in the evening that the streak ends tonight', async () => {
    const user = await person({ routine: false });
    await playedDaily(user.id, '2031-01-13');
    await playedDaily(user.id, '2031-01-14');
    const morning = await run('2031-01-15T08:01:00Z');
    expect(createdFor(morning, user.id)).toEqual(['daily_quiz']);
    const evening = await run('2031-01-15T21:01:00Z');
    expect(createdFor(evening, user.id)).toEqual(['streak_ending']);
    const rows = await mine(user.id);
    expect(rows[1]).toMatchObject({
      title: 'Your streak ends tonight',
      body: "Your 2-day streak ends at midnight. Play today's quiz to keep it.",
      link: '/quiz/daily',
    });
  });

  it('sends no reminder of the day twice, whatever key the first one had', async () => {
    // The demo's seeded "daily quiz is ready" for today has a key of its own (and keeps it when
    // its story moves): the scheduler sent the same reminder again that morning.
    const user = await person({ routine: false });
    await playedDaily(user.id, '2031-01-14');
    await app.db.insert(notifications).values({
      userId: user.id,
      kind: 'daily_quiz',
      title: 'Your daily quiz is ready',
      body: "Today's five questions are waiting. A few minutes is all it takes.",
      link: '/quiz/daily',
      dedupeKey: 'demo:daily_quiz:2031-01-15',
      localDay: '2031-01-15',
      createdAt: new Date('2031-01-15T07:00:00Z'),
    });
    const morning = await run('2031-01-15T08:01:00Z');
    expect(createdFor(morning, user.id)).toEqual([]);
    // The next morning's is sent.
    const next = await run('2031-01-16T08:01:00Z');
    expect(createdFor(next, user.id)).toEqual(['daily_quiz']);
  });

  it('says nothing of the quiz to someone who played today or never played', async () => {
    const played = await person({ routine: false });
    await playedDaily(played.id, '2031-01-14');
    await playedDaily(played.id, '2031-01-15');
    const never = await person({ routine: false });
    const morning = await run('2031-01-15T08:30:00Z');
    const evening = await run('2031-01-15T21:30:00Z');
    for (const result of [morning, evening]) {
      expect(createdFor(result, played.id)).toEqual([]);
      expect(createdFor(result, never.id)).toEqual([]);
    }
  });

  it('asks for a progress scan 14 days after the last one, once per last scan', async () => {
    const user = await person({ routine: false });
    await insertScan(app.db, user.id, { createdAt: new Date('2031-02-01T06:00:00Z') });
    expect(createdFor(await run('2031-02-14T08:01:00Z'), user.id)).toEqual([]);
    expect(createdFor(await run('2031-02-15T08:01:00Z'), user.id)).toEqual(['progress_scan']);
    expect(createdFor(await run('2031-02-16T08:01:00Z'), user.id)).toEqual([]);
    const [row] = await mine(user.id);
    expect(row).toMatchObject({
      title: 'Time for a progress scan',
      body: 'It has been 14 days since your last scan. A new one shows how your skin has changed.',
      link: '/scan',
    });
  });

  it('announces a new article in a topic the person saved articles from', async () => {
    const user = await person({ routine: false });
    await app.db
      .update(users)
      .set({ createdAt: new Date('2031-01-01T00:00:00Z') })
      .where(eq(users.id, user.id));
    const post = (slug: string, category: string, publishedAt: string) => ({
      slug: `${slug}-${user.id.slice(0, 8)}`,
      title: `Article ${slug}`,
      excerpt: 'x',
      content: 'x',
      tags: [],
      category: `${category}-${user.id.slice(0, 8)}`,
      author: 'Lumiskin',
      readTime: 3,
      image: '/x.png',
      publishedAt: new Date(publishedAt),
    });
    const [saved] = await app.db
      .insert(blogPosts)
      .values(post('old', 'Acne', '2031-01-02T00:00:00Z'))
      .returning();
    await app.db.insert(postSaves).values({ userId: user.id, postId: saved!.id });
    await app.db
      .insert(blogPosts)
      .values([
        post('other-topic', 'Sun', '2031-03-09T00:00:00Z'),
        post('new', 'Acne', '2031-03-08T00:00:00Z'),
        post('scheduled', 'Acne', '2031-03-20T00:00:00Z'),
      ]);
    const result = await run('2031-03-10T08:01:00Z');
    expect(createdFor(result, user.id)).toEqual(['new_article']);
    const [row] = await mine(user.id);
    expect(row?.title).toBe(`New in Acne-${user.id.slice(0, 8)}`);
    expect(row?.body).toBe('Article new');
    expect(row?.link).toBe(`/learn/new-${user.id.slice(0, 8)}`);
    // The next morning there is nothing new in that topic.
    expect(createdFor(await run('2031-03-11T08:01:00Z'), user.id)).toEqual([]);
  });

  it(`never sends more than ${NOTIFICATIONS_PER_DAY} in one day, the most urgent first`, async () => {
    const user = await person();
    await playedDaily(user.id, '2031-01-14');
    await insertScan(app.db, user.id, { createdAt: new Date('2030-12-01T10:00:00Z') });
    const morning = await run('2031-01-15T08:01:00Z');
    expect(createdFor(morning, user.id)).toEqual([
      'routine_morning',
      'daily_quiz',
      'progress_scan',
    ]);
    // Evening: the streak and the evening routine are due, but the day is full.
    expect(createdFor(await run('2031-01-15T21:01:00Z'), user.id)).toEqual([]);
    expect(await mine(user.id)).toHaveLength(NOTIFICATIONS_PER_DAY);
  });

  it('counts no sign-in alert against the day’s reminders (decision 185)', async () => {
    const user = await person();
    await playedDaily(user.id, '2031-01-14');
    await insertScan(app.db, user.id, { createdAt: new Date('2030-12-01T10:00:00Z') });
    // Three new sign-ins that day, before the morning's reminders.
    await app.db.insert(notifications).values(
      [1, 2, 3].map((n) => ({
        userId: user.id,
        kind: 'new_sign_in' as const,
        title: 'New sign-in: Firefox on Linux',
        body: 'If this was not you, sign that device out here and change your password.',
        link: '/profile?tab=settings#devices',
        dedupeKey: `new_sign_in:test-${n}`,
        localDay: '2031-01-15',
        createdAt: new Date(`2031-01-15T0${n}:00:00Z`),
      })),
    );
    const morning = await run('2031-01-15T08:01:00Z');
    expect(createdFor(morning, user.id)).toEqual([
      'routine_morning',
      'daily_quiz',
      'progress_scan',
    ]);
    expect(await mine(user.id)).toHaveLength(NOTIFICATIONS_PER_DAY + 3);
  });

  it('leaves out suspended accounts', async () => {
    const user = await person({ set: { suspendedAt: new Date('2031-01-01T00:00:00Z') } });
    expect(createdFor(await run('2031-01-15T08:01:00Z'), user.id)).toEqual([]);
  });

  it('hands each new notification to every sender once, and one failing sender stops no other', async () => {
    const user = await person();
    const seen: string[] = [];
    const failing: NotificationSender = {
      name: 'failing',
      send: async () => {
        throw new Error('push service down');
      },
    };
    const recording: NotificationSender = {
      name: 'recording',
      send: async (recipient: Recipient, row) => {
        if (recipient.id === user.id) seen.push(`${recipient.email}:${row.kind}`);
      },
    };
    const errors: string[] = [];
    await runDueNotifications(app.db, new Date('2031-05-05T07:01:00Z'), [failing, recording], {
      onSendError: (sender) => errors.push(sender),
    });
    await runDueNotifications(app.db, new Date('2031-05-05T07:02:00Z'), [failing, recording]);
    expect(seen).toEqual([`${user.email}:routine_morning`]);
    expect(errors.length).toBeGreaterThanOrEqual(1);
  });

  it('emails only the rare kinds, only with Email Notifications on, only to a confirmed address', async () => {
    const confirmed = { emailConfirmedAt: new Date('2031-01-01T00:00:00Z') };
    const on = await person({
      set: { ...confirmed, name: 'Bank of Nowhere: log in at evil.test' },
    });
    const off = await person({ set: { ...confirmed, emailNotifications: false } });
    const unconfirmed = await person();
    for (const u of [on, off, unconfirmed]) {
      await insertScan(app.db, u.id, { createdAt: new Date('2031-05-01T10:00:00Z') });
    }
    const email = createEmailSender(app.mailer, 'https://lumiskin.test');
    await runDueNotifications(app.db, new Date('2031-06-01T07:01:00Z'), [email]);
    const mailOn = await readOutbox(app.db, on.email);
    expect(mailOn.map((m) => m.subject)).toEqual(['Time for a progress scan']);
    expect(mailOn[0]?.text).toContain('https://lumiskin.test/scan');
    // The way to turn it off opens the Settings tab itself.
    expect(mailOn[0]?.text).toContain('Settings tab: https://lumiskin.test/profile?tab=settings');
    expect(mailOn[0]?.text).not.toContain('evil.test');
    expect(await readOutbox(app.db, off.email)).toEqual([]);
    expect(await readOutbox(app.db, unconfirmed.email)).toEqual([]);
    // Both still have both in the bell.
    expect((await mine(off.id)).map((r) => r.kind).sort()).toEqual([
      'progress_scan',
      'routine_morning',
    ]);
  });

  it('two instances running at the same moment create each notification exactly once', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => person()));
    const at = new Date('2031-08-08T07:03:00Z');
    const [a, b] = await Promise.all([
      runDueNotifications(app.db, at, []),
      runDueNotifications(second.db, at, []),
    ]);
    for (const p of people) {
      const rows = await app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, p.id), eq(notifications.localDay, '2031-08-08')));
      expect(rows.map((r) => r.kind)).toEqual(['routine_morning']);
      expect(
        createdFor(a, p.id).length + createdFor(b, p.id).length,
        'created by exactly one of the two runs',
      ).toBe(1);
    }
    // And again, both at once: nothing more.
    const [c, d] = await Promise.all([
      runDueNotifications(app.db, at, []),
      runDueNotifications(second.db, at, []),
    ]);
    expect(c.created.length + d.created.length).toBe(0);
  });
});

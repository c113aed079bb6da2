// The reminder scheduler as a job of the queue: run by whichever processes work jobs, each
// reminder created once and the day's cap kept even when several run it at the same moment.
import { NOTIFICATIONS_PER_DAY } from '@lumiskin/contract/notifications';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { buildTestInstances, captureLogs, until } from '../../test/helper';
import { insertScan } from '../../test/scan-factory';
import { users } from '../modules/auth/schema';
import { notifications } from '../modules/notifications/schema';
import { quizAttempts } from '../modules/quiz/schema';
import { routineProducts } from '../modules/routine/schema';
import { NOTIFICATIONS_JOB } from './notifications';

/** 08:03 in London (BST): everyone below is inside their morning window. */
const NOW = new Date('2031-08-08T07:03:00Z');
const TODAY = '2031-08-08';
const logs = [captureLogs(), captureLogs()];
let instances: Awaited<ReturnType<typeof buildTestInstances>>;
let a: FastifyInstance;
let b: FastifyInstance;
beforeAll(async () => {
  instances = await buildTestInstances(2, (i) => ({
    logLevel: 'debug',
    logStream: logs[i]!.stream,
    now: () => NOW,
    // Every 50 ms from each instance (an interval cron cannot say): many runs, often at once.
    notifications: {
      schedulerIntervalMs: 50,
      vapidSubject: 'mailto:t@lumiskin.test',
      pushHosts: [],
    },
  }));
  [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
});
afterAll(() => instances.close());

/**
 * Someone with a morning routine step, a daily played yesterday and a scan a month old: a
 * routine, a quiz and a progress-scan reminder are due. One notification of today is already
 * there, so the cap leaves room for two.
 */
async function person() {
  const { user } = await createUser(a);
  await a.db
    .update(users)
    .set({ timezone: 'Europe/London', morningReminderTime: '08:00' })
    .where(eq(users.id, user.id));
  await a.db.insert(routineProducts).values({
    userId: user.id,
    name: 'Gentle cleanser',
    type: 'cleanser',
    purpose: 'Cleanse',
    applicationTime: 'morning',
    frequency: 'daily',
  });
  const yesterday = new Date('2031-08-07T12:00:00Z');
  await a.db.insert(quizAttempts).values({
    userId: user.id,
    quizType: 'daily',
    quizDay: '2031-08-07',
    timeZone: 'Europe/London',
    questionIds: ['q1'],
    servedAt: yesterday,
    lastServedAt: yesterday,
    expiresAt: new Date(yesterday.getTime() + 3_600_000),
    submittedAt: yesterday,
    correctAnswers: 3,
    pointsEarned: 30,
  });
  await insertScan(a.db, user.id, { createdAt: new Date('2031-07-01T10:00:00Z') });
  await a.db.insert(notifications).values({
    userId: user.id,
    kind: 'new_article',
    title: 'New in Acne',
    body: 'Earlier today',
    link: '/learn/earlier',
    dedupeKey: 'test:earlier',
    localDay: TODAY,
    createdAt: new Date('2031-08-08T06:00:00Z'),
  });
  return user;
}

const kindsOf = async (userId: string) =>
  (
    await a.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.localDay, TODAY)))
      .orderBy(notifications.kind)
  ).map((row) => row.kind);

const runsLogged = (index: number) =>
  logs[index]!.lines().filter(
    (line) => line.msg === 'notifications run' || line.msg === 'notifications sent',
  ).length;

describe('the reminder job', { timeout: 60_000 }, () => {
  it('run on two apps at once creates each reminder once, within the cap', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => person()));
    await Promise.all([a.notifications.runNow(), b.notifications.runNow()]);
    for (const p of people) {
      expect(await kindsOf(p.id)).toEqual(['daily_quiz', 'new_article', 'routine_morning']);
    }
  });

  it('is queued on its schedule and worked by both apps: each reminder once, the cap kept', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => person()));
    // Nothing runs it before a process works jobs.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const p of people) expect(await kindsOf(p.id)).toEqual(['new_article']);

    await Promise.all([a.jobs.work([NOTIFICATIONS_JOB]), b.jobs.work([NOTIFICATIONS_JOB])]);
    await until('both apps to have run the job several times', async () => {
      return runsLogged(0) >= 5 && runsLogged(1) >= 5;
    });
    for (const p of people) {
      const kinds = await kindsOf(p.id);
      expect(kinds).toHaveLength(NOTIFICATIONS_PER_DAY);
      expect(kinds).toEqual(['daily_quiz', 'new_article', 'routine_morning']);
    }
  });
});

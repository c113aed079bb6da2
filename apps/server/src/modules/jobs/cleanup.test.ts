// The scheduled clean-up deletes exactly the rows that have served their purpose, and nothing a
// person, a stat or a rule still reads.
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp, until } from '../../../test/helper';
import { scanJobPhotos, scanJobs } from '../analysis/schema';
import { sessions } from '../auth/schema';
import { hashToken } from '../auth/tokens';
import { blogPosts, postViews } from '../blog/schema';
import { mailOutbox } from '../mail/schema';
import { quizAttempts } from '../quiz/schema';
import { passwordResetTokens } from '../users/schema';
import {
  CLEANUPS,
  deleteDeadSessions,
  deleteOldMail,
  deleteOldPostViews,
  deleteOldScanJobs,
  deleteSpentResetTokens,
  deleteStaleQuizAttempts,
} from './cleanup';

const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 24 * 60 * 60_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

let app: FastifyInstance;
let ada: CreatedUser;
let bo: CreatedUser;
let cy: CreatedUser;
beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
  [ada, bo, cy] = [await createUser(app), await createUser(app), await createUser(app)];
});
afterAll(() => app.close());

let sequence = 0;
async function session(
  userId: string,
  values: { expiresAt: Date; revokedAt?: Date; lastUsedAt: Date },
): Promise<string> {
  sequence += 1;
  const [row] = await app.db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(`cleanup-${sequence}`), createdAt: ago(60), ...values })
    .returning({ id: sessions.id });
  return row!.id;
}

const remaining = <T extends { id: string }>(rows: T[], ids: string[]) =>
  rows.filter((r) => ids.includes(r.id)).map((r) => r.id);

describe('clean-up', () => {
  it('deletes sessions dead for over a week, keeping each person’s last used one', async () => {
    // The sessions made by createUser are live: they stay.
    const live = await session(ada.user.id, { expiresAt: ago(-5), lastUsedAt: ago(0) });
    const expiredLongAgo = await session(ada.user.id, { expiresAt: ago(10), lastUsedAt: ago(40) });
    const revokedLongAgo = await session(ada.user.id, {
      expiresAt: ago(-20),
      revokedAt: ago(10),
      lastUsedAt: ago(12),
    });
    const expiredRecently = await session(ada.user.id, { expiresAt: ago(2), lastUsedAt: ago(30) });
    // Bo's and Cy's newest sessions are their "last active" in the admin area.
    await app.db.delete(sessions).where(inArray(sessions.userId, [bo.user.id, cy.user.id]));
    const bosOnly = await session(bo.user.id, { expiresAt: ago(30), lastUsedAt: ago(60) });
    const cysOlder = await session(cy.user.id, { expiresAt: ago(30), lastUsedAt: ago(60) });
    const cysNewest = await session(cy.user.id, { expiresAt: ago(20), lastUsedAt: ago(50) });

    expect(await deleteDeadSessions(app.db, NOW)).toBe(3);
    const ids = [
      live,
      expiredLongAgo,
      revokedLongAgo,
      expiredRecently,
      bosOnly,
      cysOlder,
      cysNewest,
    ];
    const rows = await app.db.select({ id: sessions.id }).from(sessions);
    expect(remaining(rows, ids)).toEqual(
      expect.arrayContaining([live, expiredRecently, bosOnly, cysNewest]),
    );
    expect(remaining(rows, ids)).toHaveLength(4);
    // Ada's own session from sign-up is untouched, and she is still signed in.
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: ada.headers });
    expect(me.statusCode).toBe(200);
    expect(await deleteDeadSessions(app.db, NOW)).toBe(0);
  });

  it('deletes used and expired reset links, keeping the live one', async () => {
    const insert = async (values: { expiresAt: Date; usedAt?: Date }) => {
      sequence += 1;
      const [row] = await app.db
        .insert(passwordResetTokens)
        .values({ userId: ada.user.id, tokenHash: hashToken(`reset-${sequence}`), ...values })
        .returning({ id: passwordResetTokens.id });
      return row!.id;
    };
    const used = await insert({ expiresAt: new Date(NOW.getTime() + 30 * 60_000), usedAt: ago(0) });
    const expired = await insert({ expiresAt: new Date(NOW.getTime() - 60_000) });
    const live = await insert({ expiresAt: new Date(NOW.getTime() + 30 * 60_000) });

    expect(await deleteSpentResetTokens(app.db, NOW)).toBe(2);
    const rows = await app.db.select({ id: passwordResetTokens.id }).from(passwordResetTokens);
    expect(remaining(rows, [used, expired, live])).toEqual([live]);
  });

  it('deletes anonymous view rows from before yesterday; readers’ rows and the counts stay', async () => {
    const [post] = await app.db
      .insert(blogPosts)
      .values({
        slug: 'cleanup-views',
        title: 'Views',
        excerpt: 'x',
        content: 'x',
        tags: ['t'],
        category: 'Test',
        author: 'A',
        readTime: 1,
        image: '/images/blog/acne-basics.svg',
        views: 4,
      })
      .returning({ id: blogPosts.id });
    const postId = post!.id;
    await app.db.insert(postViews).values([
      { postId, visitor: 'a:old', day: dayOf(ago(3)) },
      { postId, visitor: 'a:yesterday', day: dayOf(ago(1)) },
      { postId, visitor: 'a:today', day: dayOf(ago(0)) },
      { postId, visitor: `u:${ada.user.id}`, day: dayOf(ago(90)) },
    ]);

    expect(await deleteOldPostViews(app.db, NOW)).toBe(1);
    const left = await app.db
      .select({ visitor: postViews.visitor })
      .from(postViews)
      .where(eq(postViews.postId, postId));
    expect(left.map((r) => r.visitor).sort()).toEqual(
      ['a:today', 'a:yesterday', `u:${ada.user.id}`].sort(),
    );
    const [counted] = await app.db
      .select({ views: blogPosts.views })
      .from(blogPosts)
      .where(eq(blogPosts.id, postId));
    expect(counted?.views).toBe(4);
  });

  it('deletes unfinished quiz attempts once expired and their day is over everywhere', async () => {
    const attempt = async (values: {
      quizType?: 'daily' | 'category';
      quizDay: Date;
      expiresAt: Date;
      submittedAt?: Date;
    }) => {
      const [row] = await app.db
        .insert(quizAttempts)
        .values({
          userId: bo.user.id,
          quizType: values.quizType ?? 'daily',
          quizDay: dayOf(values.quizDay),
          timeZone: 'Pacific/Kiritimati',
          questionIds: ['q1'],
          servedAt: values.quizDay,
          lastServedAt: values.quizDay,
          expiresAt: values.expiresAt,
          submittedAt: values.submittedAt,
          ...(values.submittedAt && { timeTaken: 60, correctAnswers: 1, pointsEarned: 3 }),
        })
        .returning({ id: quizAttempts.id });
      return row!.id;
    };
    const staleDaily = await attempt({ quizDay: ago(3), expiresAt: ago(3) });
    const staleCategory = await attempt({
      quizType: 'category',
      quizDay: ago(5),
      expiresAt: ago(5),
    });
    // Yesterday (UTC) may still be today somewhere (UTC+14): kept until its day is over everywhere.
    const yesterday = await attempt({ quizDay: ago(1), expiresAt: ago(1) });
    const submitted = await attempt({ quizDay: ago(20), expiresAt: ago(20), submittedAt: ago(20) });
    const stillOpen = await attempt({ quizType: 'category', quizDay: ago(4), expiresAt: ago(-1) });

    expect(await deleteStaleQuizAttempts(app.db, NOW)).toBe(2);
    const rows = await app.db.select({ id: quizAttempts.id }).from(quizAttempts);
    expect(
      remaining(rows, [staleDaily, staleCategory, yesterday, submitted, stillOpen]).sort(),
    ).toEqual([yesterday, submitted, stillOpen].sort());
  });

  it('deletes outbox mail older than 30 days unless it is still to be sent', async () => {
    const mail = async (status: 'kept' | 'pending' | 'sent' | 'failed', createdAt: Date) => {
      const [row] = await app.db
        .insert(mailOutbox)
        .values({
          userId: cy.user.id,
          to: 'cy@example.test',
          subject: 's',
          text: 't',
          status,
          createdAt,
        })
        .returning({ id: mailOutbox.id });
      return row!.id;
    };
    const oldSent = await mail('sent', ago(40));
    const oldFailed = await mail('failed', ago(31));
    const oldKept = await mail('kept', ago(45));
    const oldPending = await mail('pending', ago(40));
    const recent = await mail('sent', ago(10));

    expect(await deleteOldMail(app.db, NOW)).toBe(3);
    const rows = await app.db.select({ id: mailOutbox.id }).from(mailOutbox);
    expect(remaining(rows, [oldSent, oldFailed, oldKept, oldPending, recent]).sort()).toEqual(
      [oldPending, recent].sort(),
    );
  });

  it('deletes queued-scan rows (and any photos left) a week old', async () => {
    const job = async (createdAt: Date) => {
      const id = crypto.randomUUID();
      await app.db.insert(scanJobs).values({
        id,
        userId: cy.user.id,
        status: 'queued',
        createdAt,
        input: {
          analysis_type: 'quick',
          concerns: [],
          place: {
            name: 'London, GB',
            city: 'London',
            country_code: 'GB',
            country_name: 'United Kingdom',
            lat: 51.5,
            lon: -0.1,
            timezone: 'Europe/London',
            population: 8_000_000,
          },
          environment: {
            uv_index: null,
            uv_level: null,
            season: null,
            hemisphere: null,
            humidity: null,
            temperature_c: null,
            weather_source: 'unknown',
          },
          requested_at: createdAt.toISOString(),
        },
      });
      await app.db.insert(scanJobPhotos).values({
        jobId: id,
        position: 0,
        angle: 'front',
        width: 1,
        height: 1,
        original: { type: 'image/jpeg', width: 1, height: 1, bytes: 1, decode_ms: 1 },
        data: Buffer.from([1]),
      });
      return id;
    };
    const old = await job(ago(8));
    const recent = await job(ago(1));

    expect(await deleteOldScanJobs(app.db, NOW)).toBe(1);
    const rows = await app.db.select({ id: scanJobs.id }).from(scanJobs);
    expect(remaining(rows, [old, recent])).toEqual([recent]);
    const photos = await app.db.select({ id: scanJobPhotos.jobId }).from(scanJobPhotos);
    expect(photos.map((p) => p.id)).toEqual([recent]);
  });

  it('runs each clean-up as a scheduled job', async () => {
    const names = CLEANUPS.map((c) => c.name);
    await app.jobs.work(names);
    const schedules = await app.sql<{ name: string; cron: string; timezone: string }[]>`
      select name, cron, timezone from pgboss.schedule where name in ${app.sql(names)}`;
    expect(schedules.map((s) => [s.name, s.cron, s.timezone]).sort()).toEqual(
      CLEANUPS.map((c) => [c.name, c.cron, 'UTC']).sort(),
    );

    // A due run is an ordinary job: it deletes, and is done.
    const expired = await session(ada.user.id, { expiresAt: ago(9), lastUsedAt: ago(9) });
    const id = await app.jobs.enqueue('cleanup-sessions', {});
    await until(
      'the clean-up job',
      async () => (await app.jobs.state('cleanup-sessions', id!)) === 'done',
    );
    const rows = await app.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.id, expired));
    expect(rows).toEqual([]);
  });
});

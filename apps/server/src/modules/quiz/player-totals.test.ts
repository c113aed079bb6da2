import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Leaderboard, QuizResult, QuizSession, QuizStats } from '@lumiskin/contract/quiz';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp, createTestDatabase, testConfig } from '../../../test/helper';
import { buildApp } from '../../app';
import { QUIZ_CATEGORIES, QUIZ_QUESTIONS } from '../../content/quiz-bank';
import { runMigrations } from '../../db/migrate';
import { migrationsFolder } from '../../paths';
import { quizPlayerTotals } from './schema';
import { quizBankSeeder } from './seed';

const answerOf = (id: string) => QUIZ_QUESTIONS.find((q) => q.id === id)!.correct_answer;

let clock = new Date('2026-03-10T12:00:00Z');

async function quizApp(databaseUrl?: string): Promise<FastifyInstance> {
  const app = databaseUrl ? await buildApp({ ...testConfig, databaseUrl }) : await buildTestApp();
  await quizBankSeeder.run(app.db, () => {});
  app.decorate('clock', () => clock);
  return app;
}

async function totalRow(app: FastifyInstance, userId: string) {
  const [row] = await app.db
    .select()
    .from(quizPlayerTotals)
    .where(eq(quizPlayerTotals.userId, userId));
  return row;
}

const stats = async (app: FastifyInstance, user: CreatedUser) =>
  QuizStats.parse(
    (await app.inject({ method: 'GET', url: '/api/quiz/stats', headers: user.headers })).json(),
  );

const board = async (app: FastifyInstance, user: CreatedUser) =>
  Leaderboard.parse(
    (
      await app.inject({
        method: 'GET',
        url: '/api/quiz/leaderboard?limit=50',
        headers: user.headers,
      })
    ).json(),
  );

describe('the player total moves with each submit, in its transaction', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await quizApp();
  });
  afterAll(() => app.close());

  it('adds up concurrent submits of one player (five categories at once) and of two players', async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    const [ada, bea] = [await createUser(app), await createUser(app)];
    const open: { user: CreatedUser; session: QuizSession }[] = [];
    for (const user of [ada, bea]) {
      for (const c of QUIZ_CATEGORIES) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/quiz/category/${c.id}`,
          headers: user.headers,
        });
        open.push({ user, session: QuizSession.parse(res.json()) });
      }
    }
    clock = new Date(clock.getTime() + 60_000);

    const responses = await Promise.all(
      open.map(({ user, session }) =>
        app.inject({
          method: 'POST',
          url: '/api/quiz/submit',
          headers: user.headers,
          payload: {
            quiz_type: 'category',
            category_id: session.category_id,
            attempt_id: session.attempt_id,
            // the first three right: every result earns something
            answers: Object.fromEntries(
              session.questions.map((q, i) => [q.id, i < 3 ? answerOf(q.id) : 'no']),
            ),
            time_taken: 50,
          },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(open.map(() => 200));

    for (const user of [ada, bea]) {
      const results = responses
        .filter((_, i) => open[i]!.user === user)
        .map((r) => QuizResult.parse(r.json()));
      const earned = results.map((r) => r.points_earned);
      const sum = earned.reduce((a, b) => a + b, 0);
      expect(earned.every((p) => p > 0)).toBe(true);
      // Serialised per player: each submit saw the total left by the one before it.
      const totals = results.map((r) => r.total_points).sort((a, b) => a - b);
      expect(totals[totals.length - 1]).toBe(sum);
      expect(new Set(totals).size).toBe(results.length);
      expect(await totalRow(app, user.user.id)).toMatchObject({
        points: sum,
        attempts: QUIZ_CATEGORIES.length,
      });
      expect(await stats(app, user)).toMatchObject({
        total_points: sum,
        quizzes_completed: QUIZ_CATEGORIES.length,
      });
    }

    // The total is the sum of the player's submitted attempts, the rule the backfill used.
    const sums = await app.db.execute<{ user_id: string; points: number }>(sql`
      select user_id, sum(points_earned)::int as points from quiz_attempts
      where submitted_at is not null group by user_id`);
    for (const { user_id, points } of sums) {
      expect((await totalRow(app, user_id))?.points).toBe(points);
    }
  });

  it('leaves the total alone when a submit is refused', async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    const user = await createUser(app);
    const res = await app.inject({
      method: 'GET',
      url: '/api/quiz/category/ingredients',
      headers: user.headers,
    });
    const session = QuizSession.parse(res.json());
    clock = new Date(clock.getTime() + 60_000);
    const payload = {
      quiz_type: 'category',
      category_id: 'ingredients',
      attempt_id: session.attempt_id,
      answers: Object.fromEntries(session.questions.map((q) => [q.id, answerOf(q.id)])),
      time_taken: 50,
    };
    const first = await app.inject({
      method: 'POST',
      url: '/api/quiz/submit',
      headers: user.headers,
      payload,
    });
    const earned = QuizResult.parse(first.json()).points_earned;
    const again = await app.inject({
      method: 'POST',
      url: '/api/quiz/submit',
      headers: user.headers,
      payload,
    });
    expect(again.statusCode).toBe(409);
    expect(await totalRow(app, user.user.id)).toMatchObject({ points: earned, attempts: 1 });
  });
});

describe('migration 0005 backfills the totals the leaderboard reads', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-migrations-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    // An empty database migrated only up to 0004, the schema before the totals existed.
    database = await createTestDatabase();
    const client = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      await client.unsafe('drop schema public cascade; create schema public');
      await client.unsafe('drop schema if exists drizzle cascade');
      const journal = JSON.parse(
        fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
      ) as { entries: { tag: string }[] };
      const before = journal.entries.filter((e) => e.tag < '0005');
      fs.mkdirSync(path.join(folder, 'meta'));
      fs.writeFileSync(
        path.join(folder, 'meta/_journal.json'),
        JSON.stringify({ ...journal, entries: before }),
      );
      for (const e of before) {
        fs.copyFileSync(
          path.join(migrationsFolder, `${e.tag}.sql`),
          path.join(folder, `${e.tag}.sql`),
        );
      }
      await migrate(drizzle(client), { migrationsFolder: folder });
      expect(
        await client`select to_regclass('quiz_player_totals') as t`.then((r) => r[0]?.t),
      ).toBeNull();

      // Players and submitted dailies as an older server wrote them.
      const players = [
        ['Ada Lovelace', [200, 120]],
        ['Bea Smith', [150]],
        ['Cal Jones', [100, 50]],
        ['Dee', [0]],
      ] as const;
      for (const [name, points] of players) {
        const [user] = await client`
          insert into users (name, email, password_hash)
          values (${name}, ${`${name.replace(' ', '.')}@example.test`}, 'x') returning id`;
        for (const [i, p] of points.entries()) {
          await client`
            insert into quiz_attempts (user_id, quiz_type, quiz_day, time_zone, question_ids,
              served_at, last_served_at, expires_at, submitted_at, points_earned, streak)
            values (${user!.id}, 'daily', ${`2026-03-0${i + 1}`}, 'UTC', '{}',
              now(), now(), now(), now(), ${p}, 1)`;
        }
        // An unsubmitted attempt counts for nothing.
        await client`
          insert into quiz_attempts (user_id, quiz_type, quiz_day, time_zone, question_ids,
            served_at, last_served_at, expires_at)
          values (${user!.id}, 'daily', '2026-03-09', 'UTC', '{}', now(), now(), now())`;
      }
    } finally {
      await client.end({ timeout: 5 });
    }
    await runMigrations(database.url);
    app = await quizApp(database.url);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('ranks the players of before the migration by their backfilled totals', async () => {
    const eve = await createUser(app, { name: 'Eve Null' });
    const entries = await board(app, eve);
    expect(entries.map((e) => [e.username, e.rank, e.points])).toEqual([
      ['Ada L.', 1, 320],
      ['Bea S.', 2, 150],
      ['Cal J.', 2, 150],
    ]);
    const totals = await app.db.select().from(quizPlayerTotals);
    expect(
      totals.map((t) => [t.points, t.attempts]).sort((a, b) => b[0]! - a[0]! || a[1]! - b[1]!),
    ).toEqual([
      [320, 2],
      [150, 1],
      [150, 2],
      [0, 1],
    ]);
  });

  it('reads the totals, not the attempts: a new submit moves the board, a stray row does not', async () => {
    const eve = await createUser(app, { name: 'Eve Null' });
    const [cal] = await app.db.execute<{ id: string }>(
      sql`select id from users where name = 'Cal Jones'`,
    );
    // A submitted attempt written around the submit use case is not on the board.
    await app.db.execute(sql`
      insert into quiz_attempts (user_id, quiz_type, quiz_day, time_zone, question_ids,
        served_at, last_served_at, expires_at, submitted_at, points_earned)
      values (${cal!.id}, 'daily', '2026-03-05', 'UTC', '{}', now(), now(), now(), now(), 500)`);
    expect((await board(app, eve)).find((e) => e.username === 'Cal J.')?.points).toBe(150);

    // A real submit of a new player puts them on the board with the points it earned.
    clock = new Date('2026-03-10T12:00:00Z');
    const session = QuizSession.parse(
      (
        await app.inject({ method: 'GET', url: '/api/quiz/daily-quiz', headers: eve.headers })
      ).json(),
    );
    clock = new Date(clock.getTime() + 60_000);
    const res = await app.inject({
      method: 'POST',
      url: '/api/quiz/submit',
      headers: eve.headers,
      payload: {
        quiz_type: 'daily',
        answers: Object.fromEntries(session.questions.map((q) => [q.id, answerOf(q.id)])),
        time_taken: 50,
      },
    });
    const earned = QuizResult.parse(res.json()).points_earned;
    const mine = (await board(app, eve)).find((e) => e.is_current_user);
    expect(mine).toMatchObject({ username: 'Eve N.', points: earned, rank: 4 });
    expect((await stats(app, eve)).rank).toBe(4);
  });
});

import {
  AnswerFeedback,
  QuizCategoryList,
  QuizChallenges,
  QuizResult,
  QuizSession,
  QuizStats,
  Leaderboard,
  type QuizDifficulty,
} from '@lumiskin/contract/quiz';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { QUIZ_CATEGORIES, QUIZ_QUESTIONS } from '../../content/quiz-bank';
import { addToPlayerTotal } from './queries';
import { levelFor, levelStart, POINTS, streakBonus } from './rules';
import { quizAttempts } from './schema';
import { quizBankSeeder } from './seed';

const BANK = new Map(QUIZ_QUESTIONS.map((q) => [q.id, q]));
const answerOf = (id: string) => BANK.get(id)!.correct_answer;
const wrongOf = (id: string) => BANK.get(id)!.options.find((o) => o !== answerOf(id))!;

/** A test clock: every quiz call reads it through the app's `clock` decorator. */
let clock = new Date('2026-03-10T12:00:00Z');
const setClock = (iso: string) => void (clock = new Date(iso));
const advance = (seconds: number) => void (clock = new Date(clock.getTime() + seconds * 1000));

async function quizApp(): Promise<FastifyInstance> {
  const app = await buildTestApp();
  await quizBankSeeder.run(app.db, () => {});
  app.decorate('clock', () => clock);
  return app;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await quizApp();
});
afterAll(() => app.close());
beforeEach(() => setClock('2026-03-10T12:00:00Z'));

function headers(user: CreatedUser, timeZone?: string) {
  return { ...user.headers, ...(timeZone && { 'x-timezone': timeZone }) };
}

const get = (target: FastifyInstance, url: string, user: CreatedUser, timeZone?: string) =>
  target.inject({ method: 'GET', url, headers: headers(user, timeZone) });

const submit = (target: FastifyInstance, user: CreatedUser, payload: object, timeZone?: string) =>
  target.inject({
    method: 'POST',
    url: '/api/quiz/submit',
    headers: headers(user, timeZone),
    payload,
  });

async function serve(
  user: CreatedUser,
  url: string,
  timeZone?: string,
  target = app,
): Promise<QuizSession> {
  const res = await get(target, url, user, timeZone);
  expect(res.statusCode, res.body).toBe(200);
  return QuizSession.parse(res.json());
}

/** Answers the first `right` questions right and the rest wrong. */
function answersFor(
  session: QuizSession,
  right = session.questions.length,
): Record<string, string> {
  return Object.fromEntries(
    session.questions.map((q, i) => [q.id, i < right ? answerOf(q.id) : wrongOf(q.id)]),
  );
}

interface PlayOptions {
  right?: number;
  timeZone?: string;
  target?: FastifyInstance;
}

async function playDaily(user: CreatedUser, { right, timeZone, target = app }: PlayOptions = {}) {
  const session = await serve(user, '/api/quiz/daily-quiz', timeZone, target);
  advance(40);
  const res = await submit(
    target,
    user,
    { quiz_type: 'daily', category_id: null, answers: answersFor(session, right), time_taken: 35 },
    timeZone,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { session, result: QuizResult.parse(res.json()) };
}

async function playCategory(
  user: CreatedUser,
  categoryId: string,
  { right, timeZone, target = app }: PlayOptions = {},
) {
  const session = await serve(user, `/api/quiz/category/${categoryId}`, timeZone, target);
  advance(40);
  const res = await submit(
    target,
    user,
    {
      quiz_type: 'category',
      category_id: categoryId,
      attempt_id: session.attempt_id,
      answers: answersFor(session, right),
      time_taken: 38,
    },
    timeZone,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { session, result: QuizResult.parse(res.json()) };
}

const stats = async (user: CreatedUser, timeZone?: string, target = app) =>
  QuizStats.parse((await get(target, '/api/quiz/stats', user, timeZone)).json());

const pointsOf = (
  session: QuizSession,
  table: Record<QuizDifficulty, number>,
  right = session.questions.length,
) => session.questions.slice(0, right).reduce((sum, q) => sum + table[q.difficulty], 0);

describe('access', () => {
  it('needs a signed-in user for every quiz call', async () => {
    for (const url of [
      '/api/quiz/categories',
      '/api/quiz/stats',
      '/api/quiz/leaderboard',
      '/api/quiz/daily-quiz',
      '/api/quiz/category/sun-protection',
      '/api/quiz/challenges',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/quiz/submit',
      payload: { quiz_type: 'daily', answers: {}, time_taken: 10 },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('categories', () => {
  it('lists the seeded bank with counts and the player’s progress', async () => {
    const user = await createUser(app);
    const list = QuizCategoryList.parse((await get(app, '/api/quiz/categories', user)).json());
    expect(list.map((c) => c.id)).toEqual(QUIZ_CATEGORIES.map((c) => c.id));
    for (const c of list) {
      expect(c.total_questions).toBe(QUIZ_QUESTIONS.filter((q) => q.category_id === c.id).length);
      expect(c.total_questions).toBeGreaterThanOrEqual(12);
      expect(c.user_progress).toEqual({
        completion_rate: 0,
        questions_mastered: 0,
        badge_earned: false,
      });
    }

    await playCategory(user, 'ingredients', { right: 3 });
    const after = QuizCategoryList.parse((await get(app, '/api/quiz/categories', user)).json());
    const ingredients = after.find((c) => c.id === 'ingredients')!;
    expect(ingredients.user_progress.questions_mastered).toBe(3);
    expect(ingredients.user_progress.completion_rate).toBeCloseTo(3 / ingredients.total_questions);
  });

  it('answers 404 for an unknown category and 400 for a malformed id', async () => {
    const user = await createUser(app);
    expect((await get(app, '/api/quiz/category/no-such-thing', user)).statusCode).toBe(404);
    expect((await get(app, '/api/quiz/category/DROP%20TABLE', user)).statusCode).toBe(400);
  });
});

describe('right answers never leave the server before submission', () => {
  it('keeps answers and explanations out of every pre-submission response', async () => {
    const user = await createUser(app);
    const bodies = [
      (await get(app, '/api/quiz/daily-quiz', user)).body,
      ...(await Promise.all(
        QUIZ_CATEGORIES.map(async (c) => (await get(app, `/api/quiz/category/${c.id}`, user)).body),
      )),
      (await get(app, '/api/quiz/categories', user)).body,
      (await get(app, '/api/quiz/stats', user)).body,
      (await get(app, '/api/quiz/leaderboard', user)).body,
      (await get(app, '/api/quiz/challenges', user)).body,
    ];
    for (const body of bodies) {
      expect(body).not.toMatch(/correct_answer|explanation|is_correct/);
      for (const q of QUIZ_QUESTIONS) expect(body).not.toContain(q.explanation);
    }
    const sessions = bodies.slice(0, 6).map((b) => QuizSession.parse(JSON.parse(b)));
    for (const q of sessions.flatMap((s) => s.questions)) {
      expect(Object.keys(q).sort()).toEqual([
        'category_id',
        'difficulty',
        'id',
        'image_url',
        'options',
        'points',
        'question_text',
        'tags',
      ]);
      expect([...q.options].sort()).toEqual([...BANK.get(q.id)!.options].sort());
    }
  });

  it('does not give the answer away by its position among the options', async () => {
    const user = await createUser(app);
    const positions = new Set<number>();
    for (const c of QUIZ_CATEGORIES) {
      for (let i = 0; i < 3; i += 1) {
        const session = await serve(user, `/api/quiz/category/${c.id}`);
        for (const q of session.questions) positions.add(q.options.indexOf(answerOf(q.id)));
      }
    }
    expect(positions.size).toBe(4);
  });
});

describe('daily challenge', () => {
  it('serves the same five questions to everyone on a day, a new set on another day', async () => {
    const [ada, bea] = [await createUser(app), await createUser(app)];
    const a = await serve(ada, '/api/quiz/daily-quiz');
    const b = await serve(bea, '/api/quiz/daily-quiz');
    expect(a.questions).toHaveLength(5);
    expect(b.questions.map((q) => q.id)).toEqual(a.questions.map((q) => q.id));
    expect(b.questions.map((q) => q.options)).toEqual(a.questions.map((q) => q.options));
    expect(new Set(a.questions.map((q) => q.category_id)).size).toBe(5);
    expect(a.quiz_day).toBe('2026-03-10');

    const days = new Set<string>();
    for (let d = 11; d <= 15; d += 1) {
      setClock(`2026-03-${d}T12:00:00Z`);
      days.add((await serve(ada, '/api/quiz/daily-quiz')).questions.map((q) => q.id).join());
    }
    expect(days.size).toBeGreaterThan(1);
  });

  it('scores 10/15/20 points per right answer by difficulty, then answers 400 until tomorrow', async () => {
    const user = await createUser(app);
    const { session, result } = await playDaily(user, { right: 5 });
    const expected = pointsOf(session, POINTS);
    expect(session.questions.every((q) => q.points === POINTS[q.difficulty])).toBe(true);
    expect(expected).toBeGreaterThanOrEqual(50);
    expect(expected).toBeLessThanOrEqual(100);
    expect(result).toMatchObject({
      quiz_type: 'daily',
      score: 100,
      correct_answers: 5,
      total_questions: 5,
      points_earned: expected,
      streak_bonus: 0,
      time_taken: 35,
      current_streak: 1,
      streak_milestone: null,
      total_points: expected,
    });
    expect(
      result.review.every(
        (r) => r.is_correct && r.explanation.length > 0 && r.chosen === r.correct_answer,
      ),
    ).toBe(true);
    expect(result.badges_earned.map((b) => b.badge_id).sort()).toEqual([
      'first-quiz',
      'perfect-score',
    ]);
    expect(result.share_data.text).toContain('100%');
    expect(result.share_data.hashtags).toContain('Lumiskin');

    const again = await get(app, '/api/quiz/daily-quiz', user);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      detail: expect.stringMatching(/completed today's daily challenge/),
      code: 'daily_completed',
    });

    setClock('2026-03-11T00:00:01Z');
    expect((await get(app, '/api/quiz/daily-quiz', user)).statusCode).toBe(200);
  });

  it('counts one of ten racing submissions', async () => {
    const user = await createUser(app);
    const session = await serve(user, '/api/quiz/daily-quiz');
    advance(60);
    const payload = {
      quiz_type: 'daily',
      category_id: null,
      answers: answersFor(session),
      time_taken: 50,
    };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => submit(app, user, payload)),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const counted = await app.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, user.user.id), isNotNull(quizAttempts.submittedAt)));
    expect(counted).toHaveLength(1);
    expect((await stats(user)).total_points).toBe(pointsOf(session, POINTS));
  });

  it('counts one of ten racing submissions that each fetched the daily first', async () => {
    const user = await createUser(app);
    const sessions = await Promise.all(
      Array.from({ length: 10 }, () => serve(user, '/api/quiz/daily-quiz')),
    );
    expect(new Set(sessions.map((s) => s.attempt_id)).size).toBe(1);
    advance(60);
    const responses = await Promise.all(
      sessions.map((s) =>
        submit(app, user, { quiz_type: 'daily', answers: answersFor(s), time_taken: 50 }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await stats(user)).quizzes_completed).toBe(1);
  });
});

describe('category quizzes', () => {
  it('scores each right answer by difficulty and reviews every question', async () => {
    const user = await createUser(app);
    const { session, result } = await playCategory(user, 'sun-protection', { right: 3 });
    expect(session.questions).toHaveLength(5);
    expect(session.questions.every((q) => q.category_id === 'sun-protection')).toBe(true);
    expect(session.questions.every((q) => q.points === POINTS[q.difficulty])).toBe(true);
    expect(result).toMatchObject({
      score: 60,
      correct_answers: 3,
      total_questions: 5,
      points_earned: pointsOf(session, POINTS, 3),
    });
    expect(result.review.map((r) => r.is_correct)).toEqual([true, true, true, false, false]);
    expect(result.review[3]).toMatchObject({
      chosen: wrongOf(session.questions[3]!.id),
      correct_answer: answerOf(session.questions[3]!.id),
      points_earned: 0,
    });
  });

  it('draws questions not yet answered right first, and pays for each question only once', async () => {
    const user = await createUser(app);
    const total = QUIZ_QUESTIONS.filter((q) => q.category_id === 'skin-basics').length;
    const seen = new Set<string>();
    const first = await playCategory(user, 'skin-basics');
    first.session.questions.forEach((q) => seen.add(q.id));
    const second = await playCategory(user, 'skin-basics');
    // 5 + 5 ≤ total: the second draw is all new questions, and they all pay.
    expect(second.session.questions.some((q) => seen.has(q.id))).toBe(false);
    expect(second.result.points_earned).toBe(pointsOf(second.session, POINTS));

    // Play until every question was answered right; then a replay earns nothing but still scores.
    let rounds = 0;
    while (
      QuizCategoryList.parse((await get(app, '/api/quiz/categories', user)).json()).find(
        (c) => c.id === 'skin-basics',
      )!.user_progress.completion_rate < 1
    ) {
      await playCategory(user, 'skin-basics');
      rounds += 1;
      expect(rounds).toBeLessThanOrEqual(Math.ceil(total / 5));
    }
    const replay = await playCategory(user, 'skin-basics');
    expect(replay.result).toMatchObject({ score: 100, points_earned: 0 });
  });

  it('awards the category badge when every question of it has been answered right', async () => {
    const user = await createUser(app);
    const category = QUIZ_CATEGORIES.find((c) => c.id === 'acne-breakouts')!;
    const earned: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const { result } = await playCategory(user, category.id);
      earned.push(...result.badges_earned.map((b) => b.badge_name));
    }
    expect(earned).toContain(category.badge_reward);
    expect(earned.filter((b) => b === category.badge_reward)).toHaveLength(1);
    const list = QuizCategoryList.parse((await get(app, '/api/quiz/categories', user)).json());
    expect(list.find((c) => c.id === category.id)!.user_progress).toMatchObject({
      completion_rate: 1,
      badge_earned: true,
    });
  });

  it('awards Century at 100 questions answered, once', async () => {
    const user = await createUser(app);
    let answered = 0;
    const centuryAt: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const category = QUIZ_CATEGORIES[i % QUIZ_CATEGORIES.length]!;
      const { result } = await playCategory(user, category.id, { right: 2 });
      answered += result.total_questions;
      if (result.badges_earned.some((b) => b.badge_id === 'questions-100'))
        centuryAt.push(answered);
    }
    expect(centuryAt).toEqual([100]);
  });
});

const answer = (user: CreatedUser, payload: object, target = app) =>
  target.inject({ method: 'POST', url: '/api/quiz/answer', headers: headers(user), payload });

describe('feedback after each answer', () => {
  it('says right or wrong with the explanation once an answer is committed', async () => {
    const user = await createUser(app);
    const session = await serve(user, '/api/quiz/category/ingredients');
    const [q1, q2] = session.questions;
    advance(5);
    const wrong = await answer(user, {
      attempt_id: session.attempt_id,
      question_id: q1!.id,
      answer: wrongOf(q1!.id),
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(AnswerFeedback.parse(wrong.json())).toEqual({
      question_id: q1!.id,
      chosen: wrongOf(q1!.id),
      correct_answer: answerOf(q1!.id),
      is_correct: false,
      explanation: BANK.get(q1!.id)!.explanation,
      points_earned: 0,
    });
    advance(5);
    const right = AnswerFeedback.parse(
      (
        await answer(user, {
          attempt_id: session.attempt_id,
          question_id: q2!.id,
          answer: answerOf(q2!.id),
        })
      ).json(),
    );
    expect(right).toMatchObject({ is_correct: true, points_earned: POINTS[q2!.difficulty] });
  });

  it('gives nothing away for an answer it does not record', async () => {
    const user = await createUser(app);
    const intruder = await createUser(app);
    const session = await serve(user, '/api/quiz/category/sun-protection');
    const other = await serve(user, '/api/quiz/category/ingredients');
    const q = session.questions[0]!;
    advance(5);
    const refused = [
      // not one of the options
      await answer(user, { attempt_id: session.attempt_id, question_id: q.id, answer: 'maybe' }),
      // a question that was not served in this attempt
      await answer(user, {
        attempt_id: session.attempt_id,
        question_id: other.questions[0]!.id,
        answer: answerOf(other.questions[0]!.id),
      }),
      // someone else's attempt
      await answer(intruder, {
        attempt_id: session.attempt_id,
        question_id: q.id,
        answer: answerOf(q.id),
      }),
      // fields the route does not know
      await answer(user, {
        attempt_id: session.attempt_id,
        question_id: q.id,
        answer: answerOf(q.id),
        reveal: true,
      }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 404, 400]);
    for (const res of refused) {
      expect(res.body).not.toMatch(/correct_answer|explanation/);
      for (const bank of QUIZ_QUESTIONS) expect(res.body).not.toContain(bank.explanation);
    }
    // Nothing was committed: the question can still be answered (right, here).
    const ok = await answer(user, {
      attempt_id: session.attempt_id,
      question_id: q.id,
      answer: answerOf(q.id),
    });
    expect(AnswerFeedback.parse(ok.json()).is_correct).toBe(true);
  });

  it('keeps a committed answer final, in later answers and in the submission', async () => {
    const user = await createUser(app);
    const session = await serve(user, '/api/quiz/category/routines-myths');
    const q = session.questions[0]!;
    advance(5);
    const body = { attempt_id: session.attempt_id, question_id: q.id };
    const first = await answer(user, { ...body, answer: wrongOf(q.id) });
    expect(first.statusCode).toBe(200);
    // Learning the right answer does not let anyone take it back.
    const change = await answer(user, { ...body, answer: answerOf(q.id) });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ code: 'already_answered' });
    // The same answer again (a retried request) gets the same feedback.
    const retry = await answer(user, { ...body, answer: wrongOf(q.id) });
    expect(retry.json()).toEqual(first.json());
    // The submission claims the right answer: the committed one counts.
    advance(40);
    const res = await submit(app, user, {
      quiz_type: 'category',
      category_id: 'routines-myths',
      attempt_id: session.attempt_id,
      answers: answersFor(session),
      time_taken: 45,
    });
    const result = QuizResult.parse(res.json());
    expect(result.review[0]).toMatchObject({ chosen: wrongOf(q.id), is_correct: false });
    expect(result.correct_answers).toBe(4);
    expect(result.points_earned).toBe(pointsOf(session, POINTS) - POINTS[q.difficulty]);
    // After submission nothing more can be answered.
    const late = await answer(user, {
      attempt_id: session.attempt_id,
      question_id: session.questions[1]!.id,
      answer: answerOf(session.questions[1]!.id),
    });
    expect(late.statusCode).toBe(409);
  });

  it('refuses answers faster than anyone reads', async () => {
    const user = await createUser(app);
    const session = await serve(user, '/api/quiz/category/acne-breakouts');
    const [q1, q2] = session.questions;
    const tooSoon = await answer(user, {
      attempt_id: session.attempt_id,
      question_id: q1!.id,
      answer: answerOf(q1!.id),
    });
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json()).toMatchObject({ code: 'implausible_time' });
    expect(tooSoon.body).not.toContain(BANK.get(q1!.id)!.explanation);
    advance(1);
    expect(
      (
        await answer(user, {
          attempt_id: session.attempt_id,
          question_id: q1!.id,
          answer: answerOf(q1!.id),
        })
      ).statusCode,
    ).toBe(200);
    // The second answer needs its own second.
    expect(
      (
        await answer(user, {
          attempt_id: session.attempt_id,
          question_id: q2!.id,
          answer: answerOf(q2!.id),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('brings committed answers back when the daily is opened again, and the hub knows it is done', async () => {
    const user = await createUser(app);
    expect((await stats(user)).daily_completed_today).toBe(false);
    const session = await serve(user, '/api/quiz/daily-quiz');
    expect(session.answered).toEqual([]);
    const [q1, q2] = session.questions;
    advance(5);
    await answer(user, {
      attempt_id: session.attempt_id,
      question_id: q1!.id,
      answer: answerOf(q1!.id),
    });
    advance(5);
    await answer(user, {
      attempt_id: session.attempt_id,
      question_id: q2!.id,
      answer: wrongOf(q2!.id),
    });
    // A reload.
    advance(10);
    const again = await serve(user, '/api/quiz/daily-quiz');
    expect(again.attempt_id).toBe(session.attempt_id);
    expect(again.answered.map((a) => [a.question_id, a.is_correct])).toEqual([
      [q1!.id, true],
      [q2!.id, false],
    ]);
    // The three left take their seconds, the two committed already did.
    for (const q of again.questions.slice(2)) {
      advance(2);
      expect(
        (
          await answer(user, {
            attempt_id: session.attempt_id,
            question_id: q.id,
            answer: answerOf(q.id),
          })
        ).statusCode,
      ).toBe(200);
    }
    const res = await submit(app, user, {
      quiz_type: 'daily',
      attempt_id: session.attempt_id,
      answers: {},
      time_taken: 30,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(QuizResult.parse(res.json()).correct_answers).toBe(4);
    expect((await stats(user)).daily_completed_today).toBe(true);
  });
});

describe('integrity of a submission', () => {
  it('ignores unknown question ids, questions that were not served, and tampered option text', async () => {
    const user = await createUser(app);
    const session = await serve(user, '/api/quiz/category/routines-myths');
    const notServed = QUIZ_QUESTIONS.find((q) => !session.questions.some((s) => s.id === q.id))!;
    const [q0, q1, ...rest] = session.questions;
    advance(30);
    const attempt = {
      quiz_type: 'category',
      category_id: 'routines-myths',
      answers: {
        [q0!.id]: `${answerOf(q0!.id)} `, // not exactly an option
        [q1!.id]: 'Definitely the right one',
        ...Object.fromEntries(rest.map((q) => [q.id, wrongOf(q.id)])),
        'made-up-99': 'anything',
        [notServed.id]: notServed.correct_answer,
      },
      time_taken: 25,
    };
    // A score of its own making is refused by name (decision 074), and nothing is scored.
    const claimed = await submit(app, user, { ...attempt, points_earned: 10_000, score: 100 });
    expect(claimed.statusCode).toBe(400);
    expect(claimed.json()).toMatchObject({
      code: 'unknown_field',
      detail: 'Unknown fields: points_earned, score',
    });
    expect((await stats(user)).total_points).toBe(0);
    const res = await submit(app, user, attempt);
    expect(res.statusCode, res.body).toBe(200);
    const result = QuizResult.parse(res.json());
    expect(result).toMatchObject({
      correct_answers: 0,
      points_earned: 0,
      score: 0,
      total_questions: 5,
    });
    expect(result.review.map((r) => r.question_id)).toEqual(session.questions.map((q) => q.id));
    expect(result.review[0]).toMatchObject({ chosen: null, is_correct: false });
    expect(result.review[1]).toMatchObject({ chosen: null, is_correct: false });
    expect((await stats(user)).total_points).toBe(0);
  });

  it('scores an attempt once', async () => {
    const user = await createUser(app);
    const session = await serve(user, '/api/quiz/category/ingredients');
    advance(30);
    const payload = {
      quiz_type: 'category',
      category_id: 'ingredients',
      attempt_id: session.attempt_id,
      answers: answersFor(session),
      time_taken: 20,
    };
    expect((await submit(app, user, payload)).statusCode).toBe(200);
    const again = await submit(app, user, payload);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_submitted' });
    // Without an attempt id there is no open quiz left either.
    const { attempt_id: _ignored, ...withoutId } = payload;
    expect((await submit(app, user, withoutId)).json()).toMatchObject({ code: 'no_open_attempt' });
  });

  it('refuses a time_taken longer than the quiz was open, answers quicker than reading, and expired quizzes', async () => {
    const user = await createUser(app);
    let session = await serve(user, '/api/quiz/category/sun-protection');
    advance(30);
    const payload = (s: QuizSession, time_taken: number) => ({
      quiz_type: 'category',
      category_id: 'sun-protection',
      attempt_id: s.attempt_id,
      answers: answersFor(s),
      time_taken,
    });
    let res = await submit(app, user, payload(session, 600));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'implausible_time' });

    session = await serve(user, '/api/quiz/category/sun-protection');
    advance(2);
    res = await submit(app, user, payload(session, 2));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/quicker than anyone/);

    session = await serve(user, '/api/quiz/category/sun-protection');
    advance(2 * 3600 + 1);
    res = await submit(app, user, payload(session, 60));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'attempt_expired' });
    expect((await stats(user)).quizzes_completed).toBe(0);
  });

  it('refuses answers sent for a different quiz, another user’s attempt and a bad body', async () => {
    const [ada, bea] = [await createUser(app), await createUser(app)];
    const session = await serve(ada, '/api/quiz/category/ingredients');
    advance(30);
    let res = await submit(app, ada, {
      quiz_type: 'daily',
      attempt_id: session.attempt_id,
      answers: answersFor(session),
      time_taken: 20,
    });
    expect(res.statusCode).toBe(400);
    res = await submit(app, bea, {
      quiz_type: 'category',
      category_id: 'ingredients',
      attempt_id: session.attempt_id,
      answers: answersFor(session),
      time_taken: 20,
    });
    expect(res.statusCode).toBe(404);
    res = await submit(app, ada, {
      quiz_type: 'category',
      answers: answersFor(session),
      time_taken: -3,
    });
    expect(res.statusCode).toBe(400);
    res = await submit(app, ada, { quiz_type: 'weekly', answers: {}, time_taken: 3 });
    expect(res.statusCode).toBe(400);
  });
});

describe('streaks and day boundaries', () => {
  it('follows each player’s own midnight (Tokyo and Los Angeles, one clock)', async () => {
    const [tokyo, la] = [await createUser(app), await createUser(app)];
    const TOKYO = 'Asia/Tokyo'; // UTC+9
    const LA = 'America/Los_Angeles'; // UTC-7 after 8 March 2026

    setClock('2026-03-10T14:30:00Z'); // Tokyo 23:30 on the 10th, LA 07:30 on the 10th
    expect((await playDaily(tokyo, { timeZone: TOKYO })).result.current_streak).toBe(1);
    expect((await playDaily(la, { timeZone: LA })).result.current_streak).toBe(1);

    setClock('2026-03-10T15:30:00Z'); // Tokyo 00:30 on the 11th: a new day. LA: still the 10th.
    const second = await playDaily(tokyo, { timeZone: TOKYO });
    expect(second.session.quiz_day).toBe('2026-03-11');
    expect(second.result).toMatchObject({ current_streak: 2, streak_bonus: streakBonus(2) });
    expect((await get(app, '/api/quiz/daily-quiz', la, LA)).statusCode).toBe(400);

    setClock('2026-03-11T07:30:00Z'); // LA 00:30 on the 11th
    const laSecond = await playDaily(la, { timeZone: LA });
    expect(laSecond.session.quiz_day).toBe('2026-03-11');
    expect(laSecond.result.current_streak).toBe(2);

    // Tokyo skips the 12th (local): on the 13th the streak shows 0, and playing restarts it at 1.
    setClock('2026-03-12T16:00:00Z'); // Tokyo 01:00 on the 13th
    expect((await stats(tokyo, TOKYO)).current_streak).toBe(0);
    expect((await stats(tokyo, TOKYO)).longest_streak).toBe(2);
    expect((await playDaily(tokyo, { timeZone: TOKYO })).result).toMatchObject({
      current_streak: 1,
      streak_bonus: 0,
    });
    // Same instant in LA is the 12th, 09:00: yesterday's streak still stands.
    expect((await stats(la, LA)).current_streak).toBe(2);
  });

  it('uses UTC without a (valid) time zone header', async () => {
    const user = await createUser(app);
    setClock('2026-03-10T23:59:00Z');
    const first = await serve(user, '/api/quiz/daily-quiz', 'Mars/Olympus_Mons');
    expect(first.quiz_day).toBe('2026-03-10');
    setClock('2026-03-11T00:01:00Z');
    expect((await serve(user, '/api/quiz/daily-quiz')).quiz_day).toBe('2026-03-11');
  });

  it('does not reopen an earlier day after a later one was completed in another time zone', async () => {
    const user = await createUser(app);
    setClock('2026-03-10T20:00:00Z'); // Tokyo: the 11th; LA: the 10th
    await playDaily(user, { timeZone: 'Asia/Tokyo' });
    const res = await get(app, '/api/quiz/daily-quiz', user, 'America/Los_Angeles');
    expect(res.statusCode).toBe(400);
  });

  it('cannot open a second daily by switching time zones right after playing one', async () => {
    const user = await createUser(app);
    setClock('2026-03-10T20:00:00Z'); // LA: the 10th; Tokyo: already the 11th
    expect((await playDaily(user, { timeZone: 'America/Los_Angeles' })).result.current_streak).toBe(
      1,
    );
    advance(10);
    const res = await get(app, '/api/quiz/daily-quiz', user, 'Asia/Tokyo');
    expect(res.statusCode).toBe(400); // still the 10th for this player: done for today
    expect((await stats(user, 'Asia/Tokyo')).current_streak).toBe(1);
    // A day later the new zone is taken.
    setClock('2026-03-11T21:00:00Z'); // Tokyo: the 12th
    const later = await serve(user, '/api/quiz/daily-quiz', 'Asia/Tokyo');
    expect(later.quiz_day).toBe('2026-03-12');
  });

  it('adds the streak bonus up to 100, celebrates 7 and 14 days, and awards the streak badges', async () => {
    const user = await createUser(app);
    const milestones: number[] = [];
    const badges: string[] = [];
    for (let day = 0; day < 14; day += 1) {
      setClock(new Date(Date.UTC(2026, 3, 1 + day, 9)).toISOString());
      const { session, result } = await playDaily(user, { right: 0 });
      expect(result.current_streak).toBe(day + 1);
      expect(result.streak_bonus).toBe(Math.min(10 * day, 100));
      expect(result.points_earned).toBe(result.streak_bonus + pointsOf(session, POINTS, 0));
      if (result.streak_milestone) milestones.push(result.streak_milestone);
      badges.push(...result.badges_earned.map((b) => b.badge_id));
    }
    expect(milestones).toEqual([7, 14]);
    expect(badges).toEqual(['first-quiz', 'streak-7', 'streak-14']);
    expect((await stats(user)).current_streak).toBe(14);
  });
});

describe('levels and stats', () => {
  it('levels up exactly when the total crosses the next threshold', async () => {
    const user = await createUser(app);
    let total = 0;
    let levelUps = 0;
    for (const category of QUIZ_CATEGORIES.slice(0, 3)) {
      const { result } = await playCategory(user, category.id);
      const before = total;
      total += result.points_earned;
      expect(result.total_points).toBe(total);
      expect(result.level).toBe(levelFor(total));
      expect(result.level_up).toBe(levelFor(total) > levelFor(before));
      if (result.level_up) levelUps += 1;
    }
    expect(total).toBeGreaterThanOrEqual(150); // three perfect draws of five
    expect(levelUps).toBeGreaterThanOrEqual(1);

    const s = await stats(user);
    expect(s).toMatchObject({
      total_points: total,
      level: levelFor(total),
      level_start_points: levelStart(levelFor(total)),
      next_level_points: levelStart(levelFor(total) + 1),
      accuracy_rate: 1,
      quizzes_completed: 3,
      questions_answered: 15,
    });
    expect(s.progress_to_next_level).toBeCloseTo(
      (total - levelStart(s.level)) / (levelStart(s.level + 1) - levelStart(s.level)),
    );
  });

  it('reports accuracy as a fraction and an unranked newcomer', async () => {
    const user = await createUser(app);
    const s0 = await stats(user);
    expect(s0).toMatchObject({
      total_points: 0,
      level: 1,
      rank: null,
      accuracy_rate: 0,
      current_streak: 0,
      next_level_points: 100,
    });
    await playCategory(user, 'ingredients', { right: 2 });
    const s1 = await stats(user);
    expect(s1.accuracy_rate).toBeCloseTo(0.4);
    expect(s1.rank).toEqual(expect.any(Number));
  });
});

describe('leaderboard', () => {
  let board: FastifyInstance;
  beforeAll(async () => {
    board = await quizApp();
  });
  afterAll(() => board.close());

  /**
   * Points straight into the database (a submitted attempt and the player's total, as a submit
   * writes them): the ranking, not the scoring, is under test here.
   */
  async function givePoints(user: CreatedUser, points: number) {
    await addToPlayerTotal(board.db, user.user.id, points, clock);
    await board.db.insert(quizAttempts).values({
      userId: user.user.id,
      quizType: 'category',
      categoryId: 'skin-basics',
      quizDay: '2026-03-01',
      timeZone: 'UTC',
      questionIds: [],
      servedAt: clock,
      lastServedAt: clock,
      expiresAt: clock,
      submittedAt: clock,
      pointsEarned: points,
    });
  }

  it('orders by points, gives ties the same rank, skips players without points', async () => {
    const ada = await createUser(board, { name: 'Ada Lovelace' });
    const bea = await createUser(board, { name: 'Bea Smith' });
    const cal = await createUser(board, { name: 'Cal Jones' });
    const dee = await createUser(board, { name: 'Dee' });
    const eve = await createUser(board, { name: 'Eve Null' });
    await givePoints(ada, 320);
    await givePoints(bea, 150);
    await givePoints(cal, 100);
    await givePoints(cal, 50);
    await givePoints(dee, 90);

    const res = await get(board, '/api/quiz/leaderboard?limit=5', eve);
    expect(res.statusCode).toBe(200);
    const entries = Leaderboard.parse(res.json());
    expect(entries.map((e) => [e.username, e.rank, e.points, e.level])).toEqual([
      ['Ada L.', 1, 320, levelFor(320)],
      ['Bea S.', 2, 150, 2],
      ['Cal J.', 2, 150, 2],
      ['Dee', 4, 90, 1],
    ]);
    expect(res.body).not.toContain('@example.test');
    expect(entries.every((e) => !e.is_current_user)).toBe(true);

    expect(
      Leaderboard.parse((await get(board, '/api/quiz/leaderboard?limit=2', ada)).json()).map(
        (e) => e.username,
      ),
    ).toEqual(['Ada L.', 'Bea S.']);
    expect((await get(board, '/api/quiz/leaderboard?limit=500', ada)).statusCode).toBe(400);
    expect((await stats(cal, undefined, board)).rank).toBe(2);
    expect((await stats(dee, undefined, board)).rank).toBe(4);
    expect((await stats(eve, undefined, board)).rank).toBeNull();
  });

  it('counts badges per player', async () => {
    const fay = await createUser(board, { name: 'Fay Wray' });
    setClock('2026-03-10T12:00:00Z');
    await playDaily(fay, { target: board }); // first quiz + perfect score
    const entries = Leaderboard.parse(
      (await get(board, '/api/quiz/leaderboard?limit=50', fay)).json(),
    );
    expect(entries.find((e) => e.username === 'Fay W.')).toMatchObject({
      badges_count: 2,
      is_current_user: true,
    });
  });
});

describe('weekly challenges and the badge shelf', () => {
  it('counts this week’s dailies, right answers and categories', async () => {
    const user = await createUser(app);
    setClock('2026-03-09T10:00:00Z'); // a Monday
    await playDaily(user);
    await playCategory(user, 'sun-protection', { right: 4 });
    setClock('2026-03-11T10:00:00Z');
    await playDaily(user, { right: 1 });
    const res = await get(app, '/api/quiz/challenges', user);
    const body = QuizChallenges.parse(res.json());
    expect(body).toMatchObject({ week_start: '2026-03-09', week_end: '2026-03-15' });
    expect(Object.fromEntries(body.challenges.map((c) => [c.id, c.progress]))).toEqual({
      'daily-habit': 2,
      'curious-mind': 10,
      explorer: 1,
    });
    const earned = body.badges
      .filter((b) => b.earned)
      .map((b) => b.badge_id)
      .sort();
    expect(earned).toEqual(['first-quiz', 'perfect-score']);
    expect(body.badges.length).toBe(6 + QUIZ_CATEGORIES.length);

    setClock('2026-03-16T10:00:00Z'); // next Monday: a fresh week
    const next = QuizChallenges.parse((await get(app, '/api/quiz/challenges', user)).json());
    expect(next.challenges.every((c) => c.progress === 0)).toBe(true);
  });
});

import { AdminQuizBank, AdminQuizQuestion } from '@lumiskin/contract/admin';
import { QuizResult, QuizSession, QuizStats } from '@lumiskin/contract/quiz';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { QUIZ_QUESTIONS } from '../../content/quiz-bank';
import { quizBankSeeder } from '../quiz/seed';

let clock = new Date('2026-03-10T12:00:00Z');
let app: FastifyInstance;
let moderator: CreatedUser;

beforeAll(async () => {
  app = await buildTestApp();
  await quizBankSeeder.run(app.db, () => {});
  app.decorate('clock', () => clock);
  moderator = await createUser(app, { role: 'moderator' });
});
afterAll(() => app.close());

const question = {
  category_id: 'skin-basics',
  question_text: 'Which layer of skin do moisturisers mostly act on?',
  options: [
    { text: 'The stratum corneum', correct: true },
    { text: 'The dermis', correct: false },
    { text: 'The hypodermis', correct: false },
  ],
  explanation: 'The outermost layer holds water.',
  difficulty: 'beginner',
  points: 10,
  tags: ['basics'],
};

const bank = async (category = 'skin-basics') =>
  AdminQuizBank.parse(
    (
      await app.inject({
        method: 'GET',
        url: `/api/admin/quiz?category_id=${category}&page_size=100`,
        headers: moderator.headers,
      })
    ).json(),
  );

describe('quiz bank', () => {
  it('refuses a question without exactly one correct option, and changes nothing', async () => {
    const before = (await bank()).total;
    for (const options of [
      question.options.map((o) => ({ ...o, correct: false })),
      question.options.map((o) => ({ ...o, correct: true })),
      [
        { text: 'Same', correct: true },
        { text: 'same', correct: false },
      ],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/quiz/questions',
        headers: moderator.headers,
        payload: { ...question, options },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
    }
    expect((await bank()).total).toBe(before);
  });

  it('adds and edits questions; the seeder neither overwrites nor retires them', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/quiz/questions',
      headers: moderator.headers,
      payload: question,
    });
    expect(created.statusCode).toBe(201);
    const row = AdminQuizQuestion.parse(created.json());
    expect(row.options.filter((o) => o.correct).map((o) => o.text)).toEqual([
      'The stratum corneum',
    ]);

    const builtIn = (await bank()).questions.find((q) => q.id === QUIZ_QUESTIONS[0]!.id)!;
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/admin/quiz/questions/${builtIn.id}`,
      headers: moderator.headers,
      payload: { ...builtIn, question_text: 'Edited by a moderator?' },
    });
    expect(edited.statusCode).toBe(200);

    await quizBankSeeder.run(app.db, () => {});
    const after = await bank();
    expect(after.questions.find((q) => q.id === row.id)?.active).toBe(true);
    expect(after.questions.find((q) => q.id === builtIn.id)?.question_text).toBe(
      'Edited by a moderator?',
    );
  });

  it('never alters the score of a past attempt', async () => {
    const player = await createUser(app);
    const serve = await app.inject({
      method: 'GET',
      url: '/api/quiz/category/sun-protection',
      headers: player.headers,
    });
    const session = QuizSession.parse(serve.json());
    const { questions } = await bank('sun-protection');
    const correctOf = (id: string) =>
      questions.find((q) => q.id === id)!.options.find((o) => o.correct)!.text;
    clock = new Date(clock.getTime() + 40_000);
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/quiz/submit',
      headers: player.headers,
      payload: {
        quiz_type: 'category',
        category_id: 'sun-protection',
        attempt_id: session.attempt_id,
        answers: Object.fromEntries(session.questions.map((q) => [q.id, correctOf(q.id)])),
        time_taken: 38,
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const result = QuizResult.parse(submitted.json());
    const stats = async () =>
      QuizStats.parse(
        (
          await app.inject({ method: 'GET', url: '/api/quiz/stats', headers: player.headers })
        ).json(),
      ).total_points;
    const pointsBefore = await stats();
    expect(pointsBefore).toBeGreaterThan(0);

    // Every served question now has another correct option and other points.
    for (const served of session.questions) {
      const q = questions.find((x) => x.id === served.id)!;
      const options = q.options.map((o) => ({
        ...o,
        correct: !o.correct && o === q.options.find((x) => !x.correct),
      }));
      const res = await app.inject({
        method: 'PUT',
        url: `/api/admin/quiz/questions/${q.id}`,
        headers: moderator.headers,
        payload: { ...q, options, points: q.points + 50 },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await stats()).toBe(pointsBefore);
    expect(result.score).toBeGreaterThan(0);
  });
});

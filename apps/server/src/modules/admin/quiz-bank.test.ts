import {
  AdminQuizBank,
  AdminQuizCategory,
  AdminQuizCategoryList,
  AdminQuizQuestion,
  AuditList,
} from '@lumiskin/contract/admin';
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
    // The loaded question posted back whole names its id, which the body does not take.
    const echoed = await app.inject({
      method: 'PUT',
      url: `/api/admin/quiz/questions/${builtIn.id}`,
      headers: moderator.headers,
      payload: { ...builtIn, question_text: 'Edited by a moderator?' },
    });
    expect(echoed.statusCode).toBe(400);
    expect(echoed.json()).toMatchObject({ code: 'unknown_field', detail: 'Unknown field: id' });
    const { id: builtInId, ...builtInBody } = builtIn;
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/admin/quiz/questions/${builtInId}`,
      headers: moderator.headers,
      payload: { ...builtInBody, question_text: 'Edited by a moderator?' },
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
      const { id, ...body } = q;
      const res = await app.inject({
        method: 'PUT',
        url: `/api/admin/quiz/questions/${id}`,
        headers: moderator.headers,
        payload: { ...body, options, points: q.points + 50 },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await stats()).toBe(pointsBefore);
    expect(result.score).toBeGreaterThan(0);
  });
});

describe('quiz categories', () => {
  const categories = async () =>
    AdminQuizCategoryList.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/admin/quiz/categories',
          headers: moderator.headers,
        })
      ).json(),
    ).categories;
  const publicIds = async (player: CreatedUser) =>
    (
      (
        await app.inject({ method: 'GET', url: '/api/quiz/categories', headers: player.headers })
      ).json() as { id: string }[]
    ).map((c) => c.id);
  const auditOf = async (id: string) => {
    const admin = await createUser(app, { role: 'admin' });
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=quiz_category&entity_id=${id}`,
      headers: admin.headers,
    });
    return AuditList.parse(res.json()).entries;
  };

  it('edits a category; players see the new copy; the seeder keeps the edit', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/admin/quiz/categories/sun-protection',
      headers: moderator.headers,
      payload: { name: 'Sun Sense', icon: 'Zap', color: '#0EA5E9', estimated_time: 6 },
    });
    expect(AdminQuizCategory.parse(res.json())).toMatchObject({
      name: 'Sun Sense',
      icon: 'Zap',
      color: '#0ea5e9',
      estimated_time: 6,
      hidden: false,
      description: 'SPF, UVA stars, the UV index and how much sunscreen really counts.',
    });
    await quizBankSeeder.run(app.db, () => {});
    expect((await categories()).find((c) => c.id === 'sun-protection')?.name).toBe('Sun Sense');
    const [entry] = await auditOf('sun-protection');
    expect(entry).toMatchObject({
      action: 'quiz_category.update',
      before: { name: 'Sun Protection' },
      after: { name: 'Sun Sense' },
    });

    for (const bad of [
      { icon: 'Skull' },
      { color: 'red' },
      { estimated_time: 0 },
      { name: '' },
      { name: 'x'.repeat(61) },
    ]) {
      const refused = await app.inject({
        method: 'PATCH',
        url: '/api/admin/quiz/categories/sun-protection',
        headers: moderator.headers,
        payload: bad,
      });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/admin/quiz/categories/no-such-category',
      headers: moderator.headers,
      payload: { name: 'X' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a hidden category is not listed, not playable, and out of the daily draw; unhiding restores it', async () => {
    const player = await createUser(app);
    expect(await publicIds(player)).toContain('acne-breakouts');
    const hide = await app.inject({
      method: 'PATCH',
      url: '/api/admin/quiz/categories/acne-breakouts',
      headers: moderator.headers,
      payload: { hidden: true },
    });
    expect(AdminQuizCategory.parse(hide.json()).hidden).toBe(true);
    expect(await publicIds(player)).not.toContain('acne-breakouts');
    const play = await app.inject({
      method: 'GET',
      url: '/api/quiz/category/acne-breakouts',
      headers: player.headers,
    });
    expect(play.statusCode).toBe(404);
    const search = await app.inject({ method: 'GET', url: '/api/search?q=breakouts' });
    expect(JSON.stringify(search.json().quiz_categories)).not.toContain('acne-breakouts');
    expect((await auditOf('acne-breakouts'))[0]?.action).toBe('quiz_category.hide');

    // With every category but one hidden, the daily draws from that one only.
    const others = (await categories()).filter((c) => c.id !== 'skin-basics' && !c.hidden);
    const setHidden = (id: string, hidden: boolean) =>
      app.inject({
        method: 'PATCH',
        url: `/api/admin/quiz/categories/${id}`,
        headers: moderator.headers,
        payload: { hidden },
      });
    for (const c of others) await setHidden(c.id, true);
    const daily = QuizSession.parse(
      (
        await app.inject({ method: 'GET', url: '/api/quiz/daily-quiz', headers: player.headers })
      ).json(),
    );
    const basics = new Set((await bank('skin-basics')).questions.map((q) => q.id));
    expect(daily.questions).toHaveLength(5);
    expect(daily.questions.every((q) => basics.has(q.id))).toBe(true);
    for (const c of others) await setHidden(c.id, false);

    await app.inject({
      method: 'PATCH',
      url: '/api/admin/quiz/categories/acne-breakouts',
      headers: moderator.headers,
      payload: { hidden: false },
    });
    expect(await publicIds(player)).toContain('acne-breakouts');
    // A change of copy alone does not unhide or hide anything.
    const copy = await app.inject({
      method: 'PATCH',
      url: '/api/admin/quiz/categories/acne-breakouts',
      headers: moderator.headers,
      payload: { description: 'Spots, explained.' },
    });
    expect(AdminQuizCategory.parse(copy.json()).hidden).toBe(false);
  });

  it('adds a category last and reorders them; players see the new order', async () => {
    const bodyCare = {
      id: 'body-care',
      name: 'Body Care',
      description: 'Skin below the chin.',
      icon: 'Droplets',
      color: '#22c55e',
      estimated_time: 3,
      badge_reward: 'Body Buff',
    };
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/quiz/categories',
      headers: moderator.headers,
      payload: bodyCare,
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = await categories();
    expect(list.at(-1)).toMatchObject({ id: 'body-care', question_count: 0, hidden: false });
    const duplicate = await app.inject({
      method: 'POST',
      url: '/api/admin/quiz/categories',
      headers: moderator.headers,
      payload: bodyCare,
    });
    expect(duplicate.statusCode).toBe(409);

    const reversed = list.map((c) => c.id).reverse();
    const ordered = await app.inject({
      method: 'PUT',
      url: '/api/admin/quiz/categories/order',
      headers: moderator.headers,
      payload: { ids: reversed },
    });
    expect(AdminQuizCategoryList.parse(ordered.json()).categories.map((c) => c.id)).toEqual(
      reversed,
    );
    const player = await createUser(app);
    expect(await publicIds(player)).toEqual(reversed);
    expect((await auditOf('*'))[0]).toMatchObject({
      action: 'quiz_category.order',
      after: { order: reversed },
    });

    // The whole order or nothing: a missing, unknown or repeated id is refused.
    for (const ids of [
      reversed.slice(1),
      [...reversed.slice(1), 'no-such'],
      [...reversed, reversed[0]],
    ]) {
      const refused = await app.inject({
        method: 'PUT',
        url: '/api/admin/quiz/categories/order',
        headers: moderator.headers,
        payload: { ids },
      });
      expect(refused.statusCode).toBe(400);
    }
    expect((await categories()).map((c) => c.id)).toEqual(reversed);
  });
});

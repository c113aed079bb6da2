import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_QUESTIONS } from '../src/content/quiz-bank';
import { contentSeeders, runSeeders } from '../src/seed';
import { createUser } from './factories';
import { buildTestApp } from './helper';
import { insertScan } from './scan-factory';

/**
 * The spec's entities (docs/product-rules.md#entities), entity by entity, against what the API answers: every
 * field a client written to the spec reads is there (our own extra fields may be too). A dotted
 * name is a nested field. Where the spec names a field the API spells differently, ALIASES says
 * where it is, and the test checks that too.
 *
 * Not API entities, so not here: the analysis request (a request body, checked by the scan tests),
 * the landing page's mix demo items, concern tags, the profile form, device position and toasts
 * (client-side), formulation bases and boosters (their fields are the shop product's).
 */
const SPEC_FIELDS = {
  user: ['name', 'email', 'created_at', 'role', 'profile.skinType', 'profile.skinConcerns'],
  loginAnswer: ['user', 'access_token'],
  analysisResult: ['full_response_text'],
  dashboardStats: [
    'stats.total_analyses',
    'stats.average_score',
    'stats.this_week',
    'stats.streak_days',
  ],
  scanHistoryItemDashboard: ['_id', 'created_at', 'analysis_source', 'scores', 'location'],
  scanHistoryItemProfile: ['id', 'date', 'scores', 'recommendations'],
  routineProduct: [
    'id',
    'name',
    'type',
    'purpose',
    'application_time',
    'frequency',
    'added_date',
    'notes',
  ],
  routineHistoryEntry: ['date', 'change', 'type', 'reason'],
  shopProduct: [
    'id',
    'name',
    'description',
    'short_description',
    'key_ingredients',
    'category',
    'type',
    'featured',
    'rating',
    'review_count',
    'price',
    'image_data',
  ],
  blogPost: [
    'id',
    'title',
    'excerpt',
    'content',
    'tags',
    'category',
    'author',
    'read_time',
    'views',
    'likes',
    'featured',
    'image_data',
    'created_at',
  ],
  quizCategory: [
    'id',
    'name',
    'icon',
    'color',
    'description',
    'total_questions',
    'estimated_time',
    'badge_reward',
    'user_progress.completion_rate',
  ],
  quizStats: [
    'total_points',
    'level',
    'current_streak',
    'accuracy_rate',
    'rank',
    'next_level_points',
    'progress_to_next_level',
  ],
  leaderboardEntry: ['user_id', 'rank', 'username', 'level', 'points', 'badges_count'],
  quizQuestion: ['id', 'question_text', 'options', 'difficulty', 'points', 'image_url', 'tags'],
  quizResult: [
    'score',
    'correct_answers',
    'total_questions',
    'points_earned',
    'time_taken',
    'level_up',
    'badges_earned',
    'streak_milestone',
    'share_data.text',
    'share_data.hashtags',
  ],
} as const;

/** Spec names the API answers under another name (entity.field → our field). */
const ALIASES: Record<string, string> = {
  // The profile's history is the same list as the dashboard's: its date is created_at, and a
  // scan's recommendations are on the full analysis (GET /api/analysis/{id}).
  'scanHistoryItemProfile.date': 'created_at',
  'scanHistoryItemProfile.recommendations': 'analysis:recommendations',
};

type Json = Record<string, unknown>;
function has(value: unknown, dotted: string): boolean {
  let current: unknown = value;
  for (const key of dotted.split('.')) {
    if (current === null || typeof current !== 'object' || !(key in current)) return false;
    current = (current as Json)[key];
  }
  return true;
}

let app: FastifyInstance;
/** The quiz's clock, moved on so the submission is not "too fast". */
let clock = new Date();
const answers: Partial<Record<keyof typeof SPEC_FIELDS, unknown>> = {};
let analysis: Json;

beforeAll(async () => {
  app = await buildTestApp();
  app.decorate('clock', () => clock);
  await runSeeders(app.db, () => {}, contentSeeders);
  const { user, headers, password } = await createUser(app);
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    return res.json() as unknown;
  };
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password },
  });
  answers.loginAnswer = login.json();
  answers.user = (login.json() as Json).user;

  const scan = await insertScan(app.db, user.id, { overallScore: 74 });
  analysis = (await get(`/api/analysis/${scan.id}`)) as Json;
  answers.analysisResult = analysis;
  answers.dashboardStats = await get('/api/dashboard/stats');
  const history = (await get('/api/analysis/history')) as unknown[];
  answers.scanHistoryItemDashboard = history[0];
  answers.scanHistoryItemProfile = history[0];

  await app.inject({
    method: 'POST',
    url: '/api/routine/products',
    headers,
    payload: {
      name: 'Gentle cleanser',
      type: 'cleanser',
      purpose: 'Cleanse',
      application_time: 'morning',
      frequency: 'daily',
      notes: '',
    },
  });
  const routine = (await get('/api/routine')) as { morning: unknown[] };
  answers.routineProduct = routine.morning[0];
  answers.routineHistoryEntry = ((await get('/api/routine/history')) as unknown[])[0];

  answers.shopProduct = ((await get('/api/shop/products')) as { products: unknown[] }).products[0];
  const posts = (await get('/api/blog/posts')) as { posts: Array<{ id: string }> };
  answers.blogPost = await get(`/api/blog/posts/${posts.posts[0]!.id}`);
  answers.quizCategory = ((await get('/api/quiz/categories')) as unknown[])[0];

  const daily = (await get('/api/quiz/daily-quiz')) as {
    attempt_id: string;
    questions: Array<{ id: string; options: string[] }>;
  };
  answers.quizQuestion = daily.questions[0];
  clock = new Date(clock.getTime() + 60_000);
  const submit = await app.inject({
    method: 'POST',
    url: '/api/quiz/submit',
    headers,
    payload: {
      quiz_type: 'daily',
      attempt_id: daily.attempt_id,
      // The first right (the bank knows it), so the player has points and is on the leaderboard
      // whatever today's draw: first options only were all wrong on some days.
      answers: Object.fromEntries(
        daily.questions.map((q, i) => [
          q.id,
          i === 0 ? QUIZ_QUESTIONS.find((b) => b.id === q.id)!.correct_answer : q.options[0]!,
        ]),
      ),
      time_taken: 55,
    },
  });
  expect(submit.statusCode).toBe(200);
  answers.quizResult = submit.json();
  answers.quizStats = await get('/api/quiz/stats');
  answers.leaderboardEntry = ((await get('/api/quiz/leaderboard')) as unknown[])[0];
}, 60_000);
afterAll(() => app.close());

describe("the entities' fields (docs/product-rules.md#entities) are all in the API", () => {
  for (const [entity, fields] of Object.entries(SPEC_FIELDS)) {
    it(entity, () => {
      const answer = answers[entity as keyof typeof SPEC_FIELDS];
      expect(answer, `no ${entity} answer`).toBeTruthy();
      const missing = fields.filter((field) => {
        const alias = ALIASES[`${entity}.${field}`];
        if (!alias) return !has(answer, field);
        if (alias.startsWith('analysis:')) return !has(analysis, alias.slice('analysis:'.length));
        return !has(answer, alias);
      });
      expect(missing, `${entity} lacks`).toEqual([]);
    });
  }

  it('price is price_pence in pounds and image_data the picture, on products and posts', () => {
    const product = answers.shopProduct as Json;
    expect(product.price).toBe((product.price_pence as number) / 100);
    expect(product.image_data).toBe(product.image);
    const post = answers.blogPost as Json;
    expect(post.image_data).toBe(post.image);
  });
});

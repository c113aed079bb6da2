import {
  compareCaptures,
  LEGACY_METHODS,
  methodChanges,
  metricChange,
  type CaptureConditions,
} from '@lumiskin/contract/analysis';
import { HistoryResponse } from '@lumiskin/contract/analysis-api';
import { DashboardStatsResponse } from '@lumiskin/contract/dashboard';
import { QuizStats } from '@lumiskin/contract/quiz';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { insertScan } from '../../../test/scan-factory';
import { quizAttempts } from '../quiz/schema';

let app: FastifyInstance;
let clock = new Date('2026-03-10T12:00:00Z');

beforeAll(async () => {
  app = await buildTestApp({ now: () => clock });
  app.decorate('clock', () => clock); // the quiz reads the same clock
});
afterAll(() => app.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;

async function stats(user: CreatedUser, zone?: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/dashboard/stats',
    headers: zone ? { ...user.headers, 'x-timezone': zone } : user.headers,
  });
  expect(res.statusCode).toBe(200);
  return DashboardStatsResponse.parse(res.json()).stats;
}

/** A daily challenge completed on `day` (UTC), as the quiz stores it. */
async function completeDaily(user: CreatedUser, day: string) {
  const at = new Date(`${day}T09:00:00Z`);
  await app.db.insert(quizAttempts).values({
    userId: user.user.id,
    quizType: 'daily',
    quizDay: day,
    timeZone: 'UTC',
    questionIds: [],
    servedAt: at,
    lastServedAt: at,
    expiresAt: at,
    submittedAt: at,
    correctAnswers: 0,
    pointsEarned: 0,
    streakBonus: 0,
  });
  // Written behind the app's back: tell it, as a quiz play through the API does (decision 088).
  await app.forgetUser(user.user.id);
}

async function quizStreak(user: CreatedUser) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/quiz/stats',
    headers: { ...user.headers, 'x-timezone': 'UTC' },
  });
  return QuizStats.parse(res.json()).current_streak;
}

async function setTimezone(user: CreatedUser, timezone: string) {
  const res = await app.inject({
    method: 'PATCH',
    url: '/api/users/me',
    headers: user.headers,
    payload: { timezone },
  });
  expect(res.statusCode).toBe(200);
}

describe('GET /api/dashboard/stats', () => {
  it('401s without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/dashboard/stats' });
    expect(res.statusCode).toBe(401);
  });

  it('is all zeros and a null average for a new user', async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    const user = await createUser(app);
    expect(await stats(user)).toEqual({
      total_analyses: 0,
      average_score: null,
      this_week: 0,
      streak_days: 0,
    });
  });

  it('counts, averages and windows only the user’s own scans', async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    const user = await createUser(app);
    const other = await createUser(app);
    const at = (ms: number) => new Date(clock.getTime() - ms);
    await insertScan(app.db, user.user.id, { createdAt: at(HOUR), overallScore: 60 });
    await insertScan(app.db, user.user.id, { createdAt: at(7 * DAY - HOUR), overallScore: 71 });
    await insertScan(app.db, user.user.id, { createdAt: at(7 * DAY + HOUR), overallScore: 80 });
    await insertScan(app.db, user.user.id, { createdAt: at(30 * DAY), overallScore: 90 });
    await insertScan(app.db, other.user.id, { createdAt: at(HOUR), overallScore: 10 });
    expect(await stats(user)).toEqual({
      total_analyses: 4,
      average_score: 75.3, // (60 + 71 + 80 + 90) / 4 = 75.25, one decimal
      this_week: 2,
      // Scans are not the streak: the day streak counts daily challenges (none here).
      streak_days: 0,
    });
    expect(await stats(other)).toMatchObject({
      total_analyses: 1,
      average_score: 10,
      this_week: 1,
    });
  });

  it('counts scans in any light; the history carries their conditions for the trends', async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    const user = await createUser(app);
    const daylight: CaptureConditions = {
      white_point: [1, 1, 1],
      white_point_source: 'eyes_teeth',
      cast: 0,
      exposure: 60,
      face_px: 400,
      sharpness: 10,
    };
    const lamp: CaptureConditions = { ...daylight, white_point: [1.4, 1, 0.6], cast: 12 };
    const at = (ms: number) => new Date(clock.getTime() - ms);
    await insertScan(app.db, user.user.id, { createdAt: at(3 * DAY), overallScore: 60 }); // older, none
    await insertScan(app.db, user.user.id, {
      createdAt: at(2 * DAY),
      overallScore: 70,
      capture: daylight,
    });
    await insertScan(app.db, user.user.id, {
      createdAt: at(HOUR),
      overallScore: 80,
      capture: lamp,
    });

    // No dashboard figure compares two scans, so none leaves out a scan in different light.
    expect(await stats(user)).toMatchObject({ total_analyses: 3, average_score: 70 });

    const res = await app.inject({
      method: 'GET',
      url: '/api/analysis/history?limit=10',
      headers: user.headers,
    });
    const history = HistoryResponse.parse(res.json());
    expect(history.map((h) => h.capture)).toEqual([lamp, daylight, null]);
    expect(compareCaptures(history[0]?.capture, history[1]?.capture)).toEqual({
      comparable: false,
      reasons: ['light'],
    });
  });

  it('a trend over two scans measured with different methods gives no change for that metric', async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    const user = await createUser(app);
    const at = (ms: number) => new Date(clock.getTime() - ms);
    // An old scan (no methods recorded: method 1 everywhere), then one after radiance's method 2.
    await insertScan(app.db, user.user.id, {
      createdAt: at(2 * DAY),
      scores: { acne: 70, radiance: 60, texture: 75 },
      overallScore: 68,
    });
    await insertScan(app.db, user.user.id, {
      createdAt: at(HOUR),
      scores: { acne: 74, radiance: 85, texture: 75 },
      overallScore: 78,
      methods: { ...LEGACY_METHODS, radiance: 2, hydration: 2 },
    });

    const res = await app.inject({
      method: 'GET',
      url: '/api/analysis/history?limit=10',
      headers: user.headers,
    });
    const [newest, older] = HistoryResponse.parse(res.json());
    if (!newest || !older) throw new Error('two scans expected');
    expect(newest.methods).toMatchObject({ radiance: 2, acne: 1 });
    expect(older.methods).toEqual(LEGACY_METHODS);
    expect(metricChange(newest, older, 'acne')).toBe(4);
    expect(metricChange(newest, older, 'texture')).toBe(0);
    // Radiance went 60 → 85 only because it is measured another way now: no change is reported.
    expect(metricChange(newest, older, 'radiance')).toBeNull();
    // Hydration's method changed too, but neither scan scored it: it is not a reported change.
    expect(methodChanges(newest, older)).toEqual(['radiance']);
  });

  it('is the quiz’s day streak: consecutive days with a completed daily, ending today or yesterday', async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    const user = await createUser(app);
    // Scans every day do not make a streak.
    for (const daysAgo of [0, 1, 2]) {
      await insertScan(app.db, user.user.id, {
        createdAt: new Date(clock.getTime() - daysAgo * DAY),
      });
    }
    expect((await stats(user)).streak_days).toBe(0);
    for (const day of ['2026-03-05', '2026-03-07', '2026-03-08', '2026-03-09'])
      await completeDaily(user, day);
    expect((await stats(user)).streak_days).toBe(3); // 7–9 March; 5 March is past a gap
    await completeDaily(user, '2026-03-10');
    expect((await stats(user)).streak_days).toBe(4);
    expect(await quizStreak(user)).toBe(4); // the hub says the same
    clock = new Date('2026-03-12T12:00:00Z'); // nothing yesterday
    expect((await stats(user)).streak_days).toBe(0);
    expect(await quizStreak(user)).toBe(0);
  });

  it('reads "today" in the zone the app sends, else the account’s', async () => {
    const user = await createUser(app);
    await completeDaily(user, '2026-03-10');
    clock = new Date('2026-03-12T02:00:00Z'); // 11 March, 22:00 in New York; 12 March in UTC
    expect((await stats(user)).streak_days).toBe(0);
    expect((await stats(user, 'America/New_York')).streak_days).toBe(1);
    await setTimezone(user, 'America/New_York');
    expect((await stats(user)).streak_days).toBe(1);
  });

  it('ignores scans after the clock (an injected past "now")', async () => {
    clock = new Date('2026-01-01T12:00:00Z');
    const user = await createUser(app);
    await insertScan(app.db, user.user.id, { createdAt: new Date('2026-01-05T12:00:00Z') });
    expect((await stats(user)).total_analyses).toBe(0);
  });
});

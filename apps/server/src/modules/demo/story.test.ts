import { HistoryResponse } from '@lumiskin/contract/analysis-api';
import { NotificationList } from '@lumiskin/contract/notifications';
import { RoutineHistoryResponse, RoutineResponse } from '@lumiskin/contract/routine';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper';
import { runSeeders, seeders } from '../../seed';
import { findUserByEmail } from '../auth/repository';
import { analyses } from '../analysis/schema';
import { DEMO_USER } from '../auth/seed';
import { contentVersions } from '../content/schema';
import { quizAttempts } from '../quiz/schema';
import {
  DEMO_SCANS,
  DEMO_SIGNED_UP_DAYS_BEFORE_FIRST_SCAN,
  seedDemoStory,
  shiftDemoDates,
  STORY_BUILT,
} from './story';

const DAY_MS = 24 * 60 * 60 * 1000;
let app: FastifyInstance;
let token: string;
const get = (url: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  app = await buildTestApp();
  await runSeeders(app.db, () => {}, seeders);
  await seedDemoStory(app, { log: () => {} });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: DEMO_USER.email, password: DEMO_USER.password },
  });
  token = login.json<{ access_token: string }>().access_token;
}, 240_000);
afterAll(() => app.close());

describe('the demo account tells a story', () => {
  it('has 9 engine-made scans over ten weeks whose scores improve, the newest a day old', async () => {
    const stats = (await get('/api/dashboard/stats')).json<{ stats: Record<string, number> }>()
      .stats;
    expect(stats.total_analyses).toBeGreaterThanOrEqual(8);
    expect(stats.total_analyses).toBe(DEMO_SCANS.length);

    const history = HistoryResponse.parse((await get('/api/analysis/history?limit=50')).json());
    const scans = [...history].sort((a, b) => a.created_at.localeCompare(b.created_at));
    const scores = scans.map((s) => s.overall_score);
    const first = Date.parse(scans[0]!.created_at);
    const last = Date.parse(scans.at(-1)!.created_at);
    expect((last - first) / DAY_MS).toBeGreaterThanOrEqual(60);
    expect((Date.now() - last) / DAY_MS).toBeLessThan(2);
    // Improving: the last three average clearly above the first three, and the newest beats the first.
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(scores.slice(-3)) - mean(scores.slice(0, 3))).toBeGreaterThanOrEqual(5);
    expect(scores.at(-1)!).toBeGreaterThan(scores[0]!);
    // Made by the engine: each has measured findings and its photo.
    const photo = await get(`/api/analysis/${scans[0]!.id}/photo`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
  });

  it('has a routine from its first analysis with changes in its history', async () => {
    const routine = (await get('/api/routine')).json<{ morning: unknown[]; evening: unknown[] }>();
    expect(routine.morning.length + routine.evening.length).toBeGreaterThan(2);
    const history = RoutineHistoryResponse.parse((await get('/api/routine/history')).json());
    const types = history.map((h) => h.type);
    expect(types).toEqual(expect.arrayContaining(['addition', 'removal']));
    expect(history.length).toBeGreaterThanOrEqual(3);
  });

  it('has quiz days with a streak and a badge, a mix and liked and saved articles', async () => {
    const quiz = (await get('/api/quiz/stats')).json<Record<string, number>>();
    expect(quiz.quizzes_completed).toBeGreaterThanOrEqual(5);
    expect(quiz.current_streak).toBeGreaterThanOrEqual(5);
    expect(quiz.badges_count).toBeGreaterThanOrEqual(1);
    const mix = (await get('/api/mix')).json<{ items: unknown[] }>();
    expect(mix.items).toHaveLength(2);
    const saved = (await get('/api/blog/posts?saved=true')).json<unknown>();
    expect(JSON.stringify(saved)).toContain('sunscreen-and-the-uv-index');
    // What it liked or saved, it read: each counts a view, once however often the story runs.
    const posts = (await get('/api/blog/posts')).json<{
      posts: { slug: string; views: number; likes: number; saved?: boolean }[];
    }>().posts;
    const marked = posts.filter((p) => p.likes > 0 || p.saved);
    expect(marked.length).toBeGreaterThanOrEqual(3);
    for (const p of marked) expect(p.views, p.slug).toBe(1);
  });

  it('signed up shortly before its first scan, not on the day it was seeded', async () => {
    const me = (await get('/api/auth/me')).json<{ user: { created_at: string } }>().user;
    const history = HistoryResponse.parse((await get('/api/analysis/history?limit=50')).json());
    const firstScan = Math.min(...history.map((a) => Date.parse(a.created_at)));
    const signedUp = Date.parse(me.created_at);
    expect(signedUp).toBeLessThan(firstScan);
    expect((firstScan - signedUp) / DAY_MS).toBeCloseTo(DEMO_SIGNED_UP_DAYS_BEFORE_FIRST_SCAN, 5);
    expect((Date.now() - signedUp) / DAY_MS).toBeGreaterThan(DEMO_SCANS[0].daysAgo);
  });

  it('has a bell with the reminders the scheduler sends, the newest unread', async () => {
    const bell = NotificationList.parse((await get('/api/notifications')).json());
    expect(bell.total).toBeGreaterThanOrEqual(3);
    expect(bell.unread).toBeGreaterThanOrEqual(1);
    expect(bell.unread).toBeLessThan(bell.total);
    const kinds = new Set(bell.notifications.map((n) => n.kind));
    expect(kinds.size).toBeGreaterThanOrEqual(3);
    // Newest first, none in the future, every link a path of the app.
    const times = bell.notifications.map((n) => Date.parse(n.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    for (const n of bell.notifications) expect(n.link).toMatch(/^\/[a-z]/);
  });

  it('moves its dates forward when it has gone stale, and builds nothing twice', async () => {
    // Ten days pass: every dated row is ten days older.
    const demo = await findUserByEmail(app.db, DEMO_USER.email);
    const bellBefore = NotificationList.parse((await get('/api/notifications')).json());
    await shiftDemoDates(app.db, demo!.id, -10);
    const stale = HistoryResponse.parse((await get('/api/analysis/history?limit=50')).json());
    expect(
      (Date.now() - Math.max(...stale.map((a) => Date.parse(a.created_at)))) / DAY_MS,
    ).toBeGreaterThan(10);
    // The routine's recommended steps moved with their scan (decision 196).
    const routine = RoutineResponse.parse((await get('/api/routine')).json());
    const fromScans = [...routine.morning, ...routine.evening].flatMap((p) =>
      p.from_scan_date ? [Date.parse(p.from_scan_date)] : [],
    );
    expect(fromScans.length).toBeGreaterThan(0);
    const scanTimes = new Set(stale.map((a) => Date.parse(a.created_at)));
    for (const at of fromScans) expect(scanTimes.has(at)).toBe(true);

    await seedDemoStory(app, { log: () => {} });
    const history = HistoryResponse.parse((await get('/api/analysis/history?limit=50')).json());
    expect(history).toHaveLength(DEMO_SCANS.length);
    const age = (Date.now() - Math.max(...history.map((a) => Date.parse(a.created_at)))) / DAY_MS;
    expect(age).toBeGreaterThan(0);
    expect(age).toBeLessThan(2);
    const quiz = (await get('/api/quiz/stats')).json<Record<string, number>>();
    expect(quiz.current_streak).toBeGreaterThanOrEqual(5);
    // The sign-up date and the bell moved with the rest, and nothing was added twice.
    const me = (await get('/api/auth/me')).json<{ user: { created_at: string } }>().user;
    const firstScan = Math.min(...history.map((a) => Date.parse(a.created_at)));
    expect(Date.parse(me.created_at)).toBeLessThan(firstScan);
    const bell = NotificationList.parse((await get('/api/notifications')).json());
    expect(bell.total).toBe(bellBefore.total);
    expect(Date.parse(bell.notifications[0]!.created_at)).toBe(
      Date.parse(bellBefore.notifications[0]!.created_at),
    );
  });

  it('moves a day at a time too: its consecutive daily quizzes never meet on the way', async () => {
    // `npm start` on the next day: the demo is one day staler and every quiz day moves by one,
    // onto the day the next quiz still holds until it moves (one daily quiz per day is unique).
    const demo = await findUserByEmail(app.db, DEMO_USER.email);
    const quizDays = async () =>
      (
        await app.db
          .select({ day: quizAttempts.quizDay })
          .from(quizAttempts)
          .where(and(eq(quizAttempts.userId, demo!.id), eq(quizAttempts.quizType, 'daily')))
          .orderBy(asc(quizAttempts.quizDay))
      ).map((r) => r.day);
    const before = await quizDays();
    expect(before.length).toBeGreaterThanOrEqual(5);
    const dayAfter = (day: string, n: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
    // Consecutive days, so a move by one runs into the next day's row.
    expect(before.slice(1)).toEqual(before.slice(0, -1).map((d) => dayAfter(d, 1)));

    await shiftDemoDates(app.db, demo!.id, 1);
    expect(await quizDays()).toEqual(before.map((d) => dayAfter(d, 1)));
    await shiftDemoDates(app.db, demo!.id, -1);
    expect(await quizDays()).toEqual(before);
    // A day staler, as on the next day's start: the start moves it forward by one day.
    await shiftDemoDates(app.db, demo!.id, -1);
    await seedDemoStory(app, { log: () => {} });
    expect(await quizDays()).toEqual(before);
    const quiz = (await get('/api/quiz/stats')).json<Record<string, number>>();
    expect(quiz.current_streak).toBeGreaterThanOrEqual(5);
  });

  const storyMark = async () =>
    (
      await app.db
        .select({ version: contentVersions.version })
        .from(contentVersions)
        .where(eq(contentVersions.name, STORY_BUILT))
    )[0];
  const demoScanIds = async (userId: string) =>
    (
      await app.db
        .select({ id: analyses.id })
        .from(analyses)
        .where(eq(analyses.userId, userId))
        .orderBy(desc(analyses.createdAt))
    ).map((r) => r.id);

  it('keeps a story built to its end before the end was marked', async () => {
    expect(await storyMark()).toBeDefined();
    await app.db.delete(contentVersions).where(eq(contentVersions.name, STORY_BUILT));
    const demo = await findUserByEmail(app.db, DEMO_USER.email);
    const before = await demoScanIds(demo!.id);
    const said: string[] = [];
    await seedDemoStory(app, { log: (m) => said.push(m) });
    expect((await findUserByEmail(app.db, DEMO_USER.email))!.id).toBe(demo!.id);
    expect(await demoScanIds(demo!.id)).toEqual(before);
    expect(said.join('\n')).not.toMatch(/building it again/);
    expect(await storyMark()).toBeDefined();
  });

  it('builds the story again when the last build stopped part-way', async () => {
    // The first start was stopped after three scans: no mark, a fragment of the story.
    const demo = await findUserByEmail(app.db, DEMO_USER.email);
    const ids = await demoScanIds(demo!.id);
    await app.db.delete(analyses).where(inArray(analyses.id, ids.slice(0, ids.length - 3)));
    await app.db.delete(contentVersions).where(eq(contentVersions.name, STORY_BUILT));
    const said: string[] = [];
    await seedDemoStory(app, { log: (m) => said.push(m) });
    expect(said.join('\n')).toMatch(/stopped after 3 of 9 scans: building it again/);

    // A new demo account with the whole story, signed in with the same password.
    const rebuilt = await findUserByEmail(app.db, DEMO_USER.email);
    expect(rebuilt!.id).not.toBe(demo!.id);
    expect(await demoScanIds(demo!.id)).toEqual([]);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    token = login.json<{ access_token: string }>().access_token;
    const history = HistoryResponse.parse((await get('/api/analysis/history?limit=50')).json());
    expect(history).toHaveLength(DEMO_SCANS.length);
    const quiz = (await get('/api/quiz/stats')).json<Record<string, number>>();
    expect(quiz.current_streak).toBeGreaterThanOrEqual(5);
    const routine = RoutineHistoryResponse.parse((await get('/api/routine/history')).json());
    expect(routine.length).toBeGreaterThan(0);
    expect(await storyMark()).toBeDefined();
  }, 120_000);
});

import { DashboardStatsResponse } from '@lumiskin/contract/dashboard';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestInstances, testRedisConfig } from '../../../test/helper';
import { insertScan } from '../../../test/scan-factory';
import { statsAt, type DashboardFigures } from './repository';

/*
 * The dashboard's figures kept per person (decision 088): read once, worked out at each request,
 * read again on every instance when the person's scans change.
 */
const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('figures kept on two instances (one PostgreSQL, one Redis)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({
      apps: [a, b],
      close,
    } = (await buildTestInstances(2, { redis: testRedisConfig() })) as {
      apps: [FastifyInstance, FastifyInstance];
      close: () => Promise<void>;
    });
  });
  afterAll(() => close());

  const stats = async (app: FastifyInstance, person: CreatedUser) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/dashboard/stats',
      headers: person.headers,
    });
    expect(res.statusCode).toBe(200);
    return DashboardStatsResponse.parse(res.json()).stats;
  };

  it('are kept (a scan written behind the app’s back is not counted), and a scan deleted on A is B’s figure at once', async () => {
    const person = await createUser(a);
    const first = await insertScan(a.db, person.user.id, { overallScore: 60 });
    expect(await stats(b, person)).toMatchObject({ total_analyses: 1, average_score: 60 });
    // The control: B keeps what it read.
    await insertScan(a.db, person.user.id, { overallScore: 80 });
    expect((await stats(b, person)).total_analyses).toBe(1);

    const deleted = await a.inject({
      method: 'DELETE',
      url: `/api/analysis/${first.id}`,
      headers: person.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await stats(b, person)).toMatchObject({
      total_analyses: 1,
      average_score: 80,
      this_week: 1,
    });
  });

  it('a scan saved by any process (forgetUser, as saving does) is counted on B at once', async () => {
    const person = await createUser(a);
    expect((await stats(b, person)).total_analyses).toBe(0);
    await insertScan(a.db, person.user.id);
    await a.forgetUser(person.user.id);
    expect((await stats(b, person)).total_analyses).toBe(1);
  });
});

describe('statsAt: the numbers at a later moment from figures read earlier', () => {
  const at = Date.parse('2026-03-10T12:00:00Z');
  const figures: DashboardFigures = {
    at,
    timezone: 'UTC',
    total: 3,
    average: 70,
    days: ['2026-03-08', '2026-03-09', '2026-03-10'],
    recent: [at - 6.5 * DAY, at - DAY, at - HOUR],
    nextScanAt: null,
    today: '2026-03-10',
  };

  it('lets the week and the streak move on with the clock', () => {
    expect(statsAt(figures, new Date(at))).toEqual({
      total_analyses: 3,
      average_score: 70,
      this_week: 3,
      streak_days: 3,
    });
    // A day later: the oldest scan left the 7 days; yesterday still carries the streak.
    expect(statsAt(figures, new Date(at + DAY))).toMatchObject({ this_week: 2, streak_days: 3 });
    // Two days later: nothing yesterday, the streak is over.
    expect(statsAt(figures, new Date(at + 2 * DAY))).toMatchObject({ streak_days: 0 });
  });

  it('counts days in the person’s zone', () => {
    const read = Date.parse('2026-03-10T05:00:00Z');
    const newYork = {
      ...figures,
      at: read,
      timezone: 'America/New_York',
      days: ['2026-03-09'],
      today: '2026-03-10',
    };
    // 23:00 on 10 March in New York (11 March in UTC): 9 March was yesterday there
    expect(statsAt(newYork, new Date('2026-03-11T03:00:00Z'))?.streak_days).toBe(1);
    expect(
      statsAt({ ...newYork, timezone: 'UTC' }, new Date('2026-03-11T03:00:00Z'))?.streak_days,
    ).toBe(0);
    // 01:30 on 11 March in New York: over
    expect(statsAt(newYork, new Date('2026-03-11T05:30:00Z'))?.streak_days).toBe(0);
  });

  it('asks for a new reading once a scan dated later comes within reach, or the clock went back', () => {
    expect(statsAt({ ...figures, nextScanAt: at + HOUR }, new Date(at + 2 * HOUR))).toBeNull();
    expect(statsAt({ ...figures, nextScanAt: at + HOUR }, new Date(at + 30_000))).not.toBeNull();
    expect(statsAt(figures, new Date(at - 1))).toBeNull();
  });
});

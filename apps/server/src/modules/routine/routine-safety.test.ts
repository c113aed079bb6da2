import {
  RoutineHistoryResponse,
  RoutineMessages,
  RoutineProduct,
  RoutineResponse,
} from '@lumiskin/contract/routine';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';

/** A clock the test moves: consistency is about days. */
let clock = new Date('2026-11-20T09:00:00Z');
const setDay = (day: string, hour = '09:00') => void (clock = new Date(`${day}T${hour}:00Z`));

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: () => clock });
});
afterAll(() => app.close());

const headers = (user: CreatedUser) => ({ ...user.headers, 'x-timezone': 'UTC' });
const getRoutine = async (user: CreatedUser) => {
  const res = await app.inject({ method: 'GET', url: '/api/routine', headers: headers(user) });
  expect(res.statusCode).toBe(200);
  return RoutineResponse.parse(res.json());
};
const add = async (user: CreatedUser, payload: Record<string, unknown>) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/routine/products',
    headers: headers(user),
    payload: { purpose: 'Skin care', application_time: 'evening', type: 'serum', ...payload },
  });
  expect(res.statusCode).toBe(201);
  return RoutineProduct.parse(res.json());
};
const checkOff = (user: CreatedUser, payload: Record<string, unknown>) =>
  app.inject({
    method: 'PUT',
    url: '/api/routine/check-offs',
    headers: headers(user),
    payload,
  });
const history = async (user: CreatedUser) =>
  RoutineHistoryResponse.parse(
    (
      await app.inject({ method: 'GET', url: '/api/routine/history', headers: headers(user) })
    ).json(),
  );

describe('routine conflicts in the routine response', () => {
  it('names a retinal and a salicylic acid added to the same evening, with splits', async () => {
    setDay('2026-11-20');
    const user = await createUser(app);
    const retinal = await add(user, { name: 'Retinal 0.1% serum' });
    expect((await getRoutine(user)).conflicts).toEqual([]);
    const bha = await add(user, { name: 'Salicylic acid toner', type: 'toner' });
    const { conflicts } = await getRoutine(user);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      rule: 'retinoid_with_acid',
      product_ids: [retinal.id, bha.id],
      application_time: 'evening',
    });
    expect(conflicts[0]?.message).toMatch(/Retinal 0\.1% serum .*Salicylic acid toner/);
    expect(conflicts[0]?.suggestions.map((s) => s.label)).toEqual([
      'Retinal 0.1% serum on Mon, Wed and Fri evenings, Salicylic acid toner on the other evenings (Tue, Thu, Sat and Sun)',
      'Salicylic acid toner in the morning, Retinal 0.1% serum in the evening',
    ]);
  });

  it('applies a split in one request and logs it; the conflict is gone', async () => {
    const user = await createUser(app);
    const retinal = await add(user, { name: 'Retinal serum' });
    const bha = await add(user, { name: 'BHA toner', type: 'toner' });
    const [conflict] = (await getRoutine(user)).conflicts;
    const alternate = conflict!.suggestions.find((s) => s.kind === 'alternate')!;
    const res = await app.inject({
      method: 'POST',
      url: '/api/routine/split',
      headers: headers(user),
      payload: { changes: alternate.changes },
    });
    expect(res.statusCode).toBe(200);
    const routine = RoutineResponse.parse(res.json());
    expect(routine.conflicts).toEqual([]);
    expect(routine.evening.map((p) => [p.id, p.days])).toEqual([
      [retinal.id, [1, 3, 5]],
      [bha.id, [2, 4, 6, 7]],
    ]);
    const entries = await history(user);
    // One transaction, one timestamp: compare as a set.
    expect(
      entries
        .slice(0, 2)
        .map((e) => [e.type, e.change, e.reason])
        .sort(),
    ).toEqual([
      ['change', 'Changed BHA toner (evening): on Tue, Thu, Sat, Sun', RoutineMessages.splitReason],
      ['change', 'Changed Retinal serum (evening): on Mon, Wed, Fri', RoutineMessages.splitReason],
    ]);
    // Putting the acid back on a retinal evening brings the warning back.
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/routine/products/${bha.id}`,
      headers: headers(user),
      payload: { days: [1] },
    });
    expect(edit.statusCode).toBe(200);
    expect((await getRoutine(user)).conflicts.map((c) => c.rule)).toEqual(['retinoid_with_acid']);
  });

  it('moves a step to the morning with the other split', async () => {
    const user = await createUser(app);
    await add(user, { name: 'Adapalene gel', type: 'treatment' });
    const bp = await add(user, { name: 'Benzoyl peroxide wash', type: 'cleanser' });
    const [conflict] = (await getRoutine(user)).conflicts;
    expect(conflict?.rule).toBe('benzoyl_peroxide_with_retinoid');
    const move = conflict!.suggestions.find((s) => s.kind === 'move')!;
    const res = await app.inject({
      method: 'POST',
      url: '/api/routine/split',
      headers: headers(user),
      payload: { changes: move.changes },
    });
    const routine = RoutineResponse.parse(res.json());
    expect(routine.morning.map((p) => p.id)).toEqual([bp.id]);
    expect(routine.conflicts).toEqual([]);
  });

  it("refuses edits and splits of another person's steps, empty edits and unknown fields", async () => {
    const owner = await createUser(app);
    const intruder = await createUser(app);
    const step = await add(owner, { name: 'Retinol' });
    const split = await app.inject({
      method: 'POST',
      url: '/api/routine/split',
      headers: headers(intruder),
      payload: { changes: [{ product_id: step.id, application_time: 'morning', days: [] }] },
    });
    expect(split.statusCode).toBe(404);
    const patch = (user: CreatedUser, payload: unknown) =>
      app.inject({
        method: 'PATCH',
        url: `/api/routine/products/${step.id}`,
        headers: headers(user),
        payload: payload as Record<string, unknown>,
      });
    expect((await patch(intruder, { days: [1] })).statusCode).toBe(404);
    expect((await patch(owner, {})).statusCode).toBe(400);
    expect((await patch(owner, { days: [8] })).statusCode).toBe(400);
    expect((await patch(owner, { user_id: intruder.user.id })).statusCode).toBe(400);
    const routine = await getRoutine(owner);
    expect(routine.evening[0]).toMatchObject({
      id: step.id,
      application_time: 'evening',
      days: [],
    });
  });
});

describe('routine consistency: days the routine was followed', () => {
  it('moves with check-offs, never with adding a product', async () => {
    setDay('2026-11-10');
    const user = await createUser(app);
    const first = await getRoutine(user);
    expect(first.consistency.last_7_days).toEqual({
      window_days: 7,
      counted_days: 0,
      followed_days: 0,
      percent: null,
    });
    await add(user, { name: 'Cleanser', type: 'cleanser' });
    // Day 1: checked off.
    expect(
      (await checkOff(user, { day: '2026-11-10', session: 'evening', done: true })).statusCode,
    ).toBe(200);
    // Day 2: not; day 3: checked off.
    setDay('2026-11-12');
    const before = await getRoutine(user);
    // Today (not yet checked) does not count: 10th and 11th count, one followed.
    expect(before.consistency.last_7_days).toMatchObject({
      counted_days: 2,
      followed_days: 1,
      percent: 50,
    });
    // Adding a product changes nothing.
    await add(user, { name: 'Moisturiser', type: 'moisturizer' });
    await add(user, { name: 'SPF 50', type: 'sunscreen', application_time: 'morning' });
    expect((await getRoutine(user)).consistency).toEqual(before.consistency);
    // Checking off today does.
    const res = await checkOff(user, { day: '2026-11-12', session: 'morning', done: true });
    const after = RoutineResponse.parse(res.json()).consistency;
    expect(after.checked_today).toEqual(['morning']);
    expect(after.last_7_days).toMatchObject({ counted_days: 3, followed_days: 2, percent: 67 });
    // A second session the same day is the same day.
    await checkOff(user, { day: '2026-11-12', session: 'evening', done: true });
    expect((await getRoutine(user)).consistency.last_7_days.followed_days).toBe(2);
    // Un-checking both takes the day back out.
    await checkOff(user, { day: '2026-11-12', session: 'evening', done: false });
    await checkOff(user, { day: '2026-11-12', session: 'morning', done: false });
    expect((await getRoutine(user)).consistency).toEqual(before.consistency);
  });

  it('counts the last 7 and 30 days separately', async () => {
    setDay('2026-10-01');
    const user = await createUser(app);
    await add(user, { name: 'Cleanser', type: 'cleanser' });
    // Checked off on the first 20 days, then never again.
    for (let d = 1; d <= 20; d += 1) {
      const day = `2026-10-${String(d).padStart(2, '0')}`;
      setDay(day);
      expect((await checkOff(user, { day, session: 'evening', done: true })).statusCode).toBe(200);
    }
    setDay('2026-10-30');
    const { consistency } = await getRoutine(user);
    expect(consistency.last_7_days).toMatchObject({
      counted_days: 6,
      followed_days: 0,
      percent: 0,
    });
    expect(consistency.last_30_days).toMatchObject({
      counted_days: 29,
      followed_days: 20,
      percent: 69,
    });
  });

  it('only checks off today, in the time zone sent', async () => {
    setDay('2026-11-20', '23:30');
    const user = await createUser(app);
    expect(
      (await checkOff(user, { day: '2026-11-19', session: 'evening', done: true })).json(),
    ).toMatchObject({
      detail: RoutineMessages.checkOffDay,
    });
    expect(
      (await checkOff(user, { day: '2026-11-21', session: 'evening', done: true })).statusCode,
    ).toBe(400);
    // In Tokyo it is already the 21st.
    const tokyo = await app.inject({
      method: 'PUT',
      url: '/api/routine/check-offs',
      headers: { ...user.headers, 'x-timezone': 'Asia/Tokyo' },
      payload: { day: '2026-11-21', session: 'evening', done: true },
    });
    expect(tokyo.statusCode).toBe(200);
    expect(
      (await checkOff(user, { day: 'yesterday', session: 'evening', done: true })).statusCode,
    ).toBe(400);
    expect(
      (await checkOff(user, { day: '2026-11-20', session: 'noon', done: true })).statusCode,
    ).toBe(400);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/routine/check-offs',
          payload: { day: '2026-11-20', session: 'evening', done: true },
        })
      ).statusCode,
    ).toBe(401);
  });
});

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
import { insertScan, sampleRoutine } from '../../../test/scan-factory';
import { setupRoutineFromAnalysis } from './repository';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const getRoutine = async (user: CreatedUser) => {
  const res = await app.inject({ method: 'GET', url: '/api/routine', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return RoutineResponse.parse(res.json());
};
const getHistory = async (user: CreatedUser, query = '') => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/routine/history${query}`,
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  return {
    entries: RoutineHistoryResponse.parse(res.json()),
    total: Number(res.headers['x-total-count']),
  };
};
const add = (user: CreatedUser, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/routine/products', headers: user.headers, payload });
const remove = (user: CreatedUser, id: string, query = '') =>
  app.inject({
    method: 'DELETE',
    url: `/api/routine/products/${id}${query}`,
    headers: user.headers,
  });

const serum = {
  name: '  Niacinamide 10%  ',
  type: 'serum',
  purpose: 'Oil control',
  application_time: 'evening',
  frequency: '3x per week',
};

describe('routine', () => {
  it('401s without a token', async () => {
    for (const url of ['/api/routine', '/api/routine/history']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('is empty for a new user without scans', async () => {
    const user = await createUser(app);
    expect(await getRoutine(user)).toMatchObject({ morning: [], evening: [], conflicts: [] });
    expect((await getHistory(user)).entries).toEqual([]);
  });

  it('adds to the chosen list, trims, and logs an addition', async () => {
    const user = await createUser(app);
    const res = await add(user, serum);
    expect(res.statusCode).toBe(201);
    const product = RoutineProduct.parse(res.json());
    expect(product).toMatchObject({
      name: 'Niacinamide 10%',
      type: 'serum',
      purpose: 'Oil control',
      application_time: 'evening',
      frequency: '3x per week',
      notes: '',
    });
    const second = RoutineProduct.parse(
      (
        await add(user, {
          ...serum,
          name: 'SPF 50',
          type: 'sunscreen',
          application_time: 'morning',
          notes: 'reapply',
        })
      ).json(),
    );
    const routine = await getRoutine(user);
    expect(routine.evening.map((p) => p.id)).toEqual([product.id]);
    expect(routine.morning.map((p) => p.id)).toEqual([second.id]);
    const { entries, total } = await getHistory(user);
    expect(total).toBe(2);
    expect(entries.map((e) => [e.type, e.change])).toEqual([
      ['addition', 'Added SPF 50 (morning)'],
      ['addition', 'Added Niacinamide 10% (evening)'],
    ]);
  });

  it.each([
    ['a blank name', { name: '   ' }, RoutineMessages.nameRequired],
    ['no name', { name: undefined }, RoutineMessages.nameRequired],
    ['a blank purpose', { purpose: ' \t ' }, RoutineMessages.purposeRequired],
  ])('refuses %s with a message and adds nothing', async (_case, overrides, message) => {
    const user = await createUser(app);
    const res = await add(user, { ...serum, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', detail: message });
    expect(await getRoutine(user)).toMatchObject({ morning: [], evening: [], conflicts: [] });
  });

  it('refuses types, times and frequencies outside the spec lists', async () => {
    const user = await createUser(app);
    for (const bad of [
      { type: 'perfume' },
      { application_time: 'noon' },
      { frequency: 'hourly' },
    ]) {
      expect((await add(user, { ...serum, ...bad })).statusCode).toBe(400);
    }
  });

  it("deletes with 'Product discontinued' or the reason given", async () => {
    const user = await createUser(app);
    const a = RoutineProduct.parse((await add(user, serum)).json());
    const b = RoutineProduct.parse((await add(user, { ...serum, name: 'Retinal' })).json());
    expect((await remove(user, a.id)).statusCode).toBe(204);
    expect((await remove(user, b.id, '?reason=Caused%20irritation')).statusCode).toBe(204);
    expect((await remove(user, b.id)).statusCode).toBe(404);
    expect(await getRoutine(user)).toMatchObject({ morning: [], evening: [], conflicts: [] });
    const { entries } = await getHistory(user);
    expect(entries.slice(0, 2).map((e) => [e.type, e.change, e.reason])).toEqual([
      ['removal', 'Removed Retinal (evening)', 'Caused irritation'],
      ['removal', 'Removed Niacinamide 10% (evening)', 'Product discontinued'],
    ]);
  });

  it("keeps another user's routine out of reach", async () => {
    const owner = await createUser(app);
    const intruder = await createUser(app);
    const product = RoutineProduct.parse((await add(owner, serum)).json());
    expect((await remove(intruder, product.id)).statusCode).toBe(404);
    expect((await getRoutine(owner)).evening).toHaveLength(1);
    expect((await getRoutine(intruder)).evening).toHaveLength(0);
    expect((await getHistory(intruder)).total).toBe(0);
  });

  it('pages the history with the total in X-Total-Count', async () => {
    const user = await createUser(app);
    for (let i = 0; i < 3; i++) await add(user, { ...serum, name: `P${i}` });
    const page = await getHistory(user, '?limit=2&offset=1');
    expect(page.total).toBe(3);
    expect(page.entries.map((e) => e.change)).toEqual(['Added P1 (evening)', 'Added P0 (evening)']);
  });

  it("sets up a new user's routine from the newest analysis, once", async () => {
    const user = await createUser(app);
    await insertScan(app.db, user.user.id, {
      createdAt: new Date(Date.now() - 86_400_000),
      routine: { morning: [], evening: [] },
    });
    const newest = await insertScan(app.db, user.user.id, { routine: sampleRoutine });
    const routine = await getRoutine(user);
    // Each step says which scan's reading its purpose is (decision 196).
    for (const p of [...routine.morning, ...routine.evening])
      expect(p.from_scan_date).toBe(newest.createdAt.toISOString());
    expect(routine.morning.map((p) => [p.name, p.type])).toEqual([
      ['Gentle gel cleanser', 'cleanser'],
      ['SeboBalance', 'serum'],
      ['Broad-spectrum sunscreen SPF 30', 'sunscreen'],
    ]);
    expect(routine.evening.map((p) => [p.name, p.type, p.frequency])).toEqual([
      ['Gentle gel cleanser', 'cleanser', 'daily'],
      ['RenewLift', 'treatment', '2x per week'],
    ]);
    expect(routine.evening[1]).toMatchObject({
      purpose: 'Fine lines.',
      notes: 'Start two evenings a week.',
    });
    const { entries } = await getHistory(user);
    expect(entries.map((e) => e.type)).toEqual(['setup']);
    // Reading again does not set it up again; emptying it on purpose does not bring it back.
    await getRoutine(user);
    for (const p of [...routine.morning, ...routine.evening]) await remove(user, p.id);
    expect(await getRoutine(user)).toMatchObject({ morning: [], evening: [], conflicts: [] });
    expect((await getHistory(user)).entries.filter((e) => e.type === 'setup')).toHaveLength(1);
  });

  it('a step whose purpose the person rewrites is theirs: it no longer names the scan', async () => {
    const user = await createUser(app);
    const scan = await insertScan(app.db, user.user.id, { routine: sampleRoutine });
    const [first, second] = (await getRoutine(user)).morning;
    const patch = (id: string, payload: Record<string, unknown>) =>
      app.inject({
        method: 'PATCH',
        url: `/api/routine/products/${id}`,
        headers: user.headers,
        payload,
      });
    // The same purpose sent back, or another field changed: still that scan's step.
    expect(
      (await patch(first!.id, { purpose: first!.purpose, frequency: 'weekly' })).statusCode,
    ).toBe(200);
    expect((await patch(second!.id, { purpose: 'My own reason' })).statusCode).toBe(200);
    const after = await getRoutine(user);
    expect(after.morning.find((p) => p.id === first!.id)).toMatchObject({
      frequency: 'weekly',
      from_scan_date: scan.createdAt.toISOString(),
    });
    expect(after.morning.find((p) => p.id === second!.id)).toMatchObject({
      purpose: 'My own reason',
      from_scan_date: null,
    });
    // A step added by hand names no scan.
    const added = RoutineProduct.parse((await add(user, serum)).json());
    expect(added.from_scan_date).toBeNull();
  });

  it('setupRoutineFromAnalysis (called after a scan) sets up only a new user', async () => {
    const user = await createUser(app);
    const scan = await insertScan(app.db, user.user.id);
    expect(await setupRoutineFromAnalysis(app.db, user.user.id, scan)).toBe(true);
    expect(await setupRoutineFromAnalysis(app.db, user.user.id, scan)).toBe(false);
    const routine = await getRoutine(user);
    expect(routine.morning.length + routine.evening.length).toBe(5);
  });

  it("'Use this routine' replaces the routine from that analysis and logs a setup", async () => {
    const user = await createUser(app);
    const scan = await insertScan(app.db, user.user.id, {
      routine: { morning: [sampleRoutine.morning[2]!], evening: [] },
    });
    await add(user, serum);
    const res = await app.inject({
      method: 'POST',
      url: `/api/routine/from-analysis/${scan.id}`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    const routine = RoutineResponse.parse(res.json());
    expect(routine.morning.map((p) => p.name)).toEqual(['Broad-spectrum sunscreen SPF 30']);
    expect(routine.evening).toEqual([]);
    expect(await getRoutine(user)).toEqual(routine);
    const { entries } = await getHistory(user);
    expect(entries.map((e) => e.type)).toEqual(['setup', 'addition']);

    // Again on the routine already in use: the same routine, and no second "Set up" logged.
    const again = await app.inject({
      method: 'POST',
      url: `/api/routine/from-analysis/${scan.id}`,
      headers: user.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(RoutineResponse.parse(again.json())).toEqual(routine);
    expect((await getHistory(user)).entries.map((e) => e.type)).toEqual(['setup', 'addition']);
    // Once edited (a step added), the analysis's routine replaces it again, and says so.
    await add(user, serum);
    await app.inject({
      method: 'POST',
      url: `/api/routine/from-analysis/${scan.id}`,
      headers: user.headers,
    });
    expect((await getHistory(user)).entries.map((e) => e.type)).toEqual([
      'setup',
      'addition',
      'setup',
      'addition',
    ]);

    const other = await createUser(app);
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/routine/from-analysis/${scan.id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/routine/from-analysis/00000000-0000-4000-8000-000000000000',
      headers: user.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

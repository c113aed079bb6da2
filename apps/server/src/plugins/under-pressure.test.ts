import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test/helper';
import type { UnderPressureConfig } from '../config';
import { loopDelay } from './under-pressure';

/** Load shedding: 503 + Retry-After + `{detail, code}` before work starts; health still answers. */
const off: UnderPressureConfig = {
  maxEventLoopDelayMs: 0,
  maxHeapUsedBytes: 0,
  maxRssBytes: 0,
  retryAfterS: 7,
  dbCheckIntervalMs: 0,
  sampleIntervalMs: 20,
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await app?.close();
  app = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Blocks the event loop, as a runaway synchronous computation would. */
function stall(ms: number) {
  const blockedUntil = Date.now() + ms;
  while (Date.now() < blockedUntil) {
    // stalled
  }
}
async function waitFor(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await sleep(10);
  return condition();
}

describe('under pressure', () => {
  it('answers 503 with Retry-After and {detail, code} past the heap limit; health still answers', async () => {
    app = await buildTestApp({ underPressure: { ...off, maxHeapUsedBytes: 1 } });
    expect(await waitFor(() => app!.isUnderPressure(), 2_000)).toBe(true);

    const res = await app.inject({ method: 'GET', url: '/api/shop/products' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      detail: 'The server is very busy. Please try again in a few seconds.',
      code: 'overloaded',
    });
    // before any work: a login under pressure is not even counted or hashed
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x@example.test', password: 'whatever1' },
    });
    expect(login.statusCode).toBe(503);

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'not_ready',
      checks: expect.arrayContaining([
        { name: 'database', status: 'up', latency_ms: expect.any(Number) },
        { name: 'load', status: 'down', latency_ms: expect.any(Number), detail: 'error' },
      ]),
    });
  });

  it('keeps sampling and serving when reading the memory throws EMFILE (out of descriptors)', async () => {
    app = await buildTestApp({ underPressure: { ...off, maxRssBytes: 64 * 1024 ** 3 } });
    const emfile = Object.assign(new Error('EMFILE: too many open files, uv_resident_set_memory'), {
      code: 'EMFILE',
    });
    const read = vi.spyOn(process, 'memoryUsage').mockImplementation(() => {
      throw emfile;
    });
    // Several samples (every 20 ms) meet the error; none may escape the timer.
    await waitFor(() => read.mock.calls.length >= 5, 2_000);
    expect(read.mock.calls.length).toBeGreaterThanOrEqual(5);
    expect(app.isUnderPressure()).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/shop/products' })).statusCode).toBe(200);
  });

  it(
    'sheds load while the event loop lags, and serves again once it has caught up',
    { timeout: 60_000 },
    async () => {
      app = await buildTestApp({
        underPressure: { ...off, maxEventLoopDelayMs: 300, sampleIntervalMs: 1_000 },
      });
      // The app's own start (and a loaded test machine) may lag the loop at first: wait for calm.
      expect(await waitFor(() => !app!.isUnderPressure(), 10_000)).toBe(true);
      expect((await app.inject({ method: 'GET', url: '/api/shop/products' })).statusCode).toBe(200);
      // A synchronous stall, as a runaway computation would cause. The flag holds for one sample
      // (1 s, long enough for a request on a busy test machine to meet it; at 200 ms a loaded
      // machine let the flag clear before the request was routed), so the stall is repeated until a
      // request meets the shedding (a few tries at most), and it must be the overloaded 503.
      let shed: { statusCode: number; body: string } | null = null;
      for (let attempt = 0; attempt < 5 && !shed; attempt++) {
        stall(2_000);
        if (!(await waitFor(() => app!.isUnderPressure(), 2_000))) continue;
        const res = await app.inject({ method: 'GET', url: '/api/shop/products' });
        if (res.statusCode !== 200) shed = res;
      }
      expect(shed?.statusCode).toBe(503);
      expect(JSON.parse(shed!.body)).toMatchObject({ code: 'overloaded' });
      expect(await waitFor(() => !app!.isUnderPressure(), 10_000)).toBe(true);
      expect((await app.inject({ method: 'GET', url: '/api/shop/products' })).statusCode).toBe(200);
    },
  );

  it(
    'sees a stall that begins right after a sample (the histogram has no record of it)',
    { timeout: 30_000 },
    async () => {
      app = await buildTestApp({
        underPressure: { ...off, maxEventLoopDelayMs: 300, sampleIntervalMs: 1_000 },
      });
      expect(await waitFor(() => !app!.isUnderPressure(), 10_000)).toBe(true);
      // The sample reads the memory last: the stall is queued from inside it, after the reset.
      const read = process.memoryUsage.bind(process);
      let stalled = false;
      vi.spyOn(process, 'memoryUsage').mockImplementation(() => {
        if (!stalled) {
          stalled = true;
          setImmediate(() => {
            stall(2_500);
          });
        }
        return read();
      });
      // The flag holds for the one sample after the stall (1 s): too short to route a request
      // through reliably on a loaded machine (a CI run met it cleared), and a raised flag sheds as
      // the test above proves.
      expect(await waitFor(() => app!.isUnderPressure(), 5_000)).toBe(true);
      expect(await waitFor(() => !app!.isUnderPressure(), 5_000)).toBe(true);
    },
  );

  it(
    'does not count a stall of the start-up, before listening, as lag of the first requests',
    { timeout: 60_000 },
    async () => {
      app = await buildTestApp({
        underPressure: { ...off, maxEventLoopDelayMs: 300, sampleIntervalMs: 1_000 },
      });
      // A start-up that lags the loop (a scale CI run saw a mean of 1.06 s while four instances
      // booted on two cores): stalls of 450 ms, a turn of the loop between them, until a sample
      // has seen them; that sample would hold the flag for a second after listening.
      const deadline = Date.now() + 20_000;
      while (!app.isUnderPressure() && Date.now() < deadline) {
        stall(450);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(app.isUnderPressure()).toBe(true);
      await app.listen({ port: 0, host: '127.0.0.1' });
      expect(app.isUnderPressure()).toBe(false);
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const res = await fetch(`http://127.0.0.1:${port}/api/shop/products`);
      expect(res.status).toBe(200);
    },
  );

  it(
    'answers 503 database_unavailable while the pool is too busy to run select 1 within 2 s',
    { timeout: 60_000 },
    async () => {
      app = await buildTestApp({ underPressure: { ...off, dbCheckIntervalMs: 100 } });
      expect((await app.inject({ method: 'GET', url: '/api/shop/products' })).statusCode).toBe(200);
      // every connection of the pool (10) busy for 20 s: requests would queue behind them (on a
      // loaded machine opening the ten connections alone can take seconds; a CI run beside other
      // work once missed a 12 s window)
      // (longer than the pool's 15 s statement timeout, so each sleeps in a transaction of its own)
      const busy = Array.from({ length: 10 }, () =>
        app!.sql.begin(async (tx) => {
          await tx`set local statement_timeout = 30000`;
          await tx`select pg_sleep(20)`;
        }),
      );
      expect(await waitFor(() => app!.isUnderPressure(), 19_000)).toBe(true);
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/shop/products' });
      expect(performance.now() - started).toBeLessThan(500);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ code: 'database_unavailable' });
      await Promise.all(busy);
      expect(await waitFor(() => !app!.isUnderPressure(), 10_000)).toBe(true);
      expect((await app.inject({ method: 'GET', url: '/api/shop/products' })).statusCode).toBe(200);
    },
  );
});

describe('loopDelay', () => {
  it('is the mean less the timer resolution, and the whole window when the timer never ticked twice', () => {
    expect(loopDelay({ count: 90, mean: 11e6 }, 1_000)).toBeCloseTo(1, 6);
    expect(loopDelay({ count: 2, mean: 450e6 }, 1_350)).toBeCloseTo(440, 6);
    expect(loopDelay({ count: 0, mean: Number.NaN }, 2_500)).toBe(2_490);
    // a window cut short (the listen reset just before a sample) is no delay
    expect(loopDelay({ count: 0, mean: Number.NaN }, 4)).toBe(0);
  });
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testRedisConfig } from '../../test/helper';
import { READY_CHECK_TIMEOUT_MS } from './readiness';

/*
 * GET /api/health/ready: every named check a plugin registered (database, Redis, storage…), in
 * parallel, each bounded; /api/health stays the liveness answer.
 */
let storageUp = true;
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ redis: testRedisConfig() });
  // what the object-storage plugin does: register its own probe
  await app.register(
    fp(async (instance) => {
      instance.readiness.add('storage', async () => {
        if (!storageUp) throw new Error('bucket gone: s3://secret-bucket');
      });
    }),
  );
});
afterAll(() => app.close());

describe('GET /api/health/ready', () => {
  it('reports each dependency, ready when all are up', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: [
        { name: 'redis', status: 'up', latency_ms: expect.any(Number) },
        { name: 'database', status: 'up', latency_ms: expect.any(Number) },
        { name: 'storage', status: 'up', latency_ms: expect.any(Number) },
      ],
    });
  });

  it('answers 503 naming the dependency that failed, without its error text', async () => {
    storageUp = false;
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().checks).toContainEqual({
        name: 'storage',
        status: 'down',
        latency_ms: expect.any(Number),
        detail: 'error',
      });
      expect(res.body).not.toContain('secret-bucket');
      // liveness is another question
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      storageUp = true;
    }
  });

  it('bounds a check that hangs', { timeout: READY_CHECK_TIMEOUT_MS + 5_000 }, async () => {
    const slow = await buildTestApp();
    try {
      slow.readiness.add('stuck', () => new Promise(() => {}));
      const started = performance.now();
      const res = await slow.inject({ method: 'GET', url: '/api/health/ready' });
      expect(performance.now() - started).toBeLessThan(READY_CHECK_TIMEOUT_MS + 1_000);
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toContainEqual(
        expect.objectContaining({ name: 'stuck', status: 'down', detail: 'timeout' }),
      );
      expect(() => slow.readiness.add('stuck', async () => {})).toThrow(/already registered/);
    } finally {
      await slow.close();
    }
  });

  it('is not rate limited', async () => {
    const limited = await buildTestApp({
      rateLimit: { max: 2, authMax: 10, authWindowS: 60 },
    });
    try {
      for (let i = 0; i < 5; i++) {
        expect((await limited.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(
          200,
        );
      }
    } finally {
      await limited.close();
    }
  });
});

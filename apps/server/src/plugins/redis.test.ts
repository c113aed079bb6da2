import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/factories';
import { buildTestApp, testRedisConfig } from '../../test/helper';
import { startRedisServer, type RedisServer } from '../../test/services/redis-server';

/*
 * What Redis going away means (decision 027): sign-in refuses with 503 rather than guess without
 * limit, the general API limit lets requests through, caches render anew, readiness says so, and
 * nothing waits longer than the command timeout. Its own redis-server, so stopping it touches no
 * other test file.
 */
const COMMAND_TIMEOUT_MS = 200;

let server: RedisServer;
let app: FastifyInstance;
let user: CreatedUser;
beforeAll(async () => {
  server = await startRedisServer();
  app = await buildTestApp({
    redis: { url: server.url, keyPrefix: 'outage:', commandTimeoutMs: COMMAND_TIMEOUT_MS },
    rateLimit: { max: 1000, authMax: 5, authWindowS: 60 },
  });
  user = await createUser(app);
});
afterAll(async () => {
  await app.close();
  await server.close();
});

const login = (password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: '10.30.0.1',
    payload: { email: user.user.email, password },
  });
const timed = async <T>(fn: () => Promise<T>) => {
  const started = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - started };
};

describe('the redis plugin', () => {
  it('is null without REDIS_URL, and the app works as one process', async () => {
    const plain = await buildTestApp();
    try {
      expect(plain.redis).toBeNull();
      const ready = await plain.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.json().checks.map((c: { name: string }) => c.name)).toEqual(['database']);
    } finally {
      await plain.close();
    }
  });

  it('connects at start under the key prefix, and quits when the app closes', async () => {
    const config = testRedisConfig();
    const own = await buildTestApp({ redis: config });
    const client = own.redis!;
    expect(client.status).toBe('ready');
    await client.set('probe', '1');
    const raw = new Redis(config.url);
    try {
      expect(await raw.get(`${config.keyPrefix}probe`)).toBe('1');
      await own.close();
      expect(client.status).toBe('end');
    } finally {
      raw.disconnect();
    }
  });
});

describe('when Redis is down', () => {
  it('answers sign-in 503 at once (never unlimited guessing, never a hang), then recovers', async () => {
    expect((await login('wrong-password')).statusCode).toBe(401);
    await server.stop();

    const { result: down, ms } = await timed(() => login(user.password));
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({
      detail: expect.stringMatching(/try again in a few seconds/i),
      code: 'temporarily_unavailable',
    });
    expect(ms).toBeLessThan(1_000);

    // registration and the account's password checks are credential limits too
    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Down',
        email: `down.${Date.now()}@example.test`,
        password: 'secret-pass',
        confirmPassword: 'secret-pass',
      },
    });
    expect(register.statusCode).toBe(503);
    const change = await app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: user.headers,
      payload: { currentPassword: 'x', password: 'new-secret-1', confirmPassword: 'new-secret-1' },
    });
    expect(change.statusCode).toBe(503);

    // the general API limit lets requests through: the rest of the app keeps working
    const products = await app.inject({ method: 'GET', url: '/api/shop/products' });
    expect(products.statusCode).toBe(200);

    // readiness says which dependency is missing; liveness stays up
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json()).toMatchObject({
      status: 'not_ready',
      checks: expect.arrayContaining([
        expect.objectContaining({ name: 'database', status: 'up' }),
        expect.objectContaining({ name: 'redis', status: 'down', detail: 'error' }),
      ]),
    });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await server.start();
    // the client reconnects by itself (retry every 100 ms … 2 s)
    const deadline = Date.now() + 10_000;
    while (app.redis!.status !== 'ready' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await login(user.password)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('fails a slow Redis after the command timeout instead of waiting for it', async () => {
    // CLIENT PAUSE holds every client's commands for a while: Redis is up but does not answer.
    const PAUSE_MS = 1_500;
    const admin = new Redis(server.url);
    try {
      await admin.call('CLIENT', 'PAUSE', String(PAUSE_MS), 'ALL');
      const pausedAt = Date.now();
      const { result, ms } = await timed(() => login(user.password));
      expect(result.statusCode).toBe(503);
      expect(ms).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 20);
      expect(ms).toBeLessThan(PAUSE_MS - 100);
      // once the pause is over, the same client answers again
      await new Promise((r) =>
        setTimeout(r, Math.max(0, PAUSE_MS + 100 - (Date.now() - pausedAt))),
      );
    } finally {
      admin.disconnect();
    }
    expect((await login(user.password)).statusCode).toBe(200);
  });
});

import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestInstances, testRedisConfig } from '../../../test/helper';
import { IP_FACTOR } from './rate-limits';

/*
 * Limits across instances (decision 027): two apps on one database, as behind a load balancer,
 * once sharing a Redis and once each counting in its own memory (the control).
 */
const AUTH_MAX = 4;
const WINDOW_S = 60;
/** Requests per minute per IP across /api. */
const API_MAX = 40;

interface Pair {
  a: FastifyInstance;
  b: FastifyInstance;
  close(): Promise<void>;
}

async function pair(shared: boolean, prefix?: string): Promise<Pair> {
  const { apps, close } = await buildTestInstances(2, {
    rateLimit: { max: API_MAX, authMax: AUTH_MAX, authWindowS: WINDOW_S, slowdownMaxMs: 50 },
    redis: shared ? testRedisConfig(prefix ? { keyPrefix: prefix } : {}) : null,
  });
  return { a: apps[0]!, b: apps[1]!, close };
}

const wrongLogin = (app: FastifyInstance, email: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { email, password: 'not-the-password' },
  });

describe('with Redis, two instances count as one', () => {
  const prefix = `test-shared-${process.pid}-${Date.now()}:`;
  let instances: Pair;
  let victim: CreatedUser;
  let redis: Redis;
  beforeAll(async () => {
    instances = await pair(true, prefix);
    victim = await createUser(instances.a);
    redis = new Redis(testRedisConfig().url);
  });
  afterAll(async () => {
    redis.disconnect();
    await instances.close();
  });

  it('refuses the (account, IP) pair past the limit whichever instance gets the attempt', async () => {
    const ip = '10.20.0.1';
    for (let i = 0; i < AUTH_MAX; i++) {
      const app = i % 2 === 0 ? instances.a : instances.b;
      expect((await wrongLogin(app, victim.user.email, ip)).statusCode).toBe(401);
    }
    for (const app of [instances.a, instances.b]) {
      const res = await wrongLogin(app, victim.user.email, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(WINDOW_S - 10);
      // the right password from that pair is refused too, on both
      const right = await instances.b.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: victim.user.email, password: victim.password },
      });
      expect(right.statusCode).toBe(429);
    }
  });

  it('keeps only hashed, expiring keys: no email or address, each gone after the window', async () => {
    const keys = await redis.keys(`${prefix}auth:*`);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const key of keys) {
      expect(key).not.toContain('@');
      expect(key).not.toContain('10.20.0.1');
      expect(key.length).toBeLessThan(prefix.length + 60);
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(WINDOW_S * 1000);
    }
  });

  it('counts one IP trying many accounts across both', async () => {
    const ip = '10.20.1.1';
    for (let i = 0; i < AUTH_MAX * IP_FACTOR; i++) {
      const app = i % 2 === 0 ? instances.a : instances.b;
      expect((await wrongLogin(app, `many${i}@example.test`, ip)).statusCode).toBe(401);
    }
    expect((await wrongLogin(instances.a, 'one-more@example.test', ip)).statusCode).toBe(429);
    expect((await wrongLogin(instances.b, 'and-more@example.test', ip)).statusCode).toBe(429);
  });

  it('shares the general API limit and the registration limit', async () => {
    const ip = '10.20.2.1';
    const statuses: number[] = [];
    const limitHeaders: boolean[] = [];
    for (let i = 0; i < API_MAX + 2; i++) {
      const app = i % 2 === 0 ? instances.a : instances.b;
      const res = await app.inject({ method: 'GET', url: '/api/geo/ip', remoteAddress: ip });
      statuses.push(res.statusCode);
      limitHeaders.push(res.headers['x-ratelimit-limit'] !== undefined);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // API_MAX per minute per IP in all: the next two are refused, on A and on B
    expect(statuses.slice(0, API_MAX).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(API_MAX)).toEqual([429, 429]);
    // The x-ratelimit-* headers come with the refusals only (decision 103).
    expect(limitHeaders).toEqual(statuses.map((s) => s === 429));

    const register = (app: FastifyInstance, i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '10.20.3.1',
        payload: {
          name: 'Shared Limit',
          email: `shared${i}.${Date.now()}@example.test`,
          password: 'secret-pass',
          confirmPassword: 'secret-pass',
        },
      });
    for (let i = 0; i < AUTH_MAX; i++) {
      expect((await register(i % 2 === 0 ? instances.a : instances.b, i)).statusCode).toBe(201);
    }
    expect((await register(instances.a, 98)).statusCode).toBe(429);
    expect((await register(instances.b, 99)).statusCode).toBe(429);
  });
});

describe('the control: without Redis each instance counts alone', () => {
  let instances: Pair;
  let victim: CreatedUser;
  beforeAll(async () => {
    instances = await pair(false);
    victim = await createUser(instances.a);
  });
  afterAll(() => instances.close());

  it('lets an attacker alternating between two instances guess twice as often', async () => {
    const ip = '10.21.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 2 * AUTH_MAX + 2; i++) {
      const app = i % 2 === 0 ? instances.a : instances.b;
      statuses.push((await wrongLogin(app, victim.user.email, ip)).statusCode);
    }
    expect(statuses.slice(0, 2 * AUTH_MAX)).toEqual(Array(2 * AUTH_MAX).fill(401));
    expect(statuses.slice(2 * AUTH_MAX)).toEqual([429, 429]);
  });
});

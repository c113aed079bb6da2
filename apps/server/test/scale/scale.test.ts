import { HealthResponse, ReadyResponse } from '@lumiskin/contract/health';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RedisServer } from '../services/redis-server';
import { eventually, Stack, type Instance } from './harness';

/*
 * The proof of issue 16 (items 1, 4, 5): app instances as separate processes on one PostgreSQL
 * (Debian's) behind an imaginary balancer. A and B share a redis-server; C and D are the control,
 * the same build counting in its own memory, as every instance did before REDIS_URL existed.
 */
const ADMIN = { email: 'scale-admin@example.test', password: 'scale-admin-pass-2026' };
/** RATE_LIMIT_AUTH_MAX's default: failures per (account, IP) in the window. */
const AUTH_MAX = 10;

let stack: Stack;
let redis: RedisServer;
let sql: postgres.Sql;
let a: Instance;
let b: Instance;
let c: Instance;
let d: Instance;

beforeAll(async () => {
  stack = new Stack();
  const [pg, redisServer] = await Promise.all([stack.postgres(), stack.redis()]);
  redis = redisServer;
  sql = postgres(pg.url, { max: 2, onnotice: () => {} });
  stack.track('sql', () => sql.end({ timeout: 5 }));
  const common = {
    DATABASE_URL: pg.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // only the credential limits are under test; the general one stays out of the way
    RATE_LIMIT_MAX: '100000',
  };
  // All four boot at once on the fresh database, as a deployment's instances would.
  [a, b, c, d] = await Promise.all([
    stack.instance('A', { ...common, REDIS_URL: redis.url }),
    stack.instance('B', { ...common, REDIS_URL: redis.url }),
    stack.instance('C', common),
    stack.instance('D', common),
  ]);
});
afterEach((context) => {
  // what the instances said, when a scenario failed
  if (context.task.result?.state === 'fail') console.error(stack.logs());
});
afterAll(async () => {
  await stack?.stop();
});

async function call(
  instance: Instance,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; headers: Headers; text: string; json: () => unknown }> {
  const res = await fetch(`${instance.url}${url}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

const login = (instance: Instance, email: string, password: string) =>
  call(instance, 'POST', '/api/auth/login', { email, password });

async function registerUser(instance: Instance, email: string, password: string) {
  const res = await call(instance, 'POST', '/api/auth/register', {
    name: 'Scale Person',
    email,
    password,
    confirmPassword: password,
  });
  expect(res.status).toBe(201);
}

describe('boot', () => {
  it('seeds the content once although four instances booted together', () => {
    const outputs = [a, b, c, d].map((instance) => instance.output());
    const seeded = outputs.filter((o) => /seeded content version/.test(o));
    const skipped = outputs.filter((o) => /content version \w+ is seeded already/.test(o));
    expect(seeded).toHaveLength(1);
    expect(skipped).toHaveLength(3);
  });
});

describe('the login limit across instances', () => {
  it('refuses the attempt past the limit whichever instance gets it (shared Redis)', async () => {
    const email = `victim.${Date.now()}@example.test`;
    await registerUser(a, email, 'the-right-password');
    const statuses: string[] = [];
    for (let i = 0; i < AUTH_MAX; i++) {
      const instance = i % 2 === 0 ? a : b;
      statuses.push(`${instance.name}:${(await login(instance, email, `wrong-${i}`)).status}`);
    }
    expect(statuses).toEqual(
      Array.from({ length: AUTH_MAX }, (_, i) => `${i % 2 === 0 ? 'A' : 'B'}:401`),
    );
    // the 11th, on either instance, with a wrong or even the right password
    for (const [instance, password] of [
      [a, 'wrong-a'],
      [b, 'wrong-b'],
      [a, 'the-right-password'],
    ] as const) {
      const res = await login(instance, email, password);
      expect(res.status).toBe(429);
      expect(res.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('control: counted per process, C and D together let twice as many guesses through', async () => {
    const email = `control.${Date.now()}@example.test`;
    await registerUser(c, email, 'the-right-password');
    const statuses: number[] = [];
    for (let i = 0; i < 2 * AUTH_MAX + 2; i++) {
      statuses.push((await login(i % 2 === 0 ? c : d, email, `wrong-${i}`)).status);
    }
    // attempts 11 to 20 were refused by A and B above; here they are all answered
    expect(statuses.slice(0, 2 * AUTH_MAX)).toEqual(Array(2 * AUTH_MAX).fill(401));
    expect(statuses.slice(2 * AUTH_MAX)).toEqual([429, 429]);
  });
});

describe('the public page cache across instances', () => {
  it("an admin's edit on A replaces the page B has cached", async () => {
    const admin = await login(a, ADMIN.email, ADMIN.password);
    expect(admin.status).toBe(200);
    const { access_token: token } = admin.json() as { access_token: string };
    const [product] = await sql<{ id: string; name: string }[]>`
      select id, name from products where hidden = false order by position limit 1`;
    const pageUrl = `/shop/${product!.id}`;

    const first = await call(b, 'GET', pageUrl);
    expect(first.status).toBe(200);
    expect(first.text).toContain(`${product!.name}</h1>`);

    // Control: a change that bypasses the app is not seen while B's page is cached (5 s).
    await sql`update products set name = ${`${product!.name} Direct`} where id = ${product!.id}`;
    const cached = await call(b, 'GET', pageUrl);
    expect(cached.text).toBe(first.text);

    const edited = `${product!.name} Edited On A`;
    const edit = await call(
      a,
      'PATCH',
      `/api/admin/products/${product!.id}`,
      { name: edited },
      token,
    );
    expect(edit.status).toBe(200);
    const after = await call(b, 'GET', pageUrl);
    expect(after.status).toBe(200);
    expect(after.text).toContain(`${edited}</h1>`);
  });
});

describe('readiness', () => {
  const ready = async (instance: Instance) => {
    const res = await call(instance, 'GET', '/api/health/ready');
    return { status: res.status, body: ReadyResponse.parse(res.json()), res };
  };

  it('reports each dependency of each instance', async () => {
    for (const instance of [a, b]) {
      const { status, body } = await ready(instance);
      expect(status).toBe(200);
      expect(body.status).toBe('ready');
      expect(Object.fromEntries(body.checks.map((check) => [check.name, check.status]))).toEqual({
        redis: 'up',
        database: 'up',
        load: 'up',
      });
    }
    // without REDIS_URL there is no Redis to check
    const { body } = await ready(c);
    expect(body.checks.map((check) => check.name).sort()).toEqual(['database', 'load']);
  });

  it('answers 503 while Redis is stopped (alive all the while), and ready again once it is back', async () => {
    await redis.stop();
    try {
      for (const instance of [a, b]) {
        const { status, body, res } = await ready(instance);
        expect(status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(body.checks).toContainEqual(
          expect.objectContaining({ name: 'redis', status: 'down' }),
        );
        expect(body.checks).toContainEqual(
          expect.objectContaining({ name: 'database', status: 'up' }),
        );
        const alive = await call(instance, 'GET', '/api/health');
        expect(alive.status).toBe(200);
        expect(HealthResponse.parse(alive.json()).status).toBe('ok');
      }
      // sign-in refuses rather than count nothing
      const refused = await login(b, ADMIN.email, ADMIN.password);
      expect(refused.status).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'temporarily_unavailable' });
    } finally {
      await redis.start();
    }
    for (const instance of [a, b]) {
      expect(await eventually(async () => (await ready(instance)).status === 200)).toBe(true);
    }
    expect((await login(b, ADMIN.email, ADMIN.password)).status).toBe(200);
  });
});

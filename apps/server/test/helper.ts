import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app';
import type { AppConfig, RedisConfig } from '../src/config';

/** Config for tests: quiet, API only, limits high enough that only rate-limit tests meet them. */
export const testConfig: AppConfig = {
  logLevel: 'silent',
  tokenTtlDays: 30,
  rateLimit: { max: 100_000, authMax: 10_000, authWindowS: 60 },
  trustProxy: false,
  bodyLimitBytes: 256 * 1024,
  requestTimeoutMs: 30_000,
  webDist: null,
  version: 'test',
};

async function withAdmin<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(inject('pgAdminUrl'), { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * The run's redis-server under a key prefix of its own, so apps of different tests never see each
 * other's counters or pages. Apps built with the same config share state, like instances.
 */
export function testRedisConfig(overrides: Partial<RedisConfig> = {}): RedisConfig {
  return {
    url: inject('redisUrl'),
    keyPrefix: `test-${crypto.randomBytes(6).toString('hex')}:`,
    commandTimeoutMs: 500,
    ...overrides,
  };
}

/** A new database cloned from the migrated template; returns its URL and a drop function. */
export async function createTestDatabase(): Promise<{
  url: string;
  name: string;
  drop(): Promise<void>;
}> {
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin((sql) =>
    sql.unsafe(`create database ${name} template ${inject('templateDatabase')}`),
  );
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdmin((sql) => sql.unsafe(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

/**
 * The app on a fresh database of its own, not listening (use `app.inject()`). Closing the app
 * drops the database. Routes may still be added before the first inject.
 */
export async function buildTestApp(
  overrides: Partial<BuildAppOptions> = {},
): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  const app = await buildApp({ ...testConfig, databaseUrl: database.url, ...overrides });
  const close = app.close.bind(app);
  let closed: Promise<void> | undefined;
  // Drop only after the app's own onClose hooks closed its pool.
  app.close = (() => (closed ??= close().then(() => database.drop()))) as FastifyInstance['close'];
  return app;
}

/** Collects everything the logger writes, to assert on what is (not) logged. */
export function captureLogs(): {
  stream: Writable;
  text(): string;
  lines(): Record<string, unknown>[];
} {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const text = () => chunks.join('');
  return {
    stream,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/**
 * `count` apps on one fresh database, as instances behind a balancer would be: give them one
 * `redis` config (one key prefix) and they share limits and caches, or none and each counts alone.
 */
export async function buildTestInstances(
  count: number,
  overrides: Partial<BuildAppOptions> | ((index: number) => Partial<BuildAppOptions>) = {},
): Promise<{ apps: FastifyInstance[]; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const apps: FastifyInstance[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const own = typeof overrides === 'function' ? overrides(i) : overrides;
      apps.push(await buildApp({ ...testConfig, databaseUrl: database.url, ...own }));
    }
  } catch (error) {
    await Promise.all(apps.map((app) => app.close()));
    await database.drop();
    throw error;
  }
  return {
    apps,
    async close() {
      await Promise.all(apps.map((app) => app.close()));
      await database.drop();
    },
  };
}

/** Polls `check` until it returns something truthy (that value), or fails after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

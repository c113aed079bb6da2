// Shared set-up of the server benches: a throwaway PostgreSQL, a migrated app on it, a signed-in
// user. Limits are lifted so the bench measures the work, not the rate limiter.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { ensureDatabase, runMigrations } from '../src/db/migrate';
import { createSession, insertUser } from '../src/modules/auth/repository';

export type BenchPostgres = Awaited<ReturnType<typeof startEmbeddedPostgres>>;

/** Runs `fn` with a private PostgreSQL in a temp dir, always stopped and removed afterwards. */
export async function withBenchPostgres<T>(name: string, fn: (pg: BenchPostgres) => Promise<T>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lumiskin-bench-${name}-`));
  fs.chmodSync(dir, 0o711); // the unprivileged postgres user must enter it when we run as root
  const pg = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    passwordFile: path.join(dir, 'pg-password'),
    logFile: path.join(dir, 'postgres.log'),
  });
  try {
    return await fn(pg);
  } finally {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The app on a freshly migrated database `database` of that server. */
export async function buildBenchApp(
  pg: BenchPostgres,
  database: string,
  overrides: Partial<BuildAppOptions> = {},
): Promise<FastifyInstance> {
  await ensureDatabase(pg.url(), database);
  await runMigrations(pg.url(database));
  return buildApp({
    databaseUrl: pg.url(database),
    logLevel: 'warn',
    tokenTtlDays: 30,
    rateLimit: { max: 1e9, authMax: 1e9, authWindowS: 60 },
    trustProxy: false,
    bodyLimitBytes: 1024 * 1024,
    requestTimeoutMs: 30_000,
    webDist: null,
    version: 'bench',
    ...overrides,
  });
}

/** A user with a live session: `{ userId, token, headers }`. */
export async function createBenchUser(app: FastifyInstance) {
  const user = await insertUser(app.db, {
    name: 'Bench',
    email: 'bench@example.test',
    password: 'bench-password',
  });
  if (!user) throw new Error('bench user not created');
  const { token } = await createSession(app.db, {
    userId: user.id,
    ttlDays: 1,
    userAgent: 'bench',
  });
  return { userId: user.id, token, headers: { authorization: `Bearer ${token}` } };
}

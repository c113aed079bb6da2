import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { ensureDatabase, runMigrations } from '../src/db/migrate';
import { startRedisServer } from './services/redis-server';

export const TEMPLATE_DATABASE = 'lumiskin_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the run's PostgreSQL (database `postgres`). */
    pgAdminUrl: string;
    templateDatabase: string;
    /** The run's redis-server (Debian's); tests keep apart by key prefix (test/helper.ts). */
    redisUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-test-pg-'));
  fs.chmodSync(dir, 0o711); // as root, postgres runs as another user that must enter it
  const pg = await startEmbeddedPostgres({
    dir: path.join(dir, 'pg'),
    passwordFile: path.join(dir, 'pg-password'),
    logFile: path.join(dir, 'postgres.log'),
    // A throwaway cluster: durability off for speed (the app's own cluster never does this).
    settings: {
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: '300',
    },
  });
  try {
    await ensureDatabase(pg.url(), TEMPLATE_DATABASE);
    await runMigrations(pg.url(TEMPLATE_DATABASE));
  } catch (error) {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  try {
    redis = await startRedisServer();
  } catch (error) {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('pgAdminUrl', pg.url());
  project.provide('templateDatabase', TEMPLATE_DATABASE);
  project.provide('redisUrl', redis.url);

  return async () => {
    await redis.close();
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

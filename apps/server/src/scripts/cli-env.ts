import { parseEnv, ConfigError, type Env } from '../config';
import path from 'node:path';
import { prepareDatabase, runningClusterUrl, type PreparedDatabase } from '../db/database';
import { createDbClient, type DbClient } from '../db/client';

/** For the npm scripts: the same env and database the server would use (embedded or DATABASE_URL). */
export async function openForScript(): Promise<{
  env: Env;
  database: PreparedDatabase;
  client: DbClient;
}> {
  let env: Env;
  try {
    // The scripts read only where the database is: the server's start-up admin (ADMIN_EMAIL with
    // ADMIN_PASSWORD) does not concern them, and create-admin takes ADMIN_PASSWORD on its own.
    const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...rest } = process.env;
    env = parseEnv(rest);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // `npm run x -w @lumiskin/server` runs in apps/server; a relative DATA_DIR means the directory
  // npm was started from, as for the server (`npm start` at the repository root uses ./data).
  const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  const running = env.DATABASE_URL ? null : runningClusterUrl(dataDir);
  const database: PreparedDatabase = running
    ? { url: running, embedded: null, release: async () => {} }
    : await prepareDatabase({ databaseUrl: env.DATABASE_URL, dataDir, log: console.log });
  return { env, database, client: createDbClient(database.url, { max: 2 }) };
}

export async function closeForScript(parts: {
  database: PreparedDatabase;
  client: DbClient;
}): Promise<void> {
  await parts.client.close();
  await parts.database.release();
}

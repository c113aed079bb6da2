import { parseEnv, ConfigError, type Env } from '../config';
import { prepareDatabase, type PreparedDatabase } from '../db/database';
import { createDbClient, type DbClient } from '../db/client';

/** For the npm scripts: the same env and database the server would use (embedded or DATABASE_URL). */
export async function openForScript(): Promise<{
  env: Env;
  database: PreparedDatabase;
  client: DbClient;
}> {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await prepareDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    log: console.log,
  });
  return { env, database, client: createDbClient(database.url, { max: 2 }) };
}

export async function closeForScript(parts: {
  database: PreparedDatabase;
  client: DbClient;
}): Promise<void> {
  await parts.client.close();
  await parts.database.release();
}

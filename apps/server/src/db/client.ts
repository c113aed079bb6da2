import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';

export type Db = PostgresJsDatabase;

/** The app's database or an open transaction on it. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbClient {
  db: Db;
  sql: postgres.Sql;
  close(): Promise<void>;
}

/** A stopped database fails requests within this, instead of postgres.js's 30 s default. */
const CONNECT_TIMEOUT_S = 3;
/** No API statement should run longer; a stuck one becomes a 503, not a hung request. */
const STATEMENT_TIMEOUT_MS = 15_000;

export function createDbClient(url: string, options: { max?: number } = {}): DbClient {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connect_timeout: CONNECT_TIMEOUT_S,
    connection: {
      application_name: 'lumiskin',
      statement_timeout: STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: 60_000,
    },
  });
  return { db: drizzle(sql), sql, close: () => sql.end({ timeout: 5 }) };
}

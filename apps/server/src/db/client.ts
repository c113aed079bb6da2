import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';

export type Db = PostgresJsDatabase;

export interface DbClient {
  db: Db;
  sql: postgres.Sql;
  close(): Promise<void>;
}

export function createDbClient(url: string, options: { max?: number } = {}): DbClient {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { application_name: 'lumiskin' },
  });
  return { db: drizzle(sql), sql, close: () => sql.end({ timeout: 5 }) };
}

import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { installJobQueue } from '../modules/jobs/queue';
import { migrationsFolder } from '../paths';

/** Arbitrary constant: serialises migrators of several app instances on one database. */
const MIGRATION_LOCK = 7_245_100;

/**
 * Applies the committed drizzle-kit migrations (apps/server/drizzle) that are not applied yet,
 * then installs or upgrades the job queue's own tables (pg-boss, decision 029).
 */
export async function runMigrations(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(drizzle(sql), { migrationsFolder });
    await installJobQueue(url);
    await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Creates `name` on the server of `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select 1 as found from pg_database where datname = ${name}`;
    if (!row) await sql.unsafe(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

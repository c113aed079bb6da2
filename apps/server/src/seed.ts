import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import type { Seeder } from './db/seeder';
import { contentVersions } from './modules/content/schema';
import { migrationsFolder } from './paths';
import { demoUserSeeder } from './modules/auth/seed';
import { blogPostsSeeder } from './modules/blog/seed';
import { productsSeeder } from './modules/shop/seed';
import { quizBankSeeder } from './modules/quiz/seed';

/**
 * The product's own content (catalogue, articles, quiz bank): seeded on any database, embedded or
 * external, so a fresh DATABASE_URL serves a working shop, blog and quiz; at start only when the
 * content version changed (seedContentOnce). Modules add theirs here, one line each, in dependency
 * order.
 */
export const contentSeeders: Seeder[] = [quizBankSeeder, productsSeeder, blogPostsSeeder];

/** Demo accounts: only on the embedded database (zero set-up) unless SEED_DEMO=false. */
export const demoSeeders: Seeder[] = [demoUserSeeder];

export const seeders: Seeder[] = [...contentSeeders, ...demoSeeders];

/** Arbitrary constant: one key so that app instances starting together seed one at a time. */
const SEED_LOCK_KEY = 7_349_120_431;

export async function runSeeders(
  db: Db,
  log: (message: string) => void,
  list: Seeder[] = seeders,
): Promise<void> {
  // One transaction: all or nothing, and its advisory lock makes app instances that start together
  // against one external database take turns instead of racing the same upserts. Seeders' own
  // transactions become savepoints inside it.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    for (const seeder of list) {
      await seeder.run(tx as unknown as Db, (message) => log(`seed ${seeder.name}: ${message}`));
    }
  });
}

/**
 * The version of the built-in content: a hash of each content seeder's name, code and data and of
 * the migrations applied (a migration may reshape what the seeders fill). Equal on every instance
 * of one build, so they agree on whether seeding is due.
 */
export function contentVersion(list: Seeder[] = contentSeeders): string {
  let migrations: unknown = null;
  try {
    const journal = fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
    migrations = (JSON.parse(journal) as { entries: { tag: string }[] }).entries.map((e) => e.tag);
  } catch {
    // no journal (a test's own folder): the seeders alone decide
  }
  const parts = list.map((s) => [s.name, s.run.toString(), s.content ?? null]);
  return crypto.createHash('sha256').update(JSON.stringify({ parts, migrations })).digest('hex');
}

/**
 * At start: runs the content seeders only when the database's stored content version differs
 * from this build's, so N instances booting (or restarting) do not rewrite the same rows N times.
 * The advisory lock makes instances that boot together take turns: the first seeds and stores the
 * version, the others then find it and skip. Returns whether it seeded. `npm run db:seed` still
 * runs every seeder (runSeeders).
 */
export async function seedContentOnce(
  db: Db,
  log: (message: string) => void,
  list: Seeder[] = contentSeeders,
  version: string = contentVersion(list),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [stored] = await tx
      .select({ version: contentVersions.version })
      .from(contentVersions)
      .where(eq(contentVersions.name, 'content'));
    if (stored?.version === version) {
      log(`content version ${version.slice(0, 12)} is seeded already`);
      return false;
    }
    for (const seeder of list) {
      await seeder.run(tx as unknown as Db, (message) => log(`seed ${seeder.name}: ${message}`));
    }
    await tx
      .insert(contentVersions)
      .values({ name: 'content', version, seededAt: sql`now()` })
      .onConflictDoUpdate({
        target: contentVersions.name,
        set: { version, seededAt: sql`now()` },
      });
    log(`seeded content version ${version.slice(0, 12)}`);
    return true;
  });
}

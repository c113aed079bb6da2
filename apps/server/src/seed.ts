import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { demoUserSeeder } from './modules/auth/seed';
import { blogPostsSeeder } from './modules/blog/seed';
import { productsSeeder } from './modules/shop/seed';
import { quizBankSeeder } from './modules/quiz/seed';

/** Seeded data. Each seeder must be idempotent: it runs at every start. */
export interface Seeder {
  name: string;
  run(db: Db, log: (message: string) => void): Promise<void>;
}

/**
 * The product's own content (catalogue, articles, quiz bank): upserted at every start on any
 * database, embedded or external, so a fresh DATABASE_URL serves a working shop, blog and quiz.
 * Modules add theirs here, one line each, in dependency order.
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

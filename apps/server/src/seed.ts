import type { Db } from './db/client';
import { demoUserSeeder } from './modules/auth/seed';
import { blogPostsSeeder } from './modules/blog/seed';
import { productsSeeder } from './modules/shop/seed';
import { quizBankSeeder } from './modules/quiz/seed';

/** Demo content. Each seeder must be idempotent: it runs at every start of the embedded database. */
export interface Seeder {
  name: string;
  run(db: Db, log: (message: string) => void): Promise<void>;
}

/** Modules add theirs here, one line each, in dependency order. */
export const seeders: Seeder[] = [demoUserSeeder, quizBankSeeder, productsSeeder, blogPostsSeeder];

export async function runSeeders(db: Db, log: (message: string) => void, list: Seeder[] = seeders): Promise<void> {
  for (const seeder of list) {
    await seeder.run(db, (message) => log(`seed ${seeder.name}: ${message}`));
  }
}

import type { Db } from './client';

/** Seeded data. Each seeder must be idempotent: it may run at any start. */
export interface Seeder {
  name: string;
  run(db: Db, log: (message: string) => void): Promise<void>;
  /** The data it writes: part of the content version (a change seeds again at the next start). */
  content?: unknown;
}

import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Which version of the built-in content (catalogue, articles, quiz bank) this database was seeded
 * with: instances that boot with the same version skip the seeders (seed.ts, seedContentOnce).
 */
export const contentVersions = pgTable('content_versions', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});

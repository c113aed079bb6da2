import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row the health check rewrites: proves the database still takes writes (a full disk or
 * a read-only replica answers `select 1` but not this).
 */
export const healthProbe = pgTable('health_probe', {
  id: integer('id').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});

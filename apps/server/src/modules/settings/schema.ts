import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Site settings an admin changes in the admin area (decision 032): one row per key, the value as
 * JSON and parsed by the contract on read. A key without a row has its default.
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The admin's id (no foreign key: the audit log keeps who they were after a deletion). */
  updatedBy: uuid('updated_by'),
  updatedByName: text('updated_by_name'),
});

export type SettingRow = typeof settings.$inferSelect;

import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/**
 * Mail written while no SMTP_URL is set (the embedded default): kept here and logged, so a
 * developer or a test can read the reset link. Deleted with the user it was sent to.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_user_idx').on(t.userId)],
);

export type MailRow = typeof mailOutbox.$inferSelect;

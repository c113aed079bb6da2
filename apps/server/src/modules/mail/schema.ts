import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/**
 * kept: written while no SMTP_URL is set (the embedded default), for the log and /dev/mail.
 * pending: waiting for the mail job (SMTP) to send it; retried with backoff.
 * sent / failed: the job's outcome (failed once the retries are spent or the server refused).
 */
export type MailStatus = 'kept' | 'pending' | 'sent' | 'failed';

/**
 * Every outgoing mail: the outbox the mail job sends from (decision 029), and without SMTP the
 * development mailbox. Deleted with the user it was sent to, and by the clean-up job once old.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** Emptied once sent through SMTP: it may hold a single-use reset link. */
    text: text('text').notNull(),
    status: text('status').$type<MailStatus>().notNull().default('kept'),
    /** SMTP tries so far. */
    attempts: integer('attempts').notNull().default(0),
    /** The last failure's code (`smtp_451`, `ECONNECTION`…), never the server's message. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_user_idx').on(t.userId),
    index('mail_outbox_status_created_idx').on(t.status, t.createdAt),
  ],
);

export type MailRow = typeof mailOutbox.$inferSelect;

import { ROLES, SKIN_TYPES } from '@lumiskin/contract/auth';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('role', ROLES);
export const skinTypeEnum = pgEnum('skin_type', SKIN_TYPES);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull().default('user'),
    skinType: skinTypeEnum('skin_type').notNull().default('normal'),
    skinConcerns: text('skin_concerns')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    /** IANA zone the dashboard counts streak days in; the web app sends the browser's. */
    timezone: text('timezone').notNull().default('UTC'),
    // Settings tab toggles with the spec's defaults (docs/product-rules.md#profile).
    emailNotifications: boolean('email_notifications').notNull().default(true),
    // Off until the person turns it on: consent is never assumed (decision 179).
    dataSharing: boolean('data_sharing').notNull().default(false),
    marketing: boolean('marketing').notNull().default(false),
    // Reminders (decision 033): local times 'HH:MM' in `timezone`, and per-kind switches.
    morningReminderTime: text('morning_reminder_time').notNull().default('08:00'),
    eveningReminderTime: text('evening_reminder_time').notNull().default('21:00'),
    notifyRoutine: boolean('notify_routine').notNull().default(true),
    notifyDailyQuiz: boolean('notify_daily_quiz').notNull().default(true),
    notifyStreak: boolean('notify_streak').notNull().default(true),
    notifyProgressScan: boolean('notify_progress_scan').notNull().default(true),
    notifyNewArticle: boolean('notify_new_article').notNull().default(true),
    /** Scans analysed on the person's own device, no photo sent (issue 32, decision 100). */
    analyseOnDevice: boolean('analyse_on_device').notNull().default(false),
    // Dashboard goals the user sets; null = not set.
    goalTargetScore: integer('goal_target_score'),
    goalScansPerWeek: integer('goal_scans_per_week'),
    /** Set by an admin: sign-in is refused and every session was revoked at that moment. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /**
     * When the owner last proved this address (a confirmation link, an email-change link or a
     * password-reset link opened, or the operator's bootstrap); null = not proved. Only a proved
     * address may hold a staff role (decision 070).
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  // Emails are unique ignoring case; lookups use lower(email) to hit this index.
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

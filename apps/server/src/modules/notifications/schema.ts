import type { NotificationKind } from '@lumiskin/contract/notifications';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What the bell shows. `dedupe_key` makes each reminder exist once per person whatever number of
 * scheduler runs or server instances computed it ('routine_morning:2025-03-01',
 * 'new_article:<post id>'); `local_day` is the person's calendar day it was sent on, for the cap.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    localDay: date('local_day', { mode: 'string' }).notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    readAt: tstz('read_at'),
  },
  (t) => [
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** One row per browser (the push service's endpoint URL is the device's identity). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastSuccessAt: tstz('last_success_at'),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** Native app registration tokens (FCM on Android), one row per device. */
export const pushTokens = pgTable(
  'push_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    platform: text('platform').$type<'android' | 'ios'>().notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastSuccessAt: tstz('last_success_at'),
  },
  (t) => [index('push_tokens_user_idx').on(t.userId)],
);

/** Keys the server makes for itself at first start (the VAPID pair), shared by every instance. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export type NotificationRow = typeof notifications.$inferSelect;

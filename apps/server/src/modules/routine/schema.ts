import type {
  ApplicationTime,
  RoutineFrequency,
  RoutineHistoryType,
  RoutineProductType,
} from '@lumiskin/contract/routine';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/** The products of a person's routine, in the order they apply them. */
export const routineProducts = pgTable(
  'routine_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<RoutineProductType>().notNull(),
    purpose: text('purpose').notNull(),
    applicationTime: text('application_time').$type<ApplicationTime>().notNull(),
    frequency: text('frequency').$type<RoutineFrequency>().notNull(),
    notes: text('notes').notNull().default(''),
    /** ISO weekdays (1 = Monday) the step is used on; empty = no fixed days. */
    days: integer('days')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Order within the morning or evening list. */
    position: integer('position').notNull().default(0),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the step came from a scan's recommendation, that scan's time: its purpose reads that
     * scan's scores and weather, so the routine says which scan (decision 196). Null for steps a
     * person added, or whose purpose they rewrote.
     */
    fromScanAt: timestamp('from_scan_at', { withTimezone: true }),
  },
  (t) => [index('routine_products_user_idx').on(t.userId, t.applicationTime, t.position)],
);

/** Every change to a routine: what changed and why (docs/product-rules.md#routine). */
export const routineHistory = pgTable(
  'routine_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    change: text('change').notNull(),
    type: text('type').$type<RoutineHistoryType>().notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('routine_history_user_created_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * A session of the routine checked off on a day (the person's calendar day): the record routine
 * consistency counts (docs/product-rules.md#routine-consistency).
 */
export const routineCheckOffs = pgTable(
  'routine_check_offs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    session: text('session').$type<ApplicationTime>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.session] })],
);

export type RoutineProductRow = typeof routineProducts.$inferSelect;
export type RoutineHistoryRow = typeof routineHistory.$inferSelect;

import type {
  ApplicationTime,
  RoutineFrequency,
  RoutineHistoryType,
  RoutineProductType,
} from '@lumiskin/contract/routine';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /** Order within the morning or evening list. */
    position: integer('position').notNull().default(0),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
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

export type RoutineProductRow = typeof routineProducts.$inferSelect;
export type RoutineHistoryRow = typeof routineHistory.$inferSelect;

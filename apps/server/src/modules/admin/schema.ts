import { customType, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every admin/moderator write: who, what, when, before and after. Append-only: a trigger in the
 * migration refuses UPDATE and DELETE. The actor is kept by id and name, without a foreign key, so
 * the record outlives a deleted staff account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    /** 'product.price', 'user.suspend', 'article.create'… */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Product images uploaded in the admin area, re-encoded by sharp to WebP; served publicly. */
export const productImages = pgTable('product_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  webp: bytea('webp').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import type { AuditEntity, AuditEntry } from '@lumiskin/contract/admin';
import type { Role } from '@lumiskin/contract/auth';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/client';
import { auditLog, type AuditRow } from './schema';

export interface Actor {
  id: string;
  name: string;
  role: Role;
}

/** Appends one entry; written in the same transaction as the change it records. */
export async function audit(
  db: Executor,
  actor: Actor,
  entry: {
    action: string;
    entity: AuditEntity;
    entityId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    actorRole: actor.role,
    ...entry,
  });
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor_id: row.actorId,
    actor_name: row.actorName,
    actor_role: row.actorRole,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    before: row.before,
    after: row.after,
    created_at: row.createdAt.toISOString(),
  };
}

interface AuditFilter {
  entity?: string | undefined;
  entity_id?: string | undefined;
  action?: string | undefined;
  actor_id?: string | undefined;
}

function auditConditions(query: AuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.entity_id) conditions.push(eq(auditLog.entityId, query.entity_id));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.actor_id) conditions.push(eq(auditLog.actorId, query.actor_id));
  return conditions;
}

export async function listAudit(
  db: Db,
  query: AuditFilter & { page: number; page_size: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where = and(...auditConditions(query));
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(toAuditEntry), total: totals?.n ?? 0 };
}

/** At most `limit` entries, newest first, for the CSV export. */
export async function exportAudit(
  db: Db,
  query: AuditFilter,
  limit: number,
): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...auditConditions(query)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map(toAuditEntry);
}

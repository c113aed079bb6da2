import type { Routine, RoutineStep } from '@lumiskin/contract/analysis';
import {
  CONSISTENCY_WINDOWS,
  formatDays,
  RoutineMessages,
  type AddRoutineProductBody,
  type CheckOffBody,
  type SplitChange,
  type UpdateRoutineProductBody,
  type RoutineFrequency,
  type RoutineHistoryEntry,
  type RoutineProduct,
  type RoutineProductType,
  type RoutineResponse,
} from '@lumiskin/contract/routine';
import { findRoutineConflicts } from '@lumiskin/skin-advice';
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyses } from '../analysis/schema';
import { addDays } from '../../lib/streak';
import { localDay } from '../quiz/rules';
import { consistencyOf, type Clock } from './consistency';
import {
  routineCheckOffs,
  routineHistory,
  routineProducts,
  type RoutineHistoryRow,
  type RoutineProductRow,
} from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DbOrTx = Db | Tx;

export function toRoutineProduct(row: RoutineProductRow): RoutineProduct {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    purpose: row.purpose,
    application_time: row.applicationTime,
    frequency: row.frequency,
    added_date: row.addedAt.toISOString(),
    notes: row.notes,
    days: row.days,
    from_scan_date: row.fromScanAt?.toISOString() ?? null,
  };
}

export function toHistoryEntry(row: RoutineHistoryRow): RoutineHistoryEntry {
  return {
    id: row.id,
    date: row.createdAt.toISOString(),
    change: row.change,
    type: row.type,
    reason: row.reason,
  };
}

async function readRoutine(db: DbOrTx, userId: string, clock: Clock): Promise<RoutineResponse> {
  const [rows, consistency] = await Promise.all([
    db
      .select()
      .from(routineProducts)
      .where(eq(routineProducts.userId, userId))
      .orderBy(
        asc(routineProducts.position),
        asc(routineProducts.addedAt),
        asc(routineProducts.id),
      ),
    readConsistency(db, userId, clock),
  ]);
  const products = rows.map(toRoutineProduct);
  const morning = products.filter((p) => p.application_time === 'morning');
  const evening = products.filter((p) => p.application_time === 'evening');
  return {
    morning,
    evening,
    // The interpreter's rules, on every step, whoever wrote it (docs/product-rules.md#routine-conflicts).
    conflicts: findRoutineConflicts([...morning, ...evening]),
    consistency,
  };
}

/** Check-offs of the last 30 days and the day the routine began, for consistency. */
async function readConsistency(db: DbOrTx, userId: string, clock: Clock) {
  const today = localDay(clock.now, clock.timeZone);
  const [checkOffs, began] = await Promise.all([
    db
      .select({ day: routineCheckOffs.day, session: routineCheckOffs.session })
      .from(routineCheckOffs)
      .where(
        and(
          eq(routineCheckOffs.userId, userId),
          gte(routineCheckOffs.day, addDays(today, -(CONSISTENCY_WINDOWS.at(-1)! - 1))),
        ),
      ),
    // The routine began on its first change (set up, added…) or its first check-off, whichever came first.
    db.execute<{ began: string | null }>(sql`
      select least(
        (select to_char((min(${routineHistory.createdAt}) at time zone ${clock.timeZone})::date, 'YYYY-MM-DD')
           from ${routineHistory} where ${routineHistory.userId} = ${userId}),
        (select min(${routineCheckOffs.day})::text from ${routineCheckOffs}
           where ${routineCheckOffs.userId} = ${userId})) as began`),
  ]);
  return consistencyOf({ today, began: began[0]?.began ?? null, checkOffs });
}

/** Serialises routine writes of one user (a lazy setup racing an add, two tabs...). */
async function lockRoutine(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`routine:${userId}`}, 0))`);
}

async function hasRoutineOrHistory(tx: DbOrTx, userId: string): Promise<boolean> {
  const rows = await tx.execute<{ found: boolean }>(sql`
    select exists (select 1 from ${routineProducts} where ${routineProducts.userId} = ${userId})
        or exists (select 1 from ${routineHistory} where ${routineHistory.userId} = ${userId}) as found`);
  return Boolean(rows[0]?.found);
}

/** Where each step of the engine's routine sits among the spec's product types. */
const STEP_TYPES: Record<RoutineStep['kind'], RoutineProductType> = {
  cleanser: 'cleanser',
  toner: 'toner',
  // A Lumiskin base is a leave-on concentrate applied before moisturiser; boosters are actives.
  base: 'serum',
  booster: 'treatment',
  serum: 'serum',
  moisturizer: 'moisturizer',
  sunscreen: 'sunscreen',
  treatment: 'treatment',
};

/** 'start two evenings a week' → '2x per week'; anything else is daily. */
function stepFrequency(instruction: string): RoutineFrequency {
  const text = instruction.toLowerCase();
  if (/\b(two|2)\s+(evenings|mornings|nights|times|days)\s+(a|per)\s+week/.test(text))
    return '2x per week';
  if (/\b(three|3)\s+(evenings|mornings|nights|times|days)\s+(a|per)\s+week/.test(text))
    return '3x per week';
  if (/\bonce\s+(a|per)\s+week\b/.test(text)) return 'weekly';
  return 'daily';
}

export interface AnalysisForRoutine {
  id: string;
  createdAt: Date;
  routine: Routine;
}

/**
 * Sets the user's routine to the one recommended by `analysis` and logs a 'setup' history entry.
 *
 * - `{ replace: true }` ('Use this routine'): always replaces the current routine.
 * - default: only when the user has neither a routine nor any routine history, i.e. a new user's
 *   first analysis. The scan module calls it after storing a scan; it is a no-op afterwards, so a
 *   person who emptied their routine on purpose does not get it back.
 *
 * Returns whether the routine was set up. Runs in its own transaction (or the caller's `tx`).
 */
export async function setupRoutineFromAnalysis(
  db: DbOrTx,
  userId: string,
  analysis: AnalysisForRoutine,
  options: { replace?: boolean } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockRoutine(tx, userId);
    if (!options.replace && (await hasRoutineOrHistory(tx, userId))) return false;
    const steps = [
      ...analysis.routine.morning.map((step) => ({ step, time: 'morning' as const })),
      ...analysis.routine.evening.map((step) => ({ step, time: 'evening' as const })),
    ];
    // "Use this routine" on the routine already in use (set up from this scan, unedited) changes
    // nothing and logs nothing: it had replaced it with itself and logged a second "Set up".
    if (options.replace && (await isRoutineOf(tx, userId, analysis, steps))) return false;
    await tx.delete(routineProducts).where(eq(routineProducts.userId, userId));
    if (steps.length > 0) {
      await tx.insert(routineProducts).values(
        steps.map(({ step, time }, i) => ({
          userId,
          name: step.name.slice(0, 120),
          type: STEP_TYPES[step.kind],
          purpose: (step.reason || step.instruction || step.name).slice(0, 300),
          applicationTime: time,
          frequency: stepFrequency(step.instruction),
          notes: step.instruction.slice(0, 1000),
          position: i,
          fromScanAt: analysis.createdAt,
        })),
      );
    }
    const day = analysis.createdAt.toISOString().slice(0, 10);
    await tx.insert(routineHistory).values({
      userId,
      type: 'setup',
      change: `Routine set up from your analysis of ${day} (${analysis.routine.morning.length} morning, ${analysis.routine.evening.length} evening)`,
      reason: RoutineMessages.setupReason,
    });
    return true;
  });
}

/** Whether the routine is exactly `steps` as set up from `analysis` (same names, times, order). */
async function isRoutineOf(
  tx: DbOrTx,
  userId: string,
  analysis: AnalysisForRoutine,
  steps: readonly { step: { name: string }; time: 'morning' | 'evening' }[],
): Promise<boolean> {
  const rows = await tx
    .select({
      name: routineProducts.name,
      time: routineProducts.applicationTime,
      fromScanAt: routineProducts.fromScanAt,
    })
    .from(routineProducts)
    .where(eq(routineProducts.userId, userId))
    .orderBy(asc(routineProducts.position));
  return (
    rows.length === steps.length &&
    rows.every(
      (row, i) =>
        row.name === steps[i]!.step.name.slice(0, 120) &&
        row.time === steps[i]!.time &&
        row.fromScanAt?.getTime() === analysis.createdAt.getTime(),
    )
  );
}

export async function findAnalysisForRoutine(
  db: Db,
  userId: string,
  analysisId?: string,
): Promise<AnalysisForRoutine | undefined> {
  const [row] = await db
    .select({ id: analyses.id, createdAt: analyses.createdAt, routine: analyses.routine })
    .from(analyses)
    .where(
      analysisId
        ? and(eq(analyses.userId, userId), eq(analyses.id, analysisId))
        : eq(analyses.userId, userId),
    )
    .orderBy(desc(analyses.createdAt))
    .limit(1);
  return row;
}

/**
 * The routine; a user with no routine and no routine history (never set up, never edited) gets
 * one from their newest analysis first, if they have one.
 */
export async function getRoutine(db: Db, userId: string, clock: Clock): Promise<RoutineResponse> {
  const routine = await readRoutine(db, userId, clock);
  if (routine.morning.length + routine.evening.length > 0) return routine;
  if (await hasRoutineOrHistory(db, userId)) return routine;
  const newest = await findAnalysisForRoutine(db, userId);
  if (!newest) return routine;
  await setupRoutineFromAnalysis(db, userId, newest);
  return readRoutine(db, userId, clock);
}

export async function replaceRoutineFromAnalysis(
  db: Db,
  userId: string,
  analysis: AnalysisForRoutine,
  clock: Clock,
): Promise<RoutineResponse> {
  await setupRoutineFromAnalysis(db, userId, analysis, { replace: true });
  return readRoutine(db, userId, clock);
}

/** Appends to the chosen list and logs an addition (docs/product-rules.md#routine). */
export async function addRoutineProduct(
  db: Db,
  userId: string,
  input: Omit<AddRoutineProductBody, 'days'> & { days?: number[] },
): Promise<RoutineProduct> {
  return db.transaction(async (tx) => {
    await lockRoutine(tx, userId);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${routineProducts.position}), -1)` })
      .from(routineProducts)
      .where(eq(routineProducts.userId, userId));
    const [row] = await tx
      .insert(routineProducts)
      .values({
        userId,
        name: input.name,
        type: input.type,
        purpose: input.purpose,
        applicationTime: input.application_time,
        frequency: input.frequency,
        notes: input.notes,
        days: input.days ?? [],
        position: Number(last?.position ?? -1) + 1,
      })
      .returning();
    if (!row) throw new Error('routine product insert returned nothing');
    await tx.insert(routineHistory).values({
      userId,
      type: 'addition',
      change: `Added ${row.name} (${row.applicationTime})`,
      reason: RoutineMessages.addedReason,
    });
    return toRoutineProduct(row);
  });
}

/** Removes one of the user's products and logs a removal; false when it is not theirs or gone. */
export async function removeRoutineProduct(
  db: Db,
  userId: string,
  productId: string,
  reason: string | undefined,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockRoutine(tx, userId);
    const [row] = await tx
      .delete(routineProducts)
      .where(and(eq(routineProducts.id, productId), eq(routineProducts.userId, userId)))
      .returning();
    if (!row) return false;
    await tx.insert(routineHistory).values({
      userId,
      type: 'removal',
      change: `Removed ${row.name} (${row.applicationTime})`,
      reason: reason?.trim() || RoutineMessages.defaultRemovalReason,
    });
    return true;
  });
}

/** 'Moved Retinal serum to evening, on Mon, Wed, Fri' and the like, for the history. */
function describeChange(before: RoutineProductRow, after: RoutineProductRow): string {
  const parts: string[] = [];
  if (after.name !== before.name) parts.push(`renamed to ${after.name}`);
  if (after.applicationTime !== before.applicationTime)
    parts.push(`moved to ${after.applicationTime}`);
  const sameDays =
    after.days.length === before.days.length && after.days.every((d, i) => d === before.days[i]);
  if (!sameDays) parts.push(after.days.length ? `on ${formatDays(after.days)}` : 'on every day');
  if (after.frequency !== before.frequency) parts.push(after.frequency);
  if (
    after.type !== before.type ||
    after.purpose !== before.purpose ||
    after.notes !== before.notes
  )
    parts.push('details updated');
  return `Changed ${before.name} (${before.applicationTime}): ${parts.join(', ') || 'no change'}`;
}

async function updateOne(
  tx: Tx,
  userId: string,
  productId: string,
  patch: UpdateRoutineProductBody,
  reason: string,
): Promise<RoutineProductRow | undefined> {
  const [before] = await tx
    .select()
    .from(routineProducts)
    .where(and(eq(routineProducts.id, productId), eq(routineProducts.userId, userId)));
  if (!before) return undefined;
  const moved = patch.application_time && patch.application_time !== before.applicationTime;
  let position = before.position;
  if (moved) {
    // Moved steps go to the end of their new list, as an added one would.
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${routineProducts.position}), -1)` })
      .from(routineProducts)
      .where(eq(routineProducts.userId, userId));
    position = Number(last?.position ?? -1) + 1;
  }
  const [after] = await tx
    .update(routineProducts)
    .set({
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.type !== undefined && { type: patch.type }),
      // A purpose the person rewrote is theirs, no longer that scan's reading.
      ...(patch.purpose !== undefined &&
        patch.purpose !== before.purpose && { purpose: patch.purpose, fromScanAt: null }),
      ...(patch.application_time !== undefined && { applicationTime: patch.application_time }),
      ...(patch.frequency !== undefined && { frequency: patch.frequency }),
      ...(patch.notes !== undefined && { notes: patch.notes }),
      ...(patch.days !== undefined && { days: patch.days }),
      position,
    })
    .where(and(eq(routineProducts.id, productId), eq(routineProducts.userId, userId)))
    .returning();
  if (!after) return undefined;
  await tx.insert(routineHistory).values({
    userId,
    type: 'change',
    change: describeChange(before, after),
    reason,
  });
  return after;
}

/** Edits one of the user's steps and logs a change; undefined when it is not theirs. */
export async function updateRoutineProduct(
  db: Db,
  userId: string,
  productId: string,
  patch: UpdateRoutineProductBody,
): Promise<RoutineProduct | undefined> {
  return db.transaction(async (tx) => {
    await lockRoutine(tx, userId);
    const row = await updateOne(tx, userId, productId, patch, RoutineMessages.changedReason);
    return row && toRoutineProduct(row);
  });
}

/**
 * Applies a split (the changes of one suggestion) at once: all or nothing, false when a step is
 * not the user's.
 */
export async function applySplit(db: Db, userId: string, changes: SplitChange[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockRoutine(tx, userId);
    const ids = [...new Set(changes.map((c) => c.product_id))];
    const owned = await tx
      .select({ id: routineProducts.id })
      .from(routineProducts)
      .where(and(eq(routineProducts.userId, userId), inArray(routineProducts.id, ids)));
    if (owned.length !== ids.length) return false;
    for (const change of changes) {
      await updateOne(
        tx,
        userId,
        change.product_id,
        { application_time: change.application_time, days: change.days },
        RoutineMessages.splitReason,
      );
    }
    return true;
  });
}

/** Marks (or unmarks) a session of the routine as done today. */
export async function setCheckOff(db: Db, userId: string, body: CheckOffBody): Promise<void> {
  const { session } = body;
  if (body.done) {
    await db
      .insert(routineCheckOffs)
      .values({ userId, day: body.day, session })
      .onConflictDoNothing();
  } else {
    await db
      .delete(routineCheckOffs)
      .where(
        and(
          eq(routineCheckOffs.userId, userId),
          eq(routineCheckOffs.day, body.day),
          eq(routineCheckOffs.session, session),
        ),
      );
  }
}

export async function listRoutineHistory(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ entries: RoutineHistoryEntry[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(routineHistory)
      .where(eq(routineHistory.userId, userId))
      .orderBy(desc(routineHistory.createdAt), desc(routineHistory.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(routineHistory).where(eq(routineHistory.userId, userId)),
  ]);
  return { entries: rows.map(toHistoryEntry), total: totals[0]?.total ?? 0 };
}

/** The routine and its history for the account export; explicit columns, nothing added unseen. */
export async function exportForUser(db: Db, userId: string) {
  const [routine, history, checkOffs] = await Promise.all([
    db
      .select({
        id: routineProducts.id,
        user_id: routineProducts.userId,
        name: routineProducts.name,
        type: routineProducts.type,
        purpose: routineProducts.purpose,
        application_time: routineProducts.applicationTime,
        frequency: routineProducts.frequency,
        notes: routineProducts.notes,
        days: routineProducts.days,
        position: routineProducts.position,
        added_at: routineProducts.addedAt,
        from_scan_at: routineProducts.fromScanAt,
      })
      .from(routineProducts)
      .where(eq(routineProducts.userId, userId))
      .orderBy(asc(routineProducts.applicationTime), asc(routineProducts.position)),
    db
      .select({
        id: routineHistory.id,
        user_id: routineHistory.userId,
        created_at: routineHistory.createdAt,
        change: routineHistory.change,
        type: routineHistory.type,
        reason: routineHistory.reason,
      })
      .from(routineHistory)
      .where(eq(routineHistory.userId, userId))
      .orderBy(desc(routineHistory.createdAt)),
    db
      .select({ day: routineCheckOffs.day, session: routineCheckOffs.session })
      .from(routineCheckOffs)
      .where(eq(routineCheckOffs.userId, userId))
      .orderBy(desc(routineCheckOffs.day)),
  ]);
  return { routine, routine_history: history, routine_check_offs: checkOffs };
}

import type { Analysis, HistoryItem, HistoryQuery } from '@lumiskin/contract/analysis-api';
import type { CaptureConditions } from '@lumiskin/contract/analysis';
import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PhotoStorage, StoredPhoto } from './photo-storage';
import { analyses, scanConsents, type AnalysisRow, type NewAnalysisRow } from './schema';

const PERIOD_DAYS = { '7days': 7, '30days': 30, '90days': 90 } as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Saves the scan and its photo together: both or neither. `afterInsert` runs in the same
 * transaction (the scan service sets a new user's routine up there).
 */
export async function insertAnalysis(
  db: Db,
  storage: PhotoStorage,
  row: NewAnalysisRow,
  photo: StoredPhoto,
  afterInsert?: (tx: Tx, saved: AnalysisRow) => Promise<unknown>,
): Promise<AnalysisRow> {
  return db.transaction(async (tx) => {
    const [saved] = await tx.insert(analyses).values(row).returning();
    if (!saved) throw new Error('insert returned no row');
    await storage.put(saved.id, photo, tx);
    await afterInsert?.(tx, saved);
    return saved;
  });
}

/** The scan if it belongs to `userId`; someone else's scan is indistinguishable from none. */
export async function findOwnAnalysis(
  db: Db,
  userId: string,
  id: string,
): Promise<AnalysisRow | null> {
  const [row] = await db
    .select()
    .from(analyses)
    .where(and(eq(analyses.id, id), eq(analyses.userId, userId)));
  return row ?? null;
}

/** Deletes the scan and its photo; false when there was no such scan of this person. */
export async function deleteOwnAnalysis(
  db: Db,
  storage: PhotoStorage,
  userId: string,
  id: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(analyses)
      .where(and(eq(analyses.id, id), eq(analyses.userId, userId)))
      .returning({ id: analyses.id });
    if (!gone) return false;
    // The FK cascade removes the row too; the explicit call is for stores outside PostgreSQL.
    await storage.delete(id, tx);
    return true;
  });
}

export async function listHistory(
  db: Db,
  userId: string,
  query: HistoryQuery,
  now = new Date(),
): Promise<{ items: HistoryItem[]; total: number }> {
  const filters: SQL[] = [eq(analyses.userId, userId)];
  if (query.period !== 'all') {
    filters.push(
      gte(analyses.createdAt, new Date(now.getTime() - PERIOD_DAYS[query.period] * 86_400_000)),
    );
  }
  if (query.source === 'lumiskin_ai' || query.source === 'external_api') {
    filters.push(eq(analyses.analysisSource, query.source));
  }
  const where = and(...filters);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: analyses.id,
        createdAt: analyses.createdAt,
        analysisSource: analyses.analysisSource,
        analysisType: analyses.analysisType,
        scores: analyses.scores,
        overallScore: analyses.overallScore,
        location: analyses.location,
        // Only the capture part of `details`: the list never reads the overlays.
        capture: sql<CaptureConditions | null>`${analyses.details} -> 'capture'`,
      })
      .from(analyses)
      .where(where)
      .orderBy(desc(analyses.createdAt), desc(analyses.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(analyses).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      _id: r.id,
      created_at: r.createdAt.toISOString(),
      analysis_source: r.analysisSource,
      analysis_type: r.analysisType,
      scores: r.scores,
      overall_score: r.overallScore,
      location: r.location,
      capture: r.capture ?? null,
    })),
    total: totalRow?.total ?? 0,
  };
}

export function toAnalysis(row: AnalysisRow): Analysis {
  const d = row.details;
  const photo = d.photo;
  return {
    id: row.id,
    _id: row.id,
    created_at: row.createdAt.toISOString(),
    analysis_source: row.analysisSource,
    analysis_type: row.analysisType,
    location: row.location,
    place: row.place,
    environment: row.environment,
    concerns: row.concerns,
    scores: row.scores,
    overall_score: row.overallScore,
    findings: row.findings,
    routine: row.routine,
    recommendations: row.recommendation,
    full_response_text: row.reportText,
    report_source: row.reportSource,
    regions: row.regions,
    region_scores: d.region_scores,
    skin_tone: d.skin_tone,
    estimated_skin_type: d.estimated_skin_type,
    angles: row.angles,
    photo: photo ? { url: `/api/analysis/${row.id}/photo`, ...photo } : null,
    timings_ms: { engine: row.engineMs, total: d.timings_ms.request ?? row.engineMs },
    overlays: d.overlays ?? null,
    zone_notes: d.zone_notes ?? [],
    unmeasured: d.unmeasured ?? [],
    capture: d.capture ?? null,
  };
}

// ---- Consent ----

export async function findConsent(db: Db, userId: string) {
  const [row] = await db.select().from(scanConsents).where(eq(scanConsents.userId, userId));
  return row ?? null;
}

export async function recordConsent(db: Db, userId: string, version: string) {
  const [row] = await db
    .insert(scanConsents)
    .values({ userId, version })
    .onConflictDoUpdate({ target: scanConsents.userId, set: { version, consentedAt: new Date() } })
    .returning();
  if (!row) throw new Error('consent upsert returned no row');
  return row;
}

export async function withdrawConsent(db: Db, userId: string): Promise<void> {
  await db.delete(scanConsents).where(eq(scanConsents.userId, userId));
}

import { randomUUID } from 'node:crypto';
import type { Analysis, HistoryItem, HistoryQuery } from '@lumiskin/contract/analysis-api';
import { LEGACY_METHODS, type CaptureConditions } from '@lumiskin/contract/analysis';
import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PhotoKey, PhotoStorage, SavedPhoto, StoredPhoto } from './photo-storage';
import { recordPhotoDeletion } from './photo-sweeps';
import { analyses, scanConsents, type AnalysisRow, type NewAnalysisRow } from './schema';

const PERIOD_DAYS = { '7days': 7, '30days': 30, '90days': 90 } as const;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Saves the scan's photo (when one is kept), then the scan: a crash between the two leaves an orphan photo (removed
 * by `sweepOrphanPhotos`), never a scan without its photo. `afterInsert` runs in the scan's
 * transaction (the scan service sets a new user's routine up there); so does `beforeInsert`,
 * which may throw to store nothing (a queued scan's job that already stored its analysis). When
 * the scan cannot be saved its photo is removed at once, unless the scan turns out to be there.
 */
export async function insertAnalysis(
  db: Db,
  storage: PhotoStorage,
  row: NewAnalysisRow,
  photo: StoredPhoto | null,
  afterInsert?: (tx: Tx, saved: AnalysisRow) => Promise<unknown>,
  beforeInsert?: (tx: Tx) => Promise<unknown>,
): Promise<AnalysisRow> {
  const key = { userId: row.userId, analysisId: row.id ?? randomUUID() };
  // A scan analysed on the person's device has no photo (decision 100).
  if (photo) await storage.put(key, photo);
  try {
    return await db.transaction(async (tx) => {
      await beforeInsert?.(tx);
      const [saved] = await tx
        .insert(analyses)
        .values({ ...row, id: key.analysisId })
        .returning();
      if (!saved) throw new Error('insert returned no row');
      await afterInsert?.(tx, saved);
      return saved;
    });
  } catch (error) {
    // A commit whose answer was lost would leave the scan saved: look before deleting. If the
    // database cannot say, the orphan sweep decides later.
    if (photo) await discardUnsavedPhoto(db, storage, key).catch(() => {});
    throw error;
  }
}

async function discardUnsavedPhoto(db: Db, storage: PhotoStorage, key: PhotoKey): Promise<void> {
  const [saved] = await db
    .select({ id: analyses.id })
    .from(analyses)
    .where(eq(analyses.id, key.analysisId));
  if (!saved) await storage.delete(key);
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

/**
 * Deletes the scan; its photo is queued for deletion in the same transaction (`photo_deletions`,
 * swept by `sweepPhotoDeletions`). False when there was no such scan of this person.
 */
export async function deleteOwnAnalysis(db: Db, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(analyses)
      .where(and(eq(analyses.id, id), eq(analyses.userId, userId)))
      .returning({ id: analyses.id });
    if (!gone) return false;
    await recordPhotoDeletion(tx, { userId, analysisId: id });
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
        computedOn: analyses.computedOn,
        analysisType: analyses.analysisType,
        scores: analyses.scores,
        overallScore: analyses.overallScore,
        location: analyses.location,
        // Only the capture part of `details`: the list never reads the overlays.
        capture: sql<CaptureConditions | null>`${analyses.details} -> 'capture'`,
        methods: analyses.methods,
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
      computed_on: r.computedOn,
      analysis_type: r.analysisType,
      scores: r.scores,
      overall_score: r.overallScore,
      location: r.location,
      capture: r.capture ?? null,
      methods: r.methods ?? LEGACY_METHODS,
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
    computed_on: row.computedOn,
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
    methods: row.methods ?? LEGACY_METHODS,
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

// ---- Account export (GDPR art. 15/20): explicit columns, so a new column is not exported by default ----

/** Scans per query while exporting: a scan's details and overlays can be tens of KB. */
const EXPORT_PAGE_SIZE = 50;

const scanExportColumns = {
  id: analyses.id,
  user_id: analyses.userId,
  created_at: analyses.createdAt,
  analysis_type: analyses.analysisType,
  analysis_source: analyses.analysisSource,
  /** 'device': analysed on the person's phone, no photo was ever sent (decision 100). */
  computed_on: analyses.computedOn,
  location: analyses.location,
  place: analyses.place,
  environment: analyses.environment,
  concerns: analyses.concerns,
  scores: analyses.scores,
  overall_score: analyses.overallScore,
  findings: analyses.findings,
  routine: analyses.routine,
  recommendation: analyses.recommendation,
  report_text: analyses.reportText,
  report_source: analyses.reportSource,
  regions: analyses.regions,
  details: analyses.details,
  angles: analyses.angles,
  engine_ms: analyses.engineMs,
  /** null for scans stored before methods were recorded (all measured with method 1). */
  methods: analyses.methods,
};

/**
 * The person's scans, newest first, a page at a time (keyset on created_at, id, the history
 * index). Each page is its own query, so no connection is held while a slow client reads.
 */
export async function* exportScansForUser(db: Db, userId: string) {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const page = await db
      .select({
        ...scanExportColumns,
        // The cursor at full (microsecond) precision; a Date would round it to milliseconds.
        cursor: sql<string>`${analyses.createdAt}::text`,
      })
      .from(analyses)
      .where(
        and(
          eq(analyses.userId, userId),
          after
            ? sql`(${analyses.createdAt}, ${analyses.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(analyses.createdAt), desc(analyses.id))
      .limit(EXPORT_PAGE_SIZE);
    for (const { cursor: _cursor, ...scan } of page) yield scan;
    const last = page.at(-1);
    if (!last || page.length < EXPORT_PAGE_SIZE) return;
    after = { createdAt: last.cursor, id: last.id };
  }
}

export interface PhotoExport {
  analysis_id: string;
  content_type: string;
  width: number;
  height: number;
  created_at: Date;
  data: SavedPhoto['data'];
}

/**
 * Every photo the store holds for the person, read one at a time: the next is fetched only when
 * the caller asks for it, so at most one photo is in memory here. The store is asked, not the
 * scans: a photo still waiting for its deletion is held, so it is exported too.
 */
export async function* exportPhotosForUser(
  storage: PhotoStorage,
  userId: string,
): AsyncGenerator<PhotoExport> {
  for await (const entry of storage.listForUser(userId)) {
    const photo = await storage.get(entry);
    // Deleted meanwhile.
    if (!photo) continue;
    yield {
      analysis_id: entry.analysisId,
      content_type: photo.contentType,
      width: photo.width,
      height: photo.height,
      created_at: photo.createdAt,
      data: photo.data,
    };
  }
}

export async function exportConsentsForUser(db: Db, userId: string) {
  return db
    .select({ version: scanConsents.version, consented_at: scanConsents.consentedAt })
    .from(scanConsents)
    .where(eq(scanConsents.userId, userId));
}

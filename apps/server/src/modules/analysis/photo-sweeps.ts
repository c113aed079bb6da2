import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PhotoEntry, PhotoStorage } from './photo-storage';
import { analyses, photoDeletions } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The queued sweep of the `photo_deletions` outbox (decision 031). */
export const PHOTO_DELETIONS_JOB = 'photos-sweep-deletions';
/** The queued sweep of photos without a scan. */
export const PHOTO_ORPHANS_JOB = 'photos-sweep-orphans';

export interface SweepDeps {
  db: Db;
  storage: PhotoStorage;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** The clock; tests move it forward past the back-off. */
  now?: () => Date;
}

/**
 * Records, inside the caller's transaction, that a scan's photo (or with `analysisId` null every
 * photo of the person) is to be deleted from the store. Committed with the deletion of the row,
 * or not at all: a photo is never forgotten by a rolled-back or a crashed delete.
 */
export async function recordPhotoDeletion(
  tx: Tx | Db,
  target: { userId: string; analysisId: string | null },
): Promise<void> {
  await tx.insert(photoDeletions).values(target);
}

/** First retry after 30 s, doubling up to an hour: a store that is down is not hammered. */
const BACKOFF_BASE_S = 30;
const BACKOFF_MAX_S = 3600;
/** Pending deletions claimed per query, and queries per sweep. */
const CLAIM_BATCH = 100;
const MAX_BATCHES = 20;

/** What to store of a failure: the error's name or code, never its message (it may hold a URL). */
function failureName(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown';
  const code = (error as { code?: unknown }).code;
  const name = error.name !== 'Error' ? error.name : typeof code === 'string' ? code : 'Error';
  // PhotoStorageUnavailable(TimeoutError), PhotoStorageUnavailable(ECONNREFUSED)…
  const cause = error.cause instanceof Error ? `(${failureName(error.cause)})` : '';
  return `${name}${cause}`.slice(0, 100);
}

/**
 * Deletes the photos the `photo_deletions` outbox asks for, then their rows; a failure keeps the
 * row and retries it later (30 s, 1 min, 2 min… up to hourly). Idempotent and safe to run on any
 * number of instances at once: each row is claimed with `FOR UPDATE SKIP LOCKED`, and the claim
 * pushes its next attempt out, so a sweeper that dies mid-way leaves it to a later sweep.
 * Run as a job of the queue (`photo-sweeper` plugin) every minute and right after every delete.
 */
export async function sweepPhotoDeletions(
  deps: SweepDeps,
): Promise<{ deleted: number; failed: number }> {
  const { db, storage, log } = deps;
  let deleted = 0;
  let failed = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const now = (deps.now?.() ?? new Date()).toISOString();
    const claimed = await db.execute<{
      id: string;
      user_id: string;
      analysis_id: string | null;
      attempts: number;
    }>(sql`
      update ${photoDeletions} d
      set attempts = d.attempts + 1,
          next_attempt_at = ${now}::timestamptz
            + make_interval(secs => least(${BACKOFF_BASE_S} * power(2, d.attempts), ${BACKOFF_MAX_S}))
      where d.id in (
        select id from ${photoDeletions}
        where next_attempt_at <= ${now}::timestamptz
        order by next_attempt_at, id
        limit ${CLAIM_BATCH}
        for update skip locked
      )
      returning d.id, d.user_id, d.analysis_id, d.attempts`);
    for (const row of claimed) {
      try {
        if (row.analysis_id) {
          await storage.delete({ userId: row.user_id, analysisId: row.analysis_id });
        } else {
          await storage.deleteForUser(row.user_id);
        }
        await db.delete(photoDeletions).where(eq(photoDeletions.id, row.id));
        deleted++;
      } catch (error) {
        failed++;
        const name = failureName(error);
        await db
          .update(photoDeletions)
          .set({ lastError: name })
          .where(eq(photoDeletions.id, row.id));
        log?.warn(
          { userId: row.user_id, analysisId: row.analysis_id, attempts: row.attempts, error: name },
          'photo deletion failed; it will be retried',
        );
      }
    }
    if (claimed.length < CLAIM_BATCH) break;
  }
  return { deleted, failed };
}

/** Store entries checked against the scans per query. */
const ORPHAN_BATCH = 500;

/**
 * Deletes photos that have no scan and are older than `olderThanMs`: the scan writes its photo
 * before its row, so a crash (or a failed insert) between the two leaves such an orphan. The age
 * keeps the sweep away from scans being saved right now. Reads the store's listing (no bytes) and
 * asks the database about 500 photos at a time. Idempotent.
 */
export async function sweepOrphanPhotos(
  deps: SweepDeps,
  options: { olderThanMs: number },
): Promise<{ checked: number; deleted: number }> {
  const { db, storage, log } = deps;
  const cutoff = (deps.now?.() ?? new Date()).getTime() - options.olderThanMs;
  let checked = 0;
  let deleted = 0;
  const settle = async (entries: PhotoEntry[]) => {
    if (entries.length === 0) return;
    checked += entries.length;
    const rows = await db
      .select({ id: analyses.id, userId: analyses.userId })
      .from(analyses)
      .where(
        inArray(
          analyses.id,
          entries.map((e) => e.analysisId),
        ),
      );
    const owner = new Map(rows.map((r) => [r.id, r.userId]));
    for (const entry of entries) {
      // A scan of that id but another owner cannot own this photo either.
      if (owner.get(entry.analysisId) === entry.userId) continue;
      await storage.delete(entry);
      deleted++;
    }
  };
  let batch: PhotoEntry[] = [];
  for await (const entry of storage.list()) {
    if (entry.createdAt.getTime() > cutoff) continue;
    batch.push(entry);
    if (batch.length === ORPHAN_BATCH) {
      await settle(batch);
      batch = [];
    }
  }
  await settle(batch);
  if (deleted > 0) log?.info({ checked, deleted }, 'orphan photos deleted');
  return { checked, deleted };
}

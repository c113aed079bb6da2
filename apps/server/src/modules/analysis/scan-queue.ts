import { randomUUID } from 'node:crypto';
import type { CaptureAngle } from '@lumiskin/contract/analysis';
import { ScanErrorCode, ScanMessages, type ScanError, type ScanJob } from '@lumiskin/contract/scan';
import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { findUserById } from '../auth/repository';
import type { Job, Jobs } from '../jobs/queue';
import type { PreparedImage, SniffedType } from './image';
import type { Tx } from './repository';
import {
  analyseScan,
  prepareScan,
  saveScan,
  ScanFailure,
  type PreparedScan,
  type ScanDeps,
  type ScanInput,
} from './scan-service';
import { scanJobPhotos, scanJobs, type ScanJobPhotoOriginal, type ScanJobRow } from './schema';

/** The queue's kind of job for scans; taken only by `npm run worker` processes. */
export const SCAN_JOB = 'scan';

/** A retried job whose analysis an earlier try already stored. */
class ScanAlreadySaved extends Error {}

// ---- The prepared photos of a queued scan (a table today; kept behind these three calls) ----

interface QueuedPhoto {
  angle: CaptureAngle;
  image: PreparedImage;
}

/**
 * Stores the photos as the engine will read them: lossless PNG of the decoded, oriented and
 * resized pixels (no metadata survives decoding), so the worker measures exactly what an inline
 * scan would.
 */
export async function saveScanPhotos(tx: Db | Tx, jobId: string, photos: QueuedPhoto[]) {
  const rows = await Promise.all(
    photos.map(async ({ angle, image }, position) => ({
      jobId,
      position,
      angle,
      width: image.width,
      height: image.height,
      original: {
        type: image.type,
        width: image.original.width,
        height: image.original.height,
        bytes: image.original.bytes,
        decode_ms: Math.round(image.decodeMs),
        ...(image.encoding ? { encoding: image.encoding } : {}),
      } satisfies ScanJobPhotoOriginal,
      // Level 1: these rows live for seconds; encoding time matters more than their size.
      data: await sharp(image.pixels, {
        raw: { width: image.width, height: image.height, channels: 3 },
      })
        .png({ compressionLevel: 1 })
        .toBuffer(),
    })),
  );
  await tx.insert(scanJobPhotos).values(rows);
}

export async function loadScanPhotos(db: Db, jobId: string): Promise<QueuedPhoto[]> {
  const rows = await db
    .select()
    .from(scanJobPhotos)
    .where(eq(scanJobPhotos.jobId, jobId))
    .orderBy(asc(scanJobPhotos.position));
  return Promise.all(
    rows.map(async (row) => {
      const { data, info } = await sharp(row.data)
        .removeAlpha()
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
      return {
        angle: row.angle,
        image: {
          pixels: data,
          width: info.width,
          height: info.height,
          channels: 3 as const,
          type: row.original.type as SniffedType,
          original: {
            width: row.original.width,
            height: row.original.height,
            bytes: row.original.bytes,
          },
          ...(row.original.encoding ? { encoding: row.original.encoding } : {}),
          decodeMs: row.original.decode_ms,
        },
      };
    }),
  );
}

export async function deleteScanPhotos(tx: Db | Tx, jobId: string): Promise<void> {
  await tx.delete(scanJobPhotos).where(eq(scanJobPhotos.jobId, jobId));
}

// ---- The job's row: what the client polls ----

export const scanJobUrl = (id: string) => `/api/analysis/jobs/${id}`;

export function toScanJob(row: ScanJobRow, ahead: number | null): ScanJob {
  return {
    job_id: row.id,
    status: row.status,
    status_url: scanJobUrl(row.id),
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    ahead: row.status === 'queued' ? ahead : null,
    analysis_id: row.status === 'done' ? row.analysisId : null,
    error: row.status === 'failed' ? row.error : null,
  };
}

/** Scans still waiting that were queued before this one (anyone's): the client's "n ahead". */
async function queuedAhead(db: Db, row: ScanJobRow): Promise<number> {
  const [result] = await db
    .select({ n: count() })
    .from(scanJobs)
    .where(and(eq(scanJobs.status, 'queued'), lt(scanJobs.createdAt, row.createdAt)));
  return result?.n ?? 0;
}

const failedInQueue: ScanError = {
  detail: ScanMessages.analysisFailed,
  code: 'scan_failed',
};

/**
 * The owner's scan job, or null (someone else's is indistinguishable from none). A job the queue
 * gave up on while our row still says queued or running (its last worker died) reads as failed.
 */
export async function readOwnScanJob(
  db: Db,
  jobs: Jobs,
  userId: string,
  id: string,
  now: Date,
): Promise<ScanJob | null> {
  let [row] = await db
    .select()
    .from(scanJobs)
    .where(and(eq(scanJobs.id, id), eq(scanJobs.userId, userId)));
  if (!row) return null;
  if (
    (row.status === 'queued' || row.status === 'running') &&
    (await jobs.state(SCAN_JOB, id)) === 'failed'
  ) {
    row = (await failScanJob(db, id, failedInQueue, now)) ?? row;
  }
  return toScanJob(row, row.status === 'queued' ? await queuedAhead(db, row) : null);
}

/** Marks a job failed (unless it already finished) and drops its photos. */
async function failScanJob(
  db: Db,
  id: string,
  error: ScanError,
  now: Date,
): Promise<ScanJobRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(scanJobs)
      .set({ status: 'failed', error, finishedAt: now })
      .where(and(eq(scanJobs.id, id), inArray(scanJobs.status, ['queued', 'running'])))
      .returning();
    if (row) await deleteScanPhotos(tx, id);
    return row;
  });
}

// ---- Accepting a scan (web process) and running it (worker) ----

export interface ScanQueueDeps extends ScanDeps {
  jobs: Jobs;
}

/**
 * SCAN_MODE=queue: everything an inline scan checks before the engine (consent, place, photos,
 * climate) is checked here, with the same answers; then the prepared photos are stored and the
 * job queued. Resolves once both are stored, so an accepted scan survives any process stopping.
 */
export async function queueScan(deps: ScanQueueDeps, input: ScanInput): Promise<ScanJob> {
  const prepared = await prepareScan(deps, input);
  const id = randomUUID();
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(scanJobs)
      .values({
        id,
        userId: input.user.id,
        createdAt: prepared.now,
        input: {
          analysis_type: input.analysisType,
          concerns: input.concerns,
          place: prepared.place,
          environment: prepared.environment,
          requested_at: prepared.now.toISOString(),
        },
      })
      .returning();
    await saveScanPhotos(tx, id, [{ angle: 'front', image: prepared.front }, ...prepared.extras]);
    return inserted;
  });
  if (!row) throw new Error('scan job insert returned no row');
  try {
    // The job id is ours: enqueueing it again can never make a second job.
    await deps.jobs.enqueue(SCAN_JOB, {}, { id });
  } catch (error) {
    deps.log.error({ err: error }, 'scan could not be queued');
    await deps.db.delete(scanJobs).where(eq(scanJobs.id, id));
    throw new ScanFailure(
      503,
      ScanErrorCode.busy,
      'Scans cannot be queued right now. Please try again in a minute.',
    );
  }
  return toScanJob(row, await queuedAhead(deps.db, row));
}

/** A queued row older than this without its job is taken to be stranded (see below). */
export const REQUEUE_AFTER_MS = 60_000;
/** Kind of the recurring job that runs `requeueStrandedScans` (plugins/scan-jobs.ts). */
export const REQUEUE_JOB = 'scan.requeue';

/**
 * A queued scan's row and photos are committed before its job is enqueued (the queue keeps its
 * own tables): a process that dies between the two leaves a row no worker would ever see, though
 * its person was never answered 202. Such rows, once a minute old, are enqueued again here; the
 * job id is the row's, so a job already there is never doubled. Returns how many were enqueued.
 */
export async function requeueStrandedScans(deps: {
  db: Db;
  jobs: Pick<Jobs, 'enqueue'>;
  now?: () => Date;
}): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const stranded = await deps.db
    .select({ id: scanJobs.id })
    .from(scanJobs)
    .where(
      and(
        eq(scanJobs.status, 'queued'),
        lt(scanJobs.createdAt, new Date(now.getTime() - REQUEUE_AFTER_MS)),
      ),
    )
    .orderBy(scanJobs.createdAt)
    .limit(500);
  let enqueued = 0;
  for (const { id } of stranded) {
    if ((await deps.jobs.enqueue(SCAN_JOB, {}, { id })) !== null) enqueued++;
  }
  return enqueued;
}

/**
 * One try of a queued scan (any worker process, any number of times): the engine, the outside
 * services and the interpreter exactly as inline, then the analysis saved in a transaction that
 * first locks the job's row, so a retry after a dead or slow worker never stores a second one.
 * A refused photo (a ScanFailure) ends the job as failed with the inline answer's error; anything
 * else is thrown for the queue to retry, and fails the job on the last try.
 */
export async function runScanJob(deps: ScanDeps, job: Job<object>): Promise<void> {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const [row] = await db.select().from(scanJobs).where(eq(scanJobs.id, job.id));
  // Deleted with its account, or finished by an earlier try.
  if (!row || row.status === 'done' || row.status === 'failed') return;
  const user = await findUserById(db, row.userId);
  if (!user) return;
  const startedAt = row.startedAt ?? now();
  await db
    .update(scanJobs)
    .set({ status: 'running', startedAt, attempts: sql`${scanJobs.attempts} + 1` })
    .where(and(eq(scanJobs.id, job.id), inArray(scanJobs.status, ['queued', 'running'])));

  const request = {
    user,
    analysisType: row.input.analysis_type,
    concerns: row.input.concerns,
  };
  try {
    const [front, ...extras] = await loadScanPhotos(db, job.id);
    if (!front) throw new Error('queued scan has no photo');
    const prepared: PreparedScan = {
      place: row.input.place,
      front: front.image,
      extras,
      now: new Date(row.input.requested_at),
      environment: row.input.environment,
    };
    const analysed = await analyseScan(deps, request, prepared);
    const requestMs = now().getTime() - prepared.now.getTime();
    await saveScan(deps, request, prepared, analysed, requestMs, {
      before: async (tx) => {
        const [locked] = await tx
          .select({ status: scanJobs.status })
          .from(scanJobs)
          .where(eq(scanJobs.id, job.id))
          .for('update');
        if (!locked || locked.status === 'done' || locked.status === 'failed') {
          throw new ScanAlreadySaved();
        }
      },
      after: async (tx, saved) => {
        await tx
          .update(scanJobs)
          .set({ status: 'done', analysisId: saved.id, finishedAt: now(), error: null })
          .where(eq(scanJobs.id, job.id));
        await deleteScanPhotos(tx, job.id);
      },
      timings: { queue_wait: Math.max(0, startedAt.getTime() - prepared.now.getTime()) },
    });
  } catch (error) {
    if (error instanceof ScanAlreadySaved) return;
    // The photo or the engine said no (no face, too dark…): final, as it would be inline. Only
    // "busy" is worth another try.
    if (error instanceof ScanFailure && error.statusCode !== 503) {
      await failScanJob(
        db,
        job.id,
        {
          detail: error.message,
          code: error.code,
          ...(error.reason && { reason: error.reason }),
          ...(error.angle && { angle: error.angle }),
        },
        now(),
      );
      return;
    }
    if (job.isLastAttempt) await failScanJob(db, job.id, failedInQueue, now());
    throw error;
  }
}

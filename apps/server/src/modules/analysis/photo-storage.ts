import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analysisPhotos } from './schema';

/** A photo is filed under its owner and its scan: both ids are UUIDs. */
export interface PhotoKey {
  userId: string;
  analysisId: string;
}

export interface StoredPhoto {
  contentType: string;
  width: number;
  height: number;
  data: Buffer;
}

/** A photo as read back: what was put, its size in bytes, and when it was stored. */
export interface SavedPhoto extends StoredPhoto {
  size: number;
  createdAt: Date;
}

/** A stored photo without its bytes (listings). */
export interface PhotoEntry extends PhotoKey {
  size: number;
  createdAt: Date;
}

/**
 * Where scan photos live: PostgreSQL (`analysis_photos`, the default) or an S3-compatible bucket
 * (`photo-storage-s3.ts`). It knows nothing of database transactions: the scan writes the photo
 * before its row, and deletions go through the `photo_deletions` outbox (decision 031).
 * Photos are private: callers check ownership first, and nothing here logs the bytes.
 * The photo route, deletion, the account export and the sweeps all go through this interface.
 */
export interface PhotoStorage {
  readonly kind: 'postgres' | 's3';
  put(key: PhotoKey, photo: StoredPhoto): Promise<void>;
  /** The photo, or null when there is none under this key. */
  get(key: PhotoKey): Promise<SavedPhoto | null>;
  /** Idempotent: deleting a missing photo succeeds. */
  delete(key: PhotoKey): Promise<void>;
  /** Every photo of the person; idempotent. Resolves to how many were deleted. */
  deleteForUser(userId: string): Promise<number>;
  /** The person's photos without their bytes, a page at a time from the store. */
  listForUser(userId: string): AsyncIterable<PhotoEntry>;
  /** Every photo in the store without its bytes (the orphan sweep). */
  list(): AsyncIterable<PhotoEntry>;
  /** Throws when the store cannot be reached (the readiness probe). */
  check(): Promise<void>;
  /** Releases connections the store opened itself. */
  close(): Promise<void>;
}

/**
 * The store could not be reached or failed on its side (network, timeout, 5xx): the request
 * can be tried again later (the error handler answers 503 `storage_unavailable`). A refusal
 * that is our fault (access denied, no such bucket) stays a plain error: a 500 and a log line.
 */
export class PhotoStorageUnavailable extends Error {
  constructor(cause: unknown) {
    super('the photo storage is unavailable', { cause });
    this.name = 'PhotoStorageUnavailable';
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keys become object names: anything but two UUIDs is a programming error, never a path. */
export function assertPhotoKey(key: PhotoKey): void {
  if (!UUID.test(key.userId) || !UUID.test(key.analysisId)) {
    throw new TypeError('photo keys are a user id and an analysis id (UUIDs)');
  }
}

export function assertUserId(userId: string): void {
  if (!UUID.test(userId)) throw new TypeError('a user id is a UUID');
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** How long the readiness probe waits for the store. */
const CHECK_TIMEOUT_MS = 3_000;

/**
 * The readiness probe of the photo store (HeadBucket for S3, a query for PostgreSQL): resolves
 * when it answers within `timeoutMs`, rejects otherwise. For `GET /api/health/ready`.
 */
export async function checkStorage(
  storage: PhotoStorage,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`photo storage did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([storage.check(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Rows per listing query: ids, sizes and dates only. */
const LIST_PAGE_SIZE = 500;

const entryColumns = {
  userId: analysisPhotos.userId,
  analysisId: analysisPhotos.analysisId,
  size: sql<number>`octet_length(${analysisPhotos.data})`.mapWith(Number),
  createdAt: analysisPhotos.createdAt,
  // The keyset cursor at full (microsecond) precision; a Date would round it to milliseconds.
  cursor: sql<string>`${analysisPhotos.createdAt}::text`,
};

/** Photos in PostgreSQL: plenty for one server, and backups stay whole (decision 009). */
export function createPostgresPhotoStorage(
  db: Db,
  options: { pageSize?: number } = {},
): PhotoStorage {
  const pageSize = options.pageSize ?? LIST_PAGE_SIZE;
  /** Newest first, keyset-paged on (created_at, analysis_id), optionally for one person. */
  async function* pages(userId?: string): AsyncGenerator<PhotoEntry> {
    let after: { cursor: string; analysisId: string } | null = null;
    for (;;) {
      const filters: Array<SQL | undefined> = [
        userId ? eq(analysisPhotos.userId, userId) : undefined,
      ];
      if (after) {
        const at = sql`${after.cursor}::timestamptz`;
        filters.push(
          or(
            lt(analysisPhotos.createdAt, at),
            and(eq(analysisPhotos.createdAt, at), lt(analysisPhotos.analysisId, after.analysisId)),
          ),
        );
      }
      const page = await db
        .select(entryColumns)
        .from(analysisPhotos)
        .where(and(...filters))
        .orderBy(desc(analysisPhotos.createdAt), desc(analysisPhotos.analysisId))
        .limit(pageSize);
      for (const { cursor: _cursor, ...entry } of page) yield entry;
      const last = page.at(-1);
      if (!last || page.length < pageSize) return;
      after = { cursor: last.cursor, analysisId: last.analysisId };
    }
  }

  return {
    kind: 'postgres',
    async put(key, photo) {
      assertPhotoKey(key);
      await db.insert(analysisPhotos).values({ ...key, ...photo });
    },
    async get(key) {
      assertPhotoKey(key);
      const [row] = await db
        .select({
          contentType: analysisPhotos.contentType,
          width: analysisPhotos.width,
          height: analysisPhotos.height,
          data: analysisPhotos.data,
          createdAt: analysisPhotos.createdAt,
        })
        .from(analysisPhotos)
        .where(
          and(eq(analysisPhotos.analysisId, key.analysisId), eq(analysisPhotos.userId, key.userId)),
        );
      return row ? { ...row, size: row.data.length } : null;
    },
    async delete(key) {
      assertPhotoKey(key);
      await db
        .delete(analysisPhotos)
        .where(
          and(eq(analysisPhotos.analysisId, key.analysisId), eq(analysisPhotos.userId, key.userId)),
        );
    },
    async deleteForUser(userId) {
      assertUserId(userId);
      const gone = await db
        .delete(analysisPhotos)
        .where(eq(analysisPhotos.userId, userId))
        .returning({ id: analysisPhotos.analysisId });
      return gone.length;
    },
    listForUser(userId) {
      assertUserId(userId);
      return pages(userId);
    },
    list: () => pages(),
    async check() {
      await db.select({ id: analysisPhotos.analysisId }).from(analysisPhotos).limit(0);
    },
    // The pool is the db plugin's, closed there.
    close: async () => {},
  };
}

/**
 * Moves every photo from one store to another (PostgreSQL → S3 when a deployment turns S3 on):
 * each is put in `to`, then deleted from `from`, one at a time, so the move can be stopped and
 * run again. The new copy's time is the move's (S3 keeps its own Last-Modified).
 */
export async function movePhotos(
  from: PhotoStorage,
  to: PhotoStorage,
  onMoved?: (moved: number) => void,
): Promise<number> {
  let moved = 0;
  for await (const entry of from.list()) {
    const photo = await from.get(entry);
    if (!photo) continue;
    await to.put(entry, photo);
    await from.delete(entry);
    moved += 1;
    onMoved?.(moved);
  }
  return moved;
}

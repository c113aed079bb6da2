import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analysisPhotos } from './schema';

export interface StoredPhoto {
  contentType: string;
  width: number;
  height: number;
  data: Buffer;
}

/** A photo as read back: what was put, and when. */
export interface SavedPhoto extends StoredPhoto {
  createdAt: Date;
}

/**
 * Where scan photos live. PostgreSQL (bytea) is plenty for one server and keeps backups whole;
 * at scale an object store (S3, R2, GCS) with the same three calls replaces it.
 * Photos are private: callers check ownership first, and nothing here logs the bytes.
 * The photo route, deletion and the account export all go through this interface.
 */
export interface PhotoStorage {
  put(analysisId: string, photo: StoredPhoto, tx?: Db): Promise<void>;
  get(analysisId: string): Promise<SavedPhoto | null>;
  delete(analysisId: string, tx?: Db): Promise<void>;
}

export function createPostgresPhotoStorage(db: Db): PhotoStorage {
  return {
    async put(analysisId, photo, tx = db) {
      await tx.insert(analysisPhotos).values({ analysisId, ...photo });
    },
    async get(analysisId) {
      const [row] = await db
        .select({
          contentType: analysisPhotos.contentType,
          width: analysisPhotos.width,
          height: analysisPhotos.height,
          data: analysisPhotos.data,
          createdAt: analysisPhotos.createdAt,
        })
        .from(analysisPhotos)
        .where(eq(analysisPhotos.analysisId, analysisId));
      return row ?? null;
    },
    async delete(analysisId, tx = db) {
      await tx.delete(analysisPhotos).where(eq(analysisPhotos.analysisId, analysisId));
    },
  };
}

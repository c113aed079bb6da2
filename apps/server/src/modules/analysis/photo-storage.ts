import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analysisPhotos } from './schema';

export interface StoredPhoto {
  contentType: string;
  width: number;
  height: number;
  data: Buffer;
}

/**
 * Where scan photos live. PostgreSQL (bytea) is plenty for one server and keeps backups whole;
 * at scale an object store (S3, R2, GCS) with the same three calls replaces it.
 * Photos are private: callers check ownership first, and nothing here logs the bytes.
 */
export interface PhotoStorage {
  put(analysisId: string, photo: StoredPhoto, tx?: Db): Promise<void>;
  get(analysisId: string): Promise<StoredPhoto | null>;
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

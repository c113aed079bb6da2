import type { ServerSideEncryption } from '@aws-sdk/client-s3';
import {
  assertPhotoKey,
  assertUserId,
  isUuid,
  PhotoStorageUnavailable,
  type PhotoEntry,
  type PhotoKey,
  type PhotoStorage,
} from './photo-storage';

export interface S3PhotoStorageConfig {
  bucket: string;
  /** Any S3-compatible endpoint (MinIO, R2, Ceph…); absent means AWS S3 for `region`. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither means the SDK's default chain (environment, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, most self-hosted). */
  forcePathStyle: boolean;
  /** Put before every key, e.g. `photos/`: the bucket may hold other things. */
  keyPrefix: string;
  /** Server-side encryption asked for on every put (`x-amz-server-side-encryption`). */
  serverSideEncryption?: 'AES256' | 'aws:kms';
  kmsKeyId?: string;
}

/** A stored photo is a re-encoded JPEG of at most 1600 px (~1 MB); more means something is wrong. */
const MAX_PHOTO_BYTES = 16 * 1024 * 1024;
/** DeleteObjects takes at most 1000 keys; a listing page holds as many. */
const DELETE_BATCH = 1000;

/** The S3 error names that mean "no such object". */
const MISSING = new Set(['NoSuchKey', 'NotFound']);

/**
 * Photos as objects `<prefix><user id>/<analysis id>` in an S3-compatible bucket. The bucket stays
 * private: photos are served through the app with the owner check. Width and height travel as
 * object metadata; the stored time is the object's Last-Modified. The SDK is loaded here, on
 * first use: a server keeping photos in PostgreSQL never loads it (~0.3 s of start-up).
 */
export async function createS3PhotoStorage(
  config: S3PhotoStorageConfig,
  options: { pageSize?: number } = {},
): Promise<PhotoStorage> {
  const {
    DeleteObjectCommand,
    DeleteObjectsCommand,
    GetObjectCommand,
    HeadBucketCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint && { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId &&
      config.secretAccessKey && {
        credentials: {
          accessKeyId: config.accessKeyId,
          secretAccessKey: config.secretAccessKey,
        },
      }),
    // Checksums only where S3 requires them (DeleteObjects): the SDK's newer default (a CRC
    // trailer on every upload) is not understood by many S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A store that does not answer fails the request instead of holding it for minutes.
    requestHandler: {
      connectionTimeout: 3_000,
      requestTimeout: 30_000,
      throwOnRequestTimeout: true,
    },
  });
  const Bucket = config.bucket;
  /** Runs one request, telling "down" (network, timeout, 5xx) apart from "refused". */
  async function send<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof S3ServiceException && error.$fault === 'client') throw error;
      throw new PhotoStorageUnavailable(error);
    }
  }
  const keyOf = ({ userId, analysisId }: PhotoKey) => `${config.keyPrefix}${userId}/${analysisId}`;

  /** `<prefix><user>/<analysis>` back into ids; anything else in the bucket is not ours. */
  function parseKey(key: string): PhotoKey | null {
    if (!key.startsWith(config.keyPrefix)) return null;
    const [userId, analysisId, ...rest] = key.slice(config.keyPrefix.length).split('/');
    if (rest.length > 0 || !userId || !analysisId || !isUuid(userId) || !isUuid(analysisId))
      return null;
    return { userId, analysisId };
  }

  async function* listing(prefix: string): AsyncGenerator<PhotoEntry> {
    let ContinuationToken: string | undefined;
    do {
      const page = await send(() =>
        client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: prefix,
            ContinuationToken,
            MaxKeys: options.pageSize ?? DELETE_BATCH,
          }),
        ),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key ? parseKey(object.Key) : null;
        if (!key) continue;
        yield { ...key, size: object.Size ?? 0, createdAt: object.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    kind: 's3',
    async put(key, photo) {
      assertPhotoKey(key);
      const command = new PutObjectCommand({
        Bucket,
        Key: keyOf(key),
        Body: photo.data,
        ContentLength: photo.data.length,
        ContentType: photo.contentType,
        Metadata: { width: String(photo.width), height: String(photo.height) },
        ...(config.serverSideEncryption && {
          ServerSideEncryption: config.serverSideEncryption as ServerSideEncryption,
        }),
        ...(config.kmsKeyId && { SSEKMSKeyId: config.kmsKeyId }),
      });
      await send(() => client.send(command));
    },
    async get(key) {
      assertPhotoKey(key);
      let photo;
      try {
        // The body is read inside `send`: a connection lost mid-photo is "unavailable" too.
        photo = await send(async () => {
          const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
          if (!object.Body) return null;
          if ((object.ContentLength ?? 0) > MAX_PHOTO_BYTES) {
            await object.Body.transformToWebStream().cancel();
            return 'too large' as const;
          }
          const data = Buffer.from(await object.Body.transformToByteArray());
          return {
            contentType: object.ContentType ?? 'image/jpeg',
            width: Number(object.Metadata?.width ?? 0),
            height: Number(object.Metadata?.height ?? 0),
            data,
            size: data.length,
            createdAt: object.LastModified ?? new Date(0),
          };
        });
      } catch (error) {
        if (error instanceof S3ServiceException && MISSING.has(error.name)) return null;
        throw error;
      }
      if (photo === 'too large') throw new Error(`stored photo over ${MAX_PHOTO_BYTES} bytes`);
      return photo;
    },
    async delete(key) {
      assertPhotoKey(key);
      // S3 answers 204 for a key that is not there: deleting twice is fine.
      await send(() => client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) })));
    },
    async deleteForUser(userId) {
      assertUserId(userId);
      let deleted = 0;
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const command = new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        });
        const result = await send(() => client.send(command));
        // Quiet mode lists only the failures; one is enough to retry the whole person later.
        const failed = result.Errors ?? [];
        if (failed.length > 0) {
          throw new Error(
            `the store refused to delete ${failed.length} photo(s): ${failed[0]?.Code}`,
          );
        }
        deleted += batch.length;
        batch = [];
      };
      for await (const entry of listing(`${config.keyPrefix}${userId}/`)) {
        batch.push(keyOf(entry));
        if (batch.length === DELETE_BATCH) await flush();
      }
      await flush();
      return deleted;
    },
    listForUser(userId) {
      assertUserId(userId);
      return listing(`${config.keyPrefix}${userId}/`);
    },
    list: () => listing(config.keyPrefix),
    async check() {
      await send(() => client.send(new HeadBucketCommand({ Bucket })));
    },
    async close() {
      client.destroy();
    },
  };
}

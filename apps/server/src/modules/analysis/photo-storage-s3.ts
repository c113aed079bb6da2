import type * as S3 from '@aws-sdk/client-s3';
import type { S3ClientConfig, ServerSideEncryption } from '@aws-sdk/client-s3';
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

/** The SDK, loaded on first use (its types only here). */
type S3Sdk = typeof S3;

/** One bucket's connection and names, shared by the storage's operations. */
interface Bucket {
  sdk: S3Sdk;
  client: InstanceType<S3Sdk['S3Client']>;
  config: S3PhotoStorageConfig;
  pageSize: number;
}

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
  const sdk = await import('@aws-sdk/client-s3');
  const bucket: Bucket = {
    sdk,
    client: new sdk.S3Client(s3ClientConfig(config)),
    config,
    pageSize: options.pageSize ?? DELETE_BATCH,
  };
  const { client } = bucket;
  const Bucket = config.bucket;
  const userPrefix = (userId: string) => `${config.keyPrefix}${userId}/`;
  return {
    kind: 's3',
    async put(key, photo) {
      assertPhotoKey(key);
      const command = new sdk.PutObjectCommand({
        Bucket,
        Key: keyOf(config, key),
        Body: photo.data,
        ContentLength: photo.data.length,
        ContentType: photo.contentType,
        Metadata: { width: String(photo.width), height: String(photo.height) },
        ...(config.serverSideEncryption && {
          ServerSideEncryption: config.serverSideEncryption as ServerSideEncryption,
        }),
        ...(config.kmsKeyId && { SSEKMSKeyId: config.kmsKeyId }),
      });
      await send(bucket, () => client.send(command));
    },
    get: (key) => getPhoto(bucket, key),
    async delete(key) {
      assertPhotoKey(key);
      // S3 answers 204 for a key that is not there: deleting twice is fine.
      await send(bucket, () =>
        client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(config, key) })),
      );
    },
    async deleteForUser(userId) {
      assertUserId(userId);
      return deleteAll(bucket, listing(bucket, userPrefix(userId)));
    },
    listForUser(userId) {
      assertUserId(userId);
      return listing(bucket, userPrefix(userId));
    },
    list: () => listing(bucket, config.keyPrefix),
    async check() {
      await send(bucket, () => client.send(new sdk.HeadBucketCommand({ Bucket })));
    },
    async close() {
      client.destroy();
    },
  };
}

/** The SDK client's settings for a bucket's configuration. */
export function s3ClientConfig(config: S3PhotoStorageConfig): S3ClientConfig {
  return {
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
  };
}

const keyOf = (config: S3PhotoStorageConfig, { userId, analysisId }: PhotoKey) =>
  `${config.keyPrefix}${userId}/${analysisId}`;

/** `<prefix><user>/<analysis>` back into ids; anything else in the bucket is not ours. */
export function parsePhotoKey(keyPrefix: string, key: string): PhotoKey | null {
  if (!key.startsWith(keyPrefix)) return null;
  const [userId, analysisId, ...rest] = key.slice(keyPrefix.length).split('/');
  if (rest.length > 0 || !userId || !analysisId || !isUuid(userId) || !isUuid(analysisId))
    return null;
  return { userId, analysisId };
}

/** Runs one request, telling "down" (network, timeout, 5xx) apart from "refused". */
async function send<T>({ sdk }: Bucket, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof sdk.S3ServiceException && error.$fault === 'client') throw error;
    throw new PhotoStorageUnavailable(error);
  }
}

async function* listing(bucket: Bucket, prefix: string): AsyncGenerator<PhotoEntry> {
  const { sdk, client, config, pageSize } = bucket;
  let ContinuationToken: string | undefined;
  do {
    const page = await send(bucket, () =>
      client.send(
        new sdk.ListObjectsV2Command({
          Bucket: config.bucket,
          Prefix: prefix,
          ContinuationToken,
          MaxKeys: pageSize,
        }),
      ),
    );
    for (const object of page.Contents ?? []) {
      const key = object.Key ? parsePhotoKey(config.keyPrefix, object.Key) : null;
      if (!key) continue;
      yield { ...key, size: object.Size ?? 0, createdAt: object.LastModified ?? new Date(0) };
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}

async function getPhoto(bucket: Bucket, key: PhotoKey) {
  assertPhotoKey(key);
  const { sdk, client, config } = bucket;
  let photo;
  try {
    // The body is read inside `send`: a connection lost mid-photo is "unavailable" too.
    photo = await send(bucket, async () => {
      const object = await client.send(
        new sdk.GetObjectCommand({ Bucket: config.bucket, Key: keyOf(config, key) }),
      );
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
    if (error instanceof sdk.S3ServiceException && MISSING.has(error.name)) return null;
    throw error;
  }
  if (photo === 'too large') throw new Error(`stored photo over ${MAX_PHOTO_BYTES} bytes`);
  return photo;
}

/** Deletes every listed photo, DELETE_BATCH keys a request; resolves to how many. */
async function deleteAll(bucket: Bucket, entries: AsyncIterable<PhotoEntry>): Promise<number> {
  const { sdk, client, config } = bucket;
  let deleted = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const command = new sdk.DeleteObjectsCommand({
      Bucket: config.bucket,
      Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
    });
    const result = await send(bucket, () => client.send(command));
    // Quiet mode lists only the failures; one is enough to retry the whole person later.
    const failed = result.Errors ?? [];
    if (failed.length > 0) {
      throw new Error(`the store refused to delete ${failed.length} photo(s): ${failed[0]?.Code}`);
    }
    deleted += batch.length;
    batch = [];
  };
  for await (const entry of entries) {
    batch.push(keyOf(config, entry));
    if (batch.length === DELETE_BATCH) await flush();
  }
  await flush();
  return deleted;
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPostgresPhotoStorage, type PhotoStorage } from '../modules/analysis/photo-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Private scan photos, by user and analysis id (scan, photo route, deletion, export, sweeps). */
    photoStorage: PhotoStorage;
  }
}

/**
 * PostgreSQL (`analysis_photos`, sharing the db plugin's pool) unless `config.photoStorage`
 * names an S3-compatible bucket (decision 031), which is then a readiness check (`storage`).
 * Closing the app closes the S3 client.
 */
async function photoStoragePlugin(app: FastifyInstance) {
  const s3 = app.config.photoStorage;
  // Loaded only when used: the S3 module brings the AWS SDK.
  const storage = s3
    ? await (await import('../modules/analysis/photo-storage-s3')).createS3PhotoStorage(s3)
    : createPostgresPhotoStorage(app.db);
  app.decorate('photoStorage', storage);
  app.addHook('onClose', () => storage.close());
  // A bucket of its own to reach (PostgreSQL's store is the `database` check already).
  if (s3) app.readiness.add('storage', () => storage.check());
  // Where, never with which keys.
  if (s3) app.log.info({ bucket: s3.bucket, prefix: s3.keyPrefix }, 'photos in object storage');
}

export default fp(photoStoragePlugin, { name: 'photo-storage', dependencies: ['db', 'readiness'] });

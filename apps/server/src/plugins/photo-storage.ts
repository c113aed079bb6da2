import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPostgresPhotoStorage, type PhotoStorage } from '../modules/analysis/photo-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Private scan photos, by analysis id (scan, photo route, deletion and export all use it). */
    photoStorage: PhotoStorage;
  }
}

/** PostgreSQL today (its pool is the db plugin's, closed there); an object store later. */
async function photoStoragePlugin(app: FastifyInstance) {
  app.decorate('photoStorage', createPostgresPhotoStorage(app.db));
}

export default fp(photoStoragePlugin, { name: 'photo-storage', dependencies: ['db'] });

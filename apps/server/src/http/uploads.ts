import fastifyMultipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** The defaults of every upload; a route asks for its own per call (`request.parts({limits})`). */
const UPLOADS: FastifyMultipartOptions = {
  limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 },
};

/**
 * multipart/form-data for the routes of the scope that calls it, and only those (decision 145):
 * the photo scan (/api/analysis/scan-upload) and the product image upload. @fastify/multipart
 * adds an async onRequest hook (a listener on every response's `close`) and an async onResponse
 * hook to each request of the scope it is registered in; at the root they ran on every public
 * read. Any other route answers a multipart body with 415 unsupported_media_type.
 */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, UPLOADS);
}

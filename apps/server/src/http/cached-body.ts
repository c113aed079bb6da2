import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** A serialised JSON answer kept in memory, with the validator a browser sends back. */
export interface CachedBody {
  body: string;
  /** Weak: the same JSON is sent gzip- or brotli-encoded as the browser asks. */
  etag: string;
}

/** The JSON a route's response schema sends for `data` (the serializer compiler's own steps). */
export function serialize<T extends z.ZodType>(schema: T, data: z.output<T>): string {
  return JSON.stringify(z.encode(schema, data));
}

export function cachedBody(body: string): CachedBody {
  const digest = crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22);
  return { body, etag: `W/"${digest}"` };
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function isNotModified(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const bare = etag.replace(/^W\//, '');
  const names = (Array.isArray(header) ? header.join(',') : header).split(',');
  return names.some((name) => {
    const tag = name.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/**
 * Sends a cached answer as it was serialised (no second pass through the response schema), or
 * 304 when the browser already holds it. The content type is set, so Fastify sends the string
 * as it is.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  reply.header('etag', cached.etag);
  if (isNotModified(request.headers['if-none-match'], cached.etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(cached.body);
}

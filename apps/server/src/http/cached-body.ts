import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { z } from 'zod';

/** A serialised JSON answer kept in memory, with the validator a browser sends back. */
export interface CachedBody {
  /**
   * The JSON as UTF-8 bytes, encoded once: a string is encoded again on every write, which for
   * the catalogue (tens of kB) cost more than the rest of the request.
   */
  bytes: Buffer;
  /** Weak: the same JSON is sent gzip- or brotli-encoded as the browser asks. */
  etag: string;
  /** The body compressed, made on first demand and kept with it (not once per request). */
  encoded: { br?: Buffer; gzip?: Buffer };
}

/** Below this the body goes as it is (@fastify/compress's threshold in app.ts). */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Route options of a GET whose answers are always far below COMPRESS_FROM_BYTES (`/api/auth/me`,
 * `/api/dashboard/stats`): @fastify/compress would never compress them, and without a body there
 * is nothing to decompress, so its three hooks are not installed on the route (decision 131).
 * `small-answers.test.ts` checks the answers stay under the threshold with the longest values.
 */
export const SMALL_ANSWER = { compress: false, decompress: false } as const;

/**
 * Route options of a read whose every answer goes out through `sendCached` or `sendOwn` (the
 * catalogue, the article list): the kept body is compressed once, a reader's own answer per
 * request, both from the same threshold, so @fastify/compress's hooks would only look at an
 * answer already encoded; their 4xx answers are short JSON (decisions 144, 148).
 */
export const COMPRESSED_BY_ITSELF = { compress: false, decompress: false } as const;

/**
 * Route options of a read answered from memory by `answerKept` (the catalogue, the article list):
 * no compression hooks (`COMPRESSED_BY_ITSELF`) and no handler timeout from Fastify, which would
 * arm one for every request before the onRequest hook sends the kept answer (≈ 4 µs of CPU each);
 * the route's handler, which runs for a miss or a reader, arms the app's itself (`timed`).
 * Decision 148; `defaultHandlerTimeout` in http/handler-timeout.ts reads the flag.
 */
export const ANSWERED_FROM_MEMORY = {
  ...COMPRESSED_BY_ITSELF,
  config: { noHandlerTimeout: true },
} as const;

/** The JSON a route's response schema sends for `data` (the serializer compiler's own steps). */
export function serialize<T extends z.ZodType>(schema: T, data: z.output<T>): string {
  return JSON.stringify(z.encode(schema, data));
}

export function cachedBody(body: string): CachedBody {
  const digest = crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22);
  return { bytes: Buffer.from(body, 'utf8'), etag: `W/"${digest}"`, encoded: {} };
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

/** br, else gzip, when the Accept-Encoding header allows it (a q=0 refuses); else null. */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (header === undefined) return null;
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name === 'x-gzip' ? 'gzip' : name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Accept-Encoding values seen (browsers send a handful) and what they choose, kept bounded. */
const chosenEncodings = new Map<string, 'br' | 'gzip' | null>();
const CHOSEN_ENCODINGS = 64;

/** `preferredEncoding`, parsed once per distinct header value. */
function encodingFor(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (typeof header !== 'string') return preferredEncoding(header);
  let chosen = chosenEncodings.get(header);
  if (chosen === undefined) {
    chosen = preferredEncoding(header);
    if (chosenEncodings.size >= CHOSEN_ENCODINGS) chosenEncodings.clear();
    chosenEncodings.set(header, chosen);
  }
  return chosen;
}

function compressed(cached: CachedBody, encoding: 'br' | 'gzip'): Buffer {
  cached.encoded[encoding] ??=
    encoding === 'br'
      ? zlib.brotliCompressSync(cached.bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          },
        })
      : zlib.gzipSync(cached.bytes, { level: 9 });
  return cached.encoded[encoding];
}

/**
 * Sends a cached answer as it was serialised (no second pass through the response schema), or
 * 304 when the browser already holds it; br or gzip as the browser accepts. The content type is
 * set, so Fastify sends the bytes as they are.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  reply.header('etag', cached.etag).header('vary', 'Accept-Encoding');
  if (isNotModified(request.headers['if-none-match'], cached.etag)) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoding = encodingFor(request.headers['accept-encoding']);
  if (encoding && cached.bytes.length >= COMPRESS_FROM_BYTES) {
    // Compressed once per answer, not per request (@fastify/compress leaves an encoded body be).
    return reply.header('content-encoding', encoding).send(compressed(cached, encoding));
  }
  return reply.send(cached.bytes);
}

/** @fastify/compress's settings as app.ts registers it (its defaults): brotli quality 4. */
const OWN_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Sends a reader's own answer (JSON written by the route's response schema for this request,
 * kept nowhere) as @fastify/compress did before the route left its hooks (decision 148): br or
 * gzip as `sendCached` chooses, from the same threshold, at the plugin's settings (the body is
 * compressed per request, not once); `vary: accept-encoding` only on a compressed answer, the
 * plugin's rule; none when the request says `x-no-compression`. No ETag: the plugin made none.
 */
export function sendOwn(
  request: FastifyRequest,
  reply: FastifyReply,
  json: ReturnType<FastifyReply['serialize']>,
) {
  reply.type('application/json; charset=utf-8');
  const encoding =
    request.headers['x-no-compression'] === undefined
      ? encodingFor(request.headers['accept-encoding'])
      : null;
  if (encoding === null || Buffer.byteLength(json) < COMPRESS_FROM_BYTES) return reply.send(json);
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!String(vary).includes('accept-encoding'))
    reply.header('vary', `${vary}, accept-encoding`);
  const body = encoding === 'br' ? zlib.brotliCompressSync(json, OWN_BROTLI) : zlib.gzipSync(json);
  return reply.header('content-encoding', encoding).send(body);
}

/**
 * Sends JSON already written by the route's response schema (a body kept in memory): with the
 * content type set, Fastify sends the string as it is instead of serialising it again.
 */
export function sendSerialized(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body);
}

/** A public read served from memory (`answerKept`): its name in the cache and how it is sent. */
export interface KeptRead {
  /** The route's part of its cache keys (`shop/products`): the key is this, a space, the query. */
  name: string;
  cacheControl: string;
  /** As the route's `publicContent.get`: how old an answer may be. */
  maxAgeMs?: number;
  /** Requests with an Authorization header go on to the handler (their answer is their own). */
  visitorsOnly?: boolean;
}

/** What a request is found by in memory before validation: the route and its raw query string. */
export function requestAlias(read: KeptRead, url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? read.name : `${read.name} ${url.slice(at)}`;
}

/** The cache key of a validated query (one answer for every spelling of the same query). */
function keptKey(read: KeptRead, query: unknown): string {
  return `${read.name} ${JSON.stringify(query)}`;
}

/**
 * The route's `onRequest` hook (decision 103): a query string answered before is answered again
 * from memory here, after the API's rate limit and authentication hooks and before the query is
 * validated and the handler runs. Anything else (a query not seen yet, an answer dropped by a
 * staff change or too old, a signed-in reader of a `visitorsOnly` read) goes on to the handler,
 * which keeps its answer under `keptKey` with `requestAlias` (`answerFromMemory`).
 */
export function answerKept(read: KeptRead): onRequestHookHandler {
  return function answerKeptHook(request, reply, done) {
    if (read.visitorsOnly && request.headers.authorization !== undefined) return done();
    const cached = request.server.publicContent.peek(requestAlias(read, request.url), read);
    if (!cached) return done();
    reply.header('cache-control', read.cacheControl);
    // Answered: the rest of the request's hooks and its handler do not run.
    sendCached(request, reply, cached);
  };
}

/**
 * The handler's side of `answerKept`: the answer kept for this validated query (made by `make`
 * once), remembered under the request's raw query string too, and sent.
 */
export async function answerFromMemory(
  read: KeptRead,
  request: FastifyRequest,
  reply: FastifyReply,
  make: () => Promise<string>,
) {
  const cached = await request.server.publicContent.get(keptKey(read, request.query), make, {
    maxAgeMs: read.maxAgeMs,
    alias: requestAlias(read, request.url),
  });
  reply.header('cache-control', read.cacheControl);
  return sendCached(request, reply, cached);
}

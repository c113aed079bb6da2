import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach the log (reset links, OAuth-style codes...). */
const SECRET_QUERY_KEY = /token|code|secret|password|key|sig|email|session/i;

/**
 * `url` as logged: the path, and the query with secret-looking values replaced
 * (`/reset-password?token=…` → `/reset-password?token=[redacted]`).
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        // a malformed escape: test the raw key
      }
      return eq >= 0 && SECRET_QUERY_KEY.test(name) ? `${key}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/** Fastify's default request fields, with the URL redacted (other `req` objects pass as they are). */
export function serializeRequest(request: FastifyRequest): {
  [key: string]: unknown;
  method?: string;
  url?: string;
  host?: string;
  remoteAddress?: string;
  remotePort?: number;
} {
  if (typeof request.url !== 'string' || typeof request.method !== 'string') {
    return request as unknown as Record<string, unknown>;
  }
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  query?: string;
  cause?: LoggedError;
}

/** drizzle's DrizzleQueryError (query + params + cause) or postgres.js's PostgresError. */
function isDatabaseError(error: Error): error is Error & { query?: unknown } {
  return (
    error.name === 'PostgresError' ||
    error.constructor.name === 'DrizzleQueryError' ||
    ('params' in error && 'query' in error) ||
    'parameters' in error
  );
}

/**
 * Errors as logged. A database error keeps only its SQL text (placeholders, no values) and its
 * code: its message, `detail`, `parameters`/`params` and stack header can carry emails, hashes,
 * notes and whole analysis JSON.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const code = (error as { code?: unknown }).code;
  const cause: unknown = error.cause;
  const serializedCause = cause && depth < 3 ? serializeError(cause, depth + 1) : undefined;
  if (isDatabaseError(error)) {
    const query = typeof error.query === 'string' ? error.query.slice(0, 2000) : undefined;
    return {
      type: error.constructor.name,
      message: 'database query failed',
      ...(typeof code === 'string' && { code }),
      ...(query && { query }),
      // the frames only: the first line repeats the message
      stack: (error.stack ?? '')
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n'),
      ...(serializedCause && { cause: serializedCause }),
    };
  }
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  return {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack ?? '',
    ...(typeof code === 'string' && { code }),
    ...(typeof statusCode === 'number' && { statusCode }),
    ...(serializedCause && { cause: serializedCause }),
  };
}

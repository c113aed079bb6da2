/**
 * What never reaches the log, wherever it appears in a logged object (decision 093): values of
 * these keys (compared in lower case, at any depth up to MAX_DEPTH) and every byte buffer.
 *
 * This runs when a line is actually written (pino's logMethod hook), not when a request's child
 * logger is made: pino's `redact` paths ran for every request, logged or not, and its redactor
 * parsed each of ~55 paths again on every call (~6 µs per request).
 */
const SECRET_KEYS = new Set(
  [
    // credentials and sessions
    'password',
    'confirmPassword',
    'currentPassword',
    'newPassword',
    'access_token',
    'refresh_token',
    'token',
    'passwordHash',
    'password_hash',
    'hash',
    // headers that carry secrets
    'authorization',
    'proxy-authorization',
    'cookie',
    'set-cookie',
    'x-api-key',
    // database parameters (emails, hashes, notes, analysis JSON)
    'parameters',
    'params',
    // personal data
    'email',
    'newEmail',
    // photos
    'image_data',
    'images',
    // web push subscriptions
    'endpoint',
    'p256dh',
    'auth',
  ].map((key) => key.toLowerCase()),
);

const CENSOR = '[redacted]';
/** Deeper than any object we log; what lies below is replaced, not walked. */
const MAX_DEPTH = 8;

function isWalkable(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  // Plain objects (request headers, bodies, params) and errors: JSON.stringify writes an
  // error's own enumerable fields (a driver's `parameters`), so those are walked too.
  return proto === Object.prototype || proto === null || value instanceof Error;
}

/**
 * `value` with secret keys and byte buffers replaced by `[redacted]`. Returns `value` itself
 * when nothing in it needs hiding (no copy); otherwise copies only the objects on the way to
 * what was hidden. Other class instances (a Fastify request or reply) pass as they are: the
 * logger's serializers write them field by field (lib/log-serializers.ts).
 */
export function redactForLog(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return CENSOR;
  if (!isWalkable(value)) return value;
  if (depth >= MAX_DEPTH) return CENSOR;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const redacted = redactForLog(item, depth + 1);
      if (redacted !== item) (copy ??= value.slice())[i] = redacted;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const source = value as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const item = source[key];
    // A logged object's `err` goes to the `err` serializer, which needs the Error itself.
    if (depth === 0 && key === 'err' && item instanceof Error) continue;
    const redacted = SECRET_KEYS.has(key.toLowerCase()) ? CENSOR : redactForLog(item, depth + 1);
    if (redacted !== item) (copy ??= { ...source })[key] = redacted;
  }
  return copy ?? value;
}

/**
 * A log call's arguments, redacted: the merged object and every interpolated value. A top-level
 * error passes as it is (the `err` serializer writes database errors without their values).
 */
export function redactLogArguments(args: unknown[]): unknown[] {
  let copy: unknown[] | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg instanceof Error && i === 0) continue;
    const redacted = redactForLog(arg);
    if (redacted !== arg) (copy ??= args.slice())[i] = redacted;
  }
  return copy ?? args;
}

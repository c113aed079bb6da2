import crypto from 'node:crypto';

/** An opaque bearer token: 32 random bytes (256 bits), base64url. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * What the sessions table stores instead of the token (a leaked table grants no access).
 * The one-shot crypto.hash (Node ≥ 20.12) is ~3× cheaper than a Hash object, and this runs on
 * every signed-in request (the session cache is keyed by it).
 */
export function hashToken(token: string): string {
  return crypto.hash('sha256', token, 'hex');
}

/** `Authorization: Bearer <token>` → token, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i);
  return match?.[1] ?? null;
}

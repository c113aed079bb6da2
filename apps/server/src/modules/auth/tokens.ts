import crypto from 'node:crypto';

/** An opaque bearer token: 32 random bytes (256 bits), base64url. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What the sessions table stores instead of the token (a leaked table grants no access). */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** `Authorization: Bearer <token>` → token, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i);
  return match?.[1] ?? null;
}

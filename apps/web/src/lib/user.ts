import type { Role, User } from '@lumiskin/contract/auth';

/*
 * Light checks for the first chunk. Importing values from @lumiskin/contract pulls in zod
 * (~55 kB gzipped), so code every page loads uses these instead; the lazy form chunks use the
 * contract's zod schemas directly.
 */

/** Same rule as `isStaff` in @lumiskin/contract/auth (docs/product-rules.md#roles: admin and moderator). */
export function isStaff(role: Role): boolean {
  return role === 'admin' || role === 'moderator';
}

const ROLES: readonly string[] = ['user', 'moderator', 'admin'] satisfies Role[];

/** True when a stored or received value has the fields the app reads from a user. */
export function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.email === 'string' &&
    typeof v.role === 'string' &&
    ROLES.includes(v.role) &&
    typeof v.created_at === 'string' &&
    typeof v.profile === 'object' &&
    v.profile !== null
  );
}

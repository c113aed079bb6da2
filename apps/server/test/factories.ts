import type { Role, User } from '@lumiskin/contract/auth';
import type { FastifyInstance } from 'fastify';
import { createSession, insertUser, toUser } from '../src/modules/auth/repository';

let sequence = 0;

export interface CreatedUser {
  user: User;
  token: string;
  password: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

/** A user with a live session, written straight to the app's database (no rate limits involved). */
export async function createUser(
  app: FastifyInstance,
  overrides: {
    name?: string;
    email?: string;
    password?: string;
    role?: Role;
    /** Whether the address counts as proved; default: only for staff (decision 070). */
    emailConfirmed?: boolean;
  } = {},
): Promise<CreatedUser> {
  sequence += 1;
  const password = overrides.password ?? `password-${sequence}`;
  const row = await insertUser(app.db, {
    name: overrides.name ?? `Test User ${sequence}`,
    email: overrides.email ?? `user${sequence}.${process.pid}.${Date.now()}@example.test`,
    password,
    role: overrides.role ?? 'user',
    emailConfirmed: overrides.emailConfirmed ?? (overrides.role ?? 'user') !== 'user',
  });
  if (!row) throw new Error('createUser: email already taken');
  const { token } = await createSession(app.db, {
    userId: row.id,
    ttlDays: 1,
    userAgent: 'vitest',
  });
  return { user: toUser(row), token, password, headers: { authorization: `Bearer ${token}` } };
}

import type { Role } from '@lumiskin/contract/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findLiveSession } from '../modules/auth/repository';
import type { SessionRow, UserRow } from '../modules/auth/schema';
import { bearerToken } from '../modules/auth/tokens';
import { forbidden, unauthorized } from './errors';

export interface AuthContext {
  user: UserRow;
  session: SessionRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Filled by requireUser: undefined = not looked up yet, null = no valid token. */
    auth: AuthContext | null | undefined;
  }
}

/** The signed-in user of this request, or null (looked up once per request). */
export async function currentUser(request: FastifyRequest): Promise<AuthContext | null> {
  if (request.auth === undefined) {
    const token = bearerToken(request.headers.authorization);
    request.auth = token ? ((await findLiveSession(request.server.db, token)) ?? null) : null;
  }
  return request.auth;
}

/**
 * 401 unless a valid bearer token came with the request. Returns the user; also works as a
 * route `preHandler: requireUser`.
 */
export async function requireUser(request: FastifyRequest): Promise<UserRow> {
  const auth = await currentUser(request);
  if (!auth) throw unauthorized();
  return auth.user;
}

const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };

/** 401 when signed out, 403 unless the user has `role` or a higher one (admin ⊃ moderator ⊃ user). */
export async function requireRole(request: FastifyRequest, role: Role): Promise<UserRow> {
  const user = await requireUser(request);
  if (RANK[user.role] < RANK[role]) throw forbidden();
  return user;
}

/** `preHandler: roleGuard('admin')` for routes that only need the check. */
export const roleGuard = (role: Role) => async (request: FastifyRequest) => {
  await requireRole(request, role);
};

const PRIVATE = 'private, no-store';

async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', undefined);
  // A signed-in answer (or one that hands out a token) is nobody else's: no shared or browser
  // cache may keep it, whatever the route set for visitors.
  app.addHook('onSend', async (request, reply, payload) => {
    const isSignedIn = Boolean(request.auth) || request.headers.authorization !== undefined;
    const isJson = String(reply.getHeader('content-type') ?? '').includes('json');
    const handsOutToken = request.url.startsWith('/api/auth/');
    if (isJson && (isSignedIn || handsOutToken)) reply.header('cache-control', PRIVATE);
    return payload;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });

import type { Role } from '@lumiskin/contract/auth';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { SessionRow, UserRow } from '../modules/auth/schema';
import { forbidden, unauthorized } from './errors';

/** Who sent the request: the bearer token's live session and its user. */
export interface AuthContext {
  user: UserRow;
  session: SessionRow;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live session an `Authorization: Bearer …` header names (plugins/auth.ts looks it up). */
    findSession(authorization: string | undefined): Promise<AuthContext | undefined>;
    /**
     * `findSession` without a promise when the session is kept in memory (the common case): the
     * context or undefined at once, or a promise when the database must be read.
     */
    lookupSession(
      authorization: string | undefined,
    ): AuthContext | undefined | Promise<AuthContext | undefined>;
    /**
     * After a change to an account, its sessions or its data (sign-out, password, suspension,
     * role, deletion, profile, a scan saved): every instance forgets what it keeps about that
     * user, sessions and dashboard figures ('*': everyone's).
     */
    forgetUser(userId: string | '*'): Promise<void>;
  }
  interface FastifyRequest {
    /** undefined = not looked up yet, null = no valid token. Read `user` / `session` instead. */
    auth: AuthContext | null | undefined;
    /**
     * The signed-in user on a route that declares bearer security (authenticated before its body
     * is read, see `authenticateDeclared`). Reading it on any other route is a programming error.
     */
    readonly user: UserRow;
    /** The session of `user` (same rule). */
    readonly session: SessionRow;
  }
}

/** The signed-in user of this request, or null (looked up once per request). */
export async function currentUser(request: FastifyRequest): Promise<AuthContext | null> {
  if (request.auth === undefined) {
    request.auth = (await request.server.findSession(request.headers.authorization)) ?? null;
  }
  return request.auth;
}

/** What `request.user` / `request.session` read (the auth plugin installs them as getters). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) {
    throw new Error(
      `request.user read on ${request.method} ${request.routeOptions.url ?? request.url}, ` +
        'which does not declare bearer security',
    );
  }
  return request.auth;
}

/** Whether a route's schema documents bearer security (`security: [{ bearer: [] }]`). */
export function declaresBearer(schema: FastifySchema | undefined): boolean {
  const security = (schema as { security?: Record<string, unknown>[] } | undefined)?.security;
  return security?.some((scheme) => 'bearer' in scheme) ?? false;
}

/**
 * onRequest hook of the API: a route that declares bearer security authenticates here, once,
 * before its body is read or parsed (so a request without a valid token costs one lookup and no
 * body); its handler then reads `request.user`.
 */
export function authenticateDeclared(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  // A callback hook: the public routes (no bearer) pass without a promise per request, and a
  // session kept in memory is found without one too (decision 131).
  if (!declaresBearer(request.routeOptions.schema)) return done();
  if (request.auth !== undefined) return done(request.auth ? undefined : unauthorized());
  const found = request.server.lookupSession(request.headers.authorization);
  if (!(found instanceof Promise)) {
    request.auth = found ?? null;
    return done(found ? undefined : unauthorized());
  }
  found.then((auth) => {
    request.auth = auth ?? null;
    done(auth ? undefined : unauthorized());
  }, done);
}

/**
 * The broadcast topic (plugins/broadcast.ts) of `forgetUser`: its message is a user id, or '*'.
 * What a process keeps about a person (sessions, dashboard figures) listens to it.
 */
export const USER_CHANGED = 'user-changed';

const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };

/** Whether `user` has `role` or a higher one (admin ⊃ moderator ⊃ user). */
export const hasRole = (user: UserRow, role: Role): boolean => RANK[user.role] >= RANK[role];

/**
 * `onRequest: requireRole('admin')` (or a scope's hook): 403 unless the authenticated user has the
 * role or a higher one. Runs after `authenticateDeclared`, so a signed-out caller already got 401.
 */
export const requireRole = (role: Role) => async (request: FastifyRequest) => {
  if (!hasRole(request.user, role)) throw forbidden();
};

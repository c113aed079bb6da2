import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authOf, USER_CHANGED, type AuthContext } from '../http/auth';
import { SESSION_CACHE_TTL_MS, sessionCache } from '../lib/session-cache';
import { findLiveSession } from '../modules/auth/repository';
import { bearerToken, hashToken } from '../modules/auth/tokens';

const PRIVATE = 'private, no-store';
/** Sessions kept per process (a few hundred bytes each). */
const SESSION_CACHE_ENTRIES = 10_000;

/**
 * Who is signed in: `app.findSession` (bearer token → live session, for the kernel's
 * `currentUser` and `authenticateDeclared` in http/auth.ts) and the typed `request.user` / `request.session`
 * of a route that declares bearer security.
 */
async function authPlugin(app: FastifyInstance) {
  const cache = sessionCache<AuthContext>({
    ttlMs: app.redis ? SESSION_CACHE_TTL_MS.shared : SESSION_CACHE_TTL_MS.alone,
    maxEntries: SESSION_CACHE_ENTRIES,
  });
  app.broadcast.subscribe(USER_CHANGED, (userId) => cache.forget(userId === '*' ? null : userId));

  /**
   * The session an Authorization header names: the kept one at once (no promise: most signed-in
   * requests end here), else a promise of the database's answer. The token is hashed once.
   */
  const lookupSession = (
    authorization: string | undefined,
  ): AuthContext | undefined | Promise<AuthContext | undefined> => {
    const token = bearerToken(authorization);
    if (!token) return undefined;
    const tokenHash = hashToken(token);
    // Not subscribed (Redis configured but out of reach): a sign-out elsewhere could be missed.
    const isLive = app.broadcast.isLive();
    const cached = isLive ? cache.get(tokenHash, Date.now()) : undefined;
    if (cached) return cached;
    if (!isLive) return findLiveSession(app.db, tokenHash);
    // One read per token at a time: when a kept session expires under load, the requests that
    // miss together wait for the same row.
    return cache.loadOnce(tokenHash, async (generation) => {
      const found = await findLiveSession(app.db, tokenHash);
      if (found) {
        cache.set(tokenHash, found.user.id, found, found.session.expiresAt.getTime(), generation);
      }
      return found;
    });
  };
  app.decorate('lookupSession', lookupSession);
  app.decorate('findSession', async (authorization: string | undefined) =>
    lookupSession(authorization),
  );
  app.decorate('forgetUser', (userId: string | '*') => app.broadcast.publish(USER_CHANGED, userId));

  app.decorateRequest('auth', undefined);
  app.decorateRequest('user', {
    getter() {
      return authOf(this).user;
    },
  });
  app.decorateRequest('session', {
    getter() {
      return authOf(this).session;
    },
  });
  // One onSend hook, a callback one (reads pass without a promise per request):
  // - A signed-in answer (or one that hands out a token) is nobody else's: no shared or browser
  //   cache may keep it, whatever the route set for visitors.
  // - Anything a signed-in person changes may be their account (profile, password, sign-out,
  //   deletion): their sessions are read afresh everywhere before the answer leaves. Changes to
  //   someone else's account (staff, links from a mail) call forgetUser themselves.
  app.addHook('onSend', (request, reply, payload, done) => {
    const isSignedIn = Boolean(request.auth) || request.headers.authorization !== undefined;
    if (isSignedIn || request.url.startsWith('/api/auth/')) {
      const isJson = String(reply.getHeader('content-type') ?? '').includes('json');
      if (isJson) reply.header('cache-control', PRIVATE);
    }
    const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
    if (isWrite && request.auth && reply.statusCode < 400) {
      app.forgetUser(request.auth.user.id).then(() => done(null, payload), done);
      return;
    }
    done(null, payload);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db', 'broadcast'] });

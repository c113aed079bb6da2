import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authOf } from '../http/auth';
import { findLiveSession } from '../modules/auth/repository';
import { bearerToken } from '../modules/auth/tokens';

const PRIVATE = 'private, no-store';

/**
 * Who is signed in: `app.findSession` (bearer token → live session, for the kernel's
 * `authenticate` / `currentUser` in http/auth.ts) and the typed `request.user` / `request.session`
 * of a route that declares bearer security.
 */
async function authPlugin(app: FastifyInstance) {
  app.decorate('findSession', async (authorization: string | undefined) => {
    const token = bearerToken(authorization);
    return token ? findLiveSession(app.db, token) : undefined;
  });
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

import {
  AccountMessages,
  AccountSessionList,
  SessionIdParams,
  SignedOutOthers,
} from '@lumiskin/contract/account';
import { ApiError } from '@lumiskin/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { deviceLabel } from '../auth/device-label';
import { listLiveSessions, revokeOtherSessions, revokeOwnSession } from '../auth/repository';

const common = { tags: ['users'], security: [{ bearer: [] }] };

/**
 * Where the account is signed in, and signing devices out (decision 182): a lost phone's session
 * ends without a password change. Every write here forgets the account's kept sessions on every
 * instance before it answers (plugins/auth.ts), so a device signed out is out everywhere at once.
 */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/sessions',
    {
      schema: {
        ...common,
        summary: 'The devices this account is signed in on (live sessions), this one first',
        response: { 200: AccountSessionList, 401: ApiError },
      },
    },
    async (request) => {
      const current = request.session.id;
      // This device first (it is live: it is asking, so always listed), then by last use.
      const rows = await listLiveSessions(app.db, request.user.id, current);
      const sessions = rows.map((row) => ({
        id: row.id,
        device: deviceLabel(row.userAgent),
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
        current: row.id === current,
      }));
      return { sessions };
    },
  );

  app.delete(
    '/me/sessions/:id',
    {
      schema: {
        ...common,
        summary: 'Sign one of this account’s devices out (this one too, like logout)',
        params: SessionIdParams,
        response: { 204: z.null(), 400: ApiError, 401: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      const ended = await revokeOwnSession(app.db, request.user.id, request.params.id);
      // Someone else's session and one already ended read the same: nothing to learn here.
      if (!ended) throw notFound(AccountMessages.sessionNotFound);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/me/sessions/sign-out-others',
    {
      schema: {
        ...common,
        summary: 'Sign out every other device of this account; this one stays signed in',
        response: { 200: SignedOutOthers, 400: ApiError, 401: ApiError },
      },
    },
    async (request) => ({
      signed_out: await revokeOtherSessions(app.db, request.user.id, request.session.id),
    }),
  );
};

export default sessionRoutes;

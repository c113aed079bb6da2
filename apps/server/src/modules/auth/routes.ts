import { AdminErrorCode, AdminMessages } from '@lumiskin/contract/admin';
import {
  AuthMessages,
  AuthResponse,
  LoginBody,
  MeResponse,
  RegisterBody,
} from '@lumiskin/contract/auth';
import { ApiError, ErrorCode } from '@lumiskin/contract/errors';
import { SettingsErrorCode, SettingsMessages } from '@lumiskin/contract/settings';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, HttpError, unauthorized } from '../../http/errors';
import { sendSerialized, SMALL_ANSWER } from '../../http/cached-body';
import { compiledWriter } from '../../lib/fast-serializer';
import { burnPasswordCheck, verifyPassword } from './password';
import { credentialLimits, credentialThrottle } from './rate-limits';
import { createSession, findUserByEmail, registerUser, revokeSession, toUser } from './repository';
import { alertIfNewDevice } from './new-device-alert';
import type { UserRow } from './schema';
import { sendEmailConfirmation } from '../users/email-confirmation';

/** The route's own compiled writer (the serializer compiler's), or zod's where it cannot compile. */
const writeMe =
  compiledWriter(MeResponse) ?? ((data: MeResponse) => JSON.stringify(z.encode(MeResponse, data)));
/**
 * `GET /api/auth/me`'s body per user row. A kept session hands out the same row object until it is
 * read again (any change to the account forgets it, decision 087), so the body lives as long as
 * that row and no longer; a row read afresh is a new key.
 */
const meBodies = new WeakMap<UserRow, string>();

/** The body `GET /api/auth/me` answers for `user`, written once per row. */
export function meBody(user: UserRow): string {
  let body = meBodies.get(user);
  if (body === undefined) {
    body = writeMe({ user: toUser(user) } satisfies MeResponse);
    meBodies.set(user, body);
  }
  return body;
}

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 409: ApiError, 429: ApiError };

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const loginThrottle = credentialThrottle(app, 'login');
  async function signIn(user: UserRow, request: FastifyRequest) {
    const userAgent = request.headers['user-agent'];
    const { id, token, expiresAt } = await createSession(app.db, {
      userId: user.id,
      ttlDays: app.config.tokenTtlDays,
      userAgent,
    });
    return {
      body: authResponse(user, token, expiresAt),
      session: { id, userAgent, at: app.config.now?.() ?? new Date() },
    };
  }

  function authResponse(user: UserRow, token: string, expiresAt: Date): AuthResponse {
    return {
      user: toUser(user),
      access_token: token,
      token_type: 'bearer',
      expires_at: expiresAt.toISOString(),
    };
  }

  app.post(
    '/register',
    {
      ...credentialLimits(app, 'register'),
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: RegisterBody,
        response: { 201: AuthResponse, ...errors },
      },
    },
    async (request, reply) => {
      // An admin may pause sign-ups (admin settings); existing accounts still sign in.
      if (!(await app.settings.get()).signups_open) {
        throw new HttpError(403, SettingsErrorCode.signupsClosed, SettingsMessages.signupsClosed);
      }
      // Only these fields reach the database; `role` or anything else sent is ignored.
      const { name, email, password } = request.body;
      const created = await registerUser(
        app.db,
        { name, email, password },
        { ttlDays: app.config.tokenTtlDays, userAgent: request.headers['user-agent'] },
      );
      if (!created) throw conflict(AuthMessages.emailTaken, ErrorCode.emailTaken);
      const { user, token, expiresAt } = created;
      // The address is proved by opening this link (decision 070); until then the account works
      // but cannot hold a staff role. A mail problem never undoes the sign-up.
      await sendEmailConfirmation(app, user).catch((error: unknown) =>
        request.log.error({ err: error }, 'sign-up confirmation mail failed'),
      );
      return reply.code(201).send(authResponse(user, token, expiresAt));
    },
  );

  app.post(
    '/login',
    {
      ...loginThrottle.hooks,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: LoginBody,
        response: { 200: AuthResponse, ...errors },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const user = await findUserByEmail(app.db, email);
      // Same answer and about the same time whether the email is unknown or the password wrong.
      const isValid = user
        ? await verifyPassword(user.passwordHash, password)
        : await burnPasswordCheck(password).then(() => false);
      if (!user || !isValid) {
        await loginThrottle.fail(request);
        throw unauthorized(AuthMessages.invalidCredentials, ErrorCode.invalidCredentials);
      }
      await loginThrottle.succeed(request);
      // Told only to someone who knows the password, so it reveals nothing to a prober.
      if (user.suspendedAt) {
        throw new HttpError(403, AdminErrorCode.accountSuspended, AdminMessages.suspended);
      }
      const answer = await signIn(user, request);
      await alertIfNewDevice(app, user, answer.session);
      return answer.body;
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the token this request carries',
        security: [{ bearer: [] }],
        response: { 204: z.null(), 401: ApiError },
      },
    },
    async (request, reply) => {
      await revokeSession(app.db, request.session.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: MeResponse, 401: ApiError },
      },
      ...SMALL_ANSWER,
    },
    async (request, reply) =>
      // Written once per user row kept with the session, not on every request (decision 131).
      sendSerialized(reply, meBody(request.user)),
  );
};

export default authRoutes;

import {
  AccountErrorCode,
  AccountMessages,
  ForgotPasswordBody,
  MessageResponse,
  RESET_TOKEN_TTL_MINUTES,
  ResetPasswordBody,
  ResetPasswordResponse,
  ResetTokenCheck,
  ResetTokenCheckBody,
} from '@lumiskin/contract/account';
import { ApiError } from '@lumiskin/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setTimeout as sleep } from 'node:timers/promises';
import type { UserRow } from '../auth/schema';
import type { MailMessage } from '../mail/mailer';
import { HttpError } from '../../http/errors';
import { credentialLimits, credentialThrottle } from '../auth/rate-limits';
import { findUserByEmail, findUserById } from '../auth/repository';
import { mailPasswordChanged } from './password-changed-mail';
import { consumeResetToken, createResetToken, isResetTokenUsable, setPassword } from './repository';

const errors = { 400: ApiError, 429: ApiError };

/** Every forgot-password answer takes at least this long, known email or not (decision 021). */
export const FORGOT_PASSWORD_FLOOR_MS = 300;

/** Forgot/reset password, mounted under /api/auth beside sign-in. */
/**
 * Creates a single-use reset token in `db` (the caller's transaction, in the admin area, so the
 * token and its audit entry commit together) and returns the mail carrying its link, to send
 * once committed.
 */
export async function prepareResetLink(
  app: FastifyInstance,
  user: UserRow,
  db: Parameters<typeof createResetToken>[0] = app.db,
): Promise<MailMessage> {
  const now = app.config.now?.() ?? new Date();
  const appUrl = app.config.appUrl ?? 'http://localhost:3000';
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000);
  const token = await createResetToken(db, user.id, expiresAt);
  const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    userId: user.id,
    to: user.email,
    subject: 'Reset your Lumiskin password',
    text: [
      'Hello,',
      '',
      'Someone (hopefully you) asked to reset the password of your Lumiskin account.',
      `Open this link within ${RESET_TOKEN_TTL_MINUTES} minutes to choose a new one. It works once:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this email; your password stays as it is.',
    ].join('\n'),
  };
}

/** Creates a single-use reset token and mails its link. */
export async function sendResetLink(app: FastifyInstance, user: UserRow): Promise<void> {
  await app.mailer.send(await prepareResetLink(app, user));
}

const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.config.now?.() ?? new Date();
  const forgotThrottle = credentialThrottle(app, 'forgot-password');

  app.post(
    '/forgot-password',
    {
      // Per IP and per (email, IP) refusals, per email only a slow-down: nobody can probe many
      // addresses quickly, and nobody can stop someone else from resetting (decision 021).
      ...forgotThrottle.hooks,
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use reset link (same answer whether or not the account exists)',
        body: ForgotPasswordBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await forgotThrottle.fail(request);
      // The answer waits for the same floor whatever happened, so its time does not say whether
      // the email has an account (the token and outbox inserts only run for known ones).
      const floor = sleep(FORGOT_PASSWORD_FLOOR_MS);
      const user = await findUserByEmail(app.db, request.body.email);
      if (user) {
        // Stored (and, with SMTP, queued for the mail job) before we answer: a few inserts, well
        // inside the floor, so no mail is lost if the process stops right after answering.
        await sendResetLink(app, user).catch((error: unknown) =>
          request.log.error({ err: error }, 'reset mail failed'),
        );
      }
      await floor;
      return { message: AccountMessages.resetRequested };
    },
  );

  // The reset page asks first, so an old link says so before a new password is typed. Limited
  // like the reset itself; the token (32 random bytes) is in the body, never in a logged URL.
  app.post(
    '/reset-password/check',
    {
      onRequest: credentialLimits(app, 'reset-check').onRequest,
      schema: {
        tags: ['auth'],
        summary: 'Whether an emailed reset link still works (it stays unused)',
        body: ResetTokenCheckBody,
        response: { 200: ResetTokenCheck, ...errors },
      },
    },
    async (request) => ({ valid: await isResetTokenUsable(app.db, request.body.token, now()) }),
  );

  app.post(
    '/reset-password',
    {
      onRequest: credentialLimits(app, 'reset-password').onRequest,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed token; signs out every session',
        body: ResetPasswordBody,
        response: { 200: ResetPasswordResponse, ...errors },
      },
    },
    async (request) => {
      const userId = await consumeResetToken(app.db, request.body.token, now());
      if (!userId) {
        throw new HttpError(400, AccountErrorCode.invalidResetToken, AccountMessages.resetInvalid);
      }
      await setPassword(app.db, userId, request.body.password, null);
      // Every session was revoked: on every instance too, before the answer.
      await app.forgetUser(userId);
      const user = await findUserById(app.db, userId);
      if (user) {
        await mailPasswordChanged(app, user, {
          via: 'reset',
          userAgent: request.headers['user-agent'],
          at: now(),
        });
      }
      return { message: AccountMessages.resetDone, email: user?.email ?? '' };
    },
  );
};

export default passwordResetRoutes;

import { AdminErrorCode, AdminMessages } from '@lumiskin/contract/admin';
import {
  AccountErrorCode,
  AccountExport,
  AccountMessages,
  AccountResponse,
  ChangeEmailBody,
  ChangePasswordBody,
  DeleteAccountBody,
  MessageResponse,
  PendingEmailChangeResponse,
  UpdateAccountBody,
} from '@lumiskin/contract/account';
import { ApiError, ErrorCode } from '@lumiskin/contract/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, nothingToChange, unauthorized } from '../../http/errors';
import { lockAdminSeats } from '../admin/repository';
import { countActiveAdmins, isActiveAdmin } from '../admin/users-repository';
import { findUserById } from '../auth/repository';
import { verifyPassword } from '../auth/password';
import { mailPasswordChanged } from './password-changed-mail';
import { enforceLimit } from '../auth/rate-limits';
import { sendEmailConfirmation } from './email-confirmation';
import { cancelEmailChange, pendingEmailChange, requestEmailChange } from './email-change';
import { accountExportStream } from './export';
import sessionRoutes from './session-routes';
import {
  deleteAccount,
  isKnownTimezone,
  setPassword,
  toAccount,
  accountChanges,
  updateAccount,
} from './repository';

const errors = { 400: ApiError, 401: ApiError, 409: ApiError, 429: ApiError };
const common = { tags: ['users'], security: [{ bearer: [] }] };

/**
 * A large export to a slow phone can take minutes; the app-wide handlerTimeout (30 s) would cut
 * it. Still bounded, so a client that stops reading does not hold the stream for ever.
 */
const EXPORT_TIMEOUT_MS = 30 * 60_000;

const wrongPassword = () =>
  new HttpError(400, AccountErrorCode.wrongPassword, AccountMessages.wrongPassword, {
    password: AccountMessages.wrongPassword,
  });

type PasswordLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The account itself: read and edit (the email only through a confirmation link). */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      schema: {
        ...common,
        summary: 'The signed-in user with profile, settings and goals',
        response: { 200: AccountResponse, 401: ApiError },
      },
    },
    async (request) => ({ user: toAccount(request.user) }),
  );

  app.patch(
    '/me',
    {
      schema: {
        ...common,
        summary:
          'Update name, skin type and concerns, notes, time zone, settings, goals (email: see /me/email)',
        body: UpdateAccountBody,
        response: { 200: AccountResponse, ...errors },
      },
    },
    async (request) => {
      const user = request.user;
      const body = request.body;
      if (body.timezone !== undefined && !(await isKnownTimezone(app.db, body.timezone))) {
        throw new HttpError(400, ErrorCode.validation, AccountMessages.invalidTimezone, {
          timezone: AccountMessages.invalidTimezone,
        });
      }
      const { email, ...fields } = body;
      // Forms send the email back as it is; a new one needs a confirmation link (decision 035).
      if (email !== undefined && email.toLowerCase() !== user.email.toLowerCase()) {
        throw new HttpError(
          400,
          AccountErrorCode.emailNeedsConfirmation,
          AccountMessages.emailNeedsConfirmation,
          { email: AccountMessages.emailNeedsConfirmation },
        );
      }
      const changes = accountChanges(fields);
      // The email sent back alone, or `settings: {}`: nothing for the database to do.
      if (Object.keys(changes).length === 0) throw nothingToChange();
      const row = await updateAccount(app.db, user.id, changes);
      if (!row) throw unauthorized();
      return { user: toAccount(row) };
    },
  );
};

/** A new address (current password; confirmed by a link) and the link for the present one. */
const emailRoutes: FastifyPluginAsyncZod<{ passwordLimit: PasswordLimit }> = async (
  app,
  { passwordLimit },
) => {
  app.post(
    '/me/email',
    {
      onRequest: passwordLimit,
      schema: {
        ...common,
        summary:
          'Change the email (current password required): mails a confirmation link to the new address; ' +
          'the change happens when it is opened',
        body: ChangeEmailBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const user = request.user;
      if (!(await verifyPassword(user.passwordHash, request.body.currentPassword))) {
        throw new HttpError(400, AccountErrorCode.wrongPassword, AccountMessages.wrongPassword, {
          currentPassword: AccountMessages.wrongPassword,
        });
      }
      const outcome = await requestEmailChange(app, user, request.body.newEmail);
      if (outcome === 'unchanged') {
        throw new HttpError(400, ErrorCode.validation, AccountMessages.emailUnchanged, {
          newEmail: AccountMessages.emailUnchanged,
        });
      }
      if (outcome === 'limit') {
        throw new HttpError(429, ErrorCode.rateLimited, AccountMessages.emailChangeLimit);
      }
      request.log.info({ userId: user.id }, 'email change requested');
      return { message: AccountMessages.emailChangeRequested };
    },
  );

  app.get(
    '/me/email',
    {
      schema: {
        ...common,
        summary: 'The email change waiting for its link to be opened, or null',
        response: { 200: PendingEmailChangeResponse, 401: ApiError },
      },
    },
    async (request) => {
      const now = app.config.now?.() ?? new Date();
      return { pending: await pendingEmailChange(app.db, request.user.id, now) };
    },
  );

  app.delete(
    '/me/email',
    {
      schema: {
        ...common,
        summary:
          'Cancel the pending email change: its link stops working (nothing pending is fine)',
        response: { 200: PendingEmailChangeResponse, ...errors },
      },
    },
    async (request) => {
      const now = app.config.now?.() ?? new Date();
      if (await cancelEmailChange(app.db, request.user.id, now)) {
        request.log.info({ userId: request.user.id }, 'email change cancelled');
      }
      return { pending: null };
    },
  );

  app.post(
    '/me/email/confirmation',
    {
      schema: {
        ...common,
        summary:
          'Mail a new confirmation link to the account’s address (decision 070); 400 when it is already confirmed',
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const user = request.user;
      const outcome = await sendEmailConfirmation(app, user);
      if (outcome === 'confirmed') {
        throw new HttpError(
          400,
          AccountErrorCode.alreadyConfirmed,
          AccountMessages.alreadyConfirmed,
        );
      }
      if (outcome === 'limit') {
        throw new HttpError(429, ErrorCode.rateLimited, AccountMessages.confirmationLimit);
      }
      return { message: AccountMessages.confirmationSent };
    },
  );
};

/** What needs the current password: a new one, and deleting the account. */
const passwordRoutes: FastifyPluginAsyncZod<{ passwordLimit: PasswordLimit }> = async (
  app,
  { passwordLimit },
) => {
  app.post(
    '/me/password',
    {
      onRequest: passwordLimit,
      schema: {
        ...common,
        summary: 'Change the password (current one required); other sessions are signed out',
        body: ChangePasswordBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const { user, session } = request;
      const wrong = () =>
        new HttpError(400, AccountErrorCode.wrongPassword, AccountMessages.wrongPassword, {
          currentPassword: AccountMessages.wrongPassword,
        });
      if (!(await verifyPassword(user.passwordHash, request.body.currentPassword))) throw wrong();
      // Only over the hash just checked: a change that got there first wins (see setPassword).
      const { password } = request.body;
      if (!(await setPassword(app.db, user.id, password, session.id, user.passwordHash)))
        throw wrong();
      await mailPasswordChanged(app, user, {
        via: 'settings',
        userAgent: request.headers['user-agent'],
        at: app.config.now?.() ?? new Date(),
      });
      return { message: AccountMessages.passwordChanged };
    },
  );

  app.delete(
    '/me',
    {
      onRequest: passwordLimit,
      schema: {
        ...common,
        summary: 'Delete the account and everything in it (password required)',
        body: DeleteAccountBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!(await verifyPassword(user.passwordHash, request.body.password))) throw wrongPassword();
      await app.db.transaction(async (tx) => {
        // The same lock as the admin area's demotions: the last active admin cannot leave
        // while another admin is being demoted or suspended at the same instant.
        await lockAdminSeats(tx);
        const fresh = await findUserById(tx, user.id);
        if (fresh && isActiveAdmin(fresh) && (await countActiveAdmins(tx)) <= 1) {
          throw new HttpError(409, AdminErrorCode.lastAdmin, AdminMessages.lastAdmin);
        }
        await deleteAccount(tx, user.id);
      });
      void app.photoSweeper.kick();
      request.log.info({ userId: user.id }, 'account deleted');
      return reply.code(204).send(null);
    },
  );
};

/** The account export: one at a time per account. */
const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Users whose export is being sent: one at a time each (every export reads all their photos). */
  const exporting = new Set<string>();

  app.get(
    '/me/export',
    {
      handlerTimeout: Math.max(EXPORT_TIMEOUT_MS, app.config.requestTimeoutMs),
      schema: {
        ...common,
        summary: 'Everything held about the user, photos included, as a JSON attachment (streamed)',
        response: { 200: AccountExport, 401: ApiError, 429: ApiError },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (exporting.has(user.id)) {
        throw new HttpError(429, ErrorCode.rateLimited, AccountMessages.exportRunning);
      }
      const now = app.config.now?.() ?? new Date();
      const stream = accountExportStream({ db: app.db, storage: app.photoStorage }, user, now);
      exporting.add(user.id);
      // 'close' comes after the last byte and after a client that went away: both free the slot.
      stream.once('close', () => exporting.delete(user.id));
      // Who exported, never what: the document holds photos and personal data.
      request.log.info({ userId: user.id }, 'account export');
      return (
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="lumiskin-export-${now.toISOString().slice(0, 10)}.json"`,
          )
          .header('cache-control', 'private, no-store')
          // A stream is piped as it is (never serialised); the schema documents what it holds.
          .send(stream as unknown as AccountExport)
      );
    },
  );
};

/** /api/users: the signed-in person's own account. */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Password checks cost ~50 ms of argon2 each; keep guessing through these routes slow.
  // A credential limit: with Redis down it refuses (503) rather than allowing unlimited guesses.
  const passwordLimiter = app.createRateLimit({
    max: app.config.rateLimit.authMax,
    timeWindow: app.config.rateLimit.authWindowS * 1000,
    skipOnError: false,
    keyGenerator: (request) => `password-check:${request.ip}`,
  });
  const passwordLimit = (request: FastifyRequest, reply: FastifyReply) =>
    enforceLimit(
      passwordLimiter,
      request,
      reply,
      (wait) => `Too many attempts. Please try again in ${wait}.`,
    );
  const limited = { passwordLimit };
  await app.register(profileRoutes);
  await app.register(emailRoutes, limited);
  await app.register(passwordRoutes, limited);
  await app.register(exportRoutes);
  await app.register(sessionRoutes);
};

export default usersRoutes;

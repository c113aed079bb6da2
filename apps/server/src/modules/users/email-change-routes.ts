import {
  AccountErrorCode,
  AccountMessages,
  ConfirmEmailBody,
  ConfirmEmailResponse,
} from '@lumiskin/contract/account';
import { AuthMessages } from '@lumiskin/contract/auth';
import { ApiError, ErrorCode } from '@lumiskin/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, HttpError } from '../../http/errors';
import { credentialLimits } from '../auth/rate-limits';
import { confirmEmailChange, sendEmailChangedNotice } from './email-change';
import { confirmEmailAddress } from './email-confirmation';

/**
 * POST /api/auth/confirm-email, beside sign-in and password reset: the emailed link's page sends its
 * token here, and so does sign-up's confirmation link (decision 070). No session needed (the mail
 * may be read on another device); the token is the proof.
 */
const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/confirm-email',
    {
      onRequest: credentialLimits(app, 'confirm-email').onRequest,
      schema: {
        tags: ['auth'],
        summary: 'Make an email change with the token mailed to the new address (works once)',
        body: ConfirmEmailBody,
        response: { 200: ConfirmEmailResponse, 400: ApiError, 409: ApiError, 429: ApiError },
      },
    },
    async (request) => {
      const now = app.config.now?.() ?? new Date();
      const result = await confirmEmailChange(app.db, request.body.token, now);
      if (result.status === 'invalid') {
        // Not an email-change link: perhaps sign-up's confirmation link (decision 070).
        const confirmed = await confirmEmailAddress(app.db, request.body.token, now);
        if (confirmed) {
          await app.forgetUser(confirmed.id);
          request.log.info({ userId: confirmed.id }, 'email confirmed');
          return {
            message: AccountMessages.emailConfirmed,
            email: confirmed.email,
            kind: 'confirmed' as const,
          };
        }
        throw new HttpError(
          400,
          AccountErrorCode.invalidEmailToken,
          AccountMessages.emailConfirmInvalid,
        );
      }
      // Only the link's holder gets here, and they hold the address's inbox.
      if (result.status === 'taken') throw conflict(AuthMessages.emailTaken, ErrorCode.emailTaken);
      // The account's address changed: every instance reads its sessions (and user) afresh.
      await app.forgetUser(result.user.id);
      await sendEmailChangedNotice(app, result.user, result.oldEmail).catch((error: unknown) =>
        request.log.error({ err: error }, 'email-changed notice failed'),
      );
      request.log.info({ userId: result.user.id }, 'email changed');
      return {
        message: AccountMessages.emailChanged,
        email: result.user.email,
        kind: 'changed' as const,
      };
    },
  );
};

export default emailChangeRoutes;

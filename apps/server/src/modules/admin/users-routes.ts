import {
  AdminErrorCode,
  AdminMessages,
  AdminUserDetail,
  AdminUserList,
  AdminUserListQuery,
  ChangeRoleBody,
  UserIdParams,
} from '@lumiskin/contract/admin';
import { MessageResponse, SignedOutOthers } from '@lumiskin/contract/account';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, HttpError, notFoundUnless } from '../../http/errors';
import { findUserById, revokeAllSessions } from '../auth/repository';
import type { UserRow } from '../auth/schema';
import { prepareResetLink } from '../users/password-reset-routes';
import { deleteAccount } from '../users/repository';
import { audit, type Actor } from './audit-repository';
import type { Executor } from '../../db/client';
import { lockAdminSeats } from './repository';
import { adminOnly, actorOf, errors, staff } from './staff';
import {
  countActiveAdmins,
  isActiveAdmin,
  listUsers,
  setRole,
  setSuspended,
  userDetail,
  userSnapshot,
} from './users-repository';

/**
 * One admin write on an account, in one transaction with its audit entry (`change` writes
 * both). The admin-seats lock is taken first and the caller and target are read again under
 * it, so two admins demoting, suspending or deleting each other at once run one after the
 * other and the second sees what the first did: never zero active admins (decision 032).
 * Refuses the caller's own account unless `selfAllowed` (an admin may step down while another
 * admin remains), and any change that would remove the last active admin.
 */
async function userWrite<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  options: { removesAdmin: (target: UserRow) => boolean; selfAllowed?: boolean },
  change: (tx: Executor, target: UserRow, actor: Actor) => Promise<T>,
): Promise<T> {
  const actor = actorOf(request);
  const result = await app.db.transaction(async (tx) => {
    await lockAdminSeats(tx);
    const me = await findUserById(tx, actor.id);
    // Demoted or suspended by another admin while this request waited for the lock.
    if (!me || !isActiveAdmin(me)) throw forbidden(AdminMessages.notAnAdmin);
    const row = notFoundUnless(await findUserById(tx, id), 'No such user');
    if (row.id === actor.id && !options.selfAllowed) {
      throw new HttpError(409, AdminErrorCode.notYourself, AdminMessages.notYourself);
    }
    if (isActiveAdmin(row) && options.removesAdmin(row) && (await countActiveAdmins(tx)) <= 1) {
      throw new HttpError(409, AdminErrorCode.lastAdmin, AdminMessages.lastAdmin);
    }
    return change(tx, row, actor);
  });
  // Role, suspension (sessions revoked) or deletion: every instance reads them afresh.
  await app.forgetUser(id);
  return result;
}

/** Moderators read: the list and one account. */
const userReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      schema: {
        ...staff,
        summary: 'Search, filter and page through accounts (counts and dates only)',
        querystring: AdminUserListQuery,
        response: { 200: AdminUserList, ...errors },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      return { ...(await listUsers(app.db, request.query)), page, page_size };
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        ...staff,
        summary: 'One account: sign-up, last active, scan count, quiz points',
        params: UserIdParams,
        response: { 200: AdminUserDetail, ...errors },
      },
    },
    async (request) => {
      const row = notFoundUnless(await findUserById(app.db, request.params.id), 'No such user');
      return userDetail(app.db, row);
    },
  );
};

/** Admins change the role or suspend. */
const userRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/users/:id/role',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary:
          'Change the role (admin only; the last active admin cannot be demoted; a staff role needs a confirmed email, 409 email_not_confirmed)',
        params: UserIdParams,
        body: ChangeRoleBody,
        response: { 200: AdminUserDetail, ...errors },
      },
    },
    async (request) => {
      const { role } = request.body;
      const updated = await userWrite(
        app,
        request,
        request.params.id,
        { removesAdmin: () => role !== 'admin', selfAllowed: true },
        async (tx, row, actor) => {
          // A staff role only for an address its owner proved (decision 070): anyone can sign up
          // with anyone's address.
          if (role !== 'user' && role !== row.role && !row.emailConfirmedAt) {
            throw new HttpError(
              409,
              AdminErrorCode.emailNotConfirmed,
              AdminMessages.emailNotConfirmed,
            );
          }
          const next = await setRole(tx, row.id, role);
          await audit(tx, actor, {
            action: 'user.role',
            entity: 'user',
            entityId: row.id,
            before: userSnapshot(row),
            after: userSnapshot(next),
          });
          return next;
        },
      );
      return userDetail(app.db, updated);
    },
  );

  for (const suspend of [true, false]) {
    app.post(
      suspend ? '/users/:id/suspend' : '/users/:id/unsuspend',
      {
        ...adminOnly,
        schema: {
          ...staff,
          summary: suspend
            ? 'Suspend: revoke every session and refuse sign-in (admin only)'
            : 'Lift a suspension (admin only)',
          params: UserIdParams,
          response: { 200: AdminUserDetail, ...errors },
        },
      },
      async (request) => {
        const updated = await userWrite(
          app,
          request,
          request.params.id,
          { removesAdmin: () => suspend },
          async (tx, row, actor) => {
            const next = await setSuspended(tx, row.id, suspend);
            await audit(tx, actor, {
              action: suspend ? 'user.suspend' : 'user.unsuspend',
              entity: 'user',
              entityId: row.id,
              before: userSnapshot(row),
              after: userSnapshot(next),
            });
            return next;
          },
        );
        request.log.info({ userId: updated.id, suspend }, 'suspension changed');
        return userDetail(app.db, updated);
      },
    );
  }
};

/** Admins sign the account out everywhere, send a reset link or delete the account. */
const userAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  // A person whose account was taken (decision 182): every device signed out, the account left
  // as it is (a suspension also refuses sign-in). Not one's own: Settings does that.
  app.post(
    '/users/:id/sign-out',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary: 'Sign the account out of every device (admin only)',
        params: UserIdParams,
        response: { 200: SignedOutOthers, ...errors },
      },
    },
    async (request) => {
      const signedOut = await userWrite(
        app,
        request,
        request.params.id,
        { removesAdmin: () => false },
        async (tx, row, actor) => {
          const count = await revokeAllSessions(tx, row.id);
          await audit(tx, actor, {
            action: 'user.sign_out',
            entity: 'user',
            entityId: row.id,
            before: null,
            after: { name: row.name, revoked_sessions: count },
          });
          return count;
        },
      );
      return { signed_out: signedOut };
    },
  );

  app.post(
    '/users/:id/reset-link',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary: 'Email the user a single-use password reset link (admin only)',
        params: UserIdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      // The token and its audit entry commit together; the mail goes once they did.
      const mail = await app.db.transaction(async (tx) => {
        const row = notFoundUnless(await findUserById(tx, request.params.id), 'No such user');
        const message = await prepareResetLink(app, row, tx);
        await audit(tx, actor, {
          action: 'user.reset_link',
          entity: 'user',
          entityId: row.id,
          before: null,
          // The name the audit log's sentence says ("sent a password reset link to Zelda").
          after: { name: row.name },
        });
        return message;
      });
      await app.mailer.send(mail);
      return { message: 'A password reset link was sent' };
    },
  );

  app.delete(
    '/users/:id',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary: "Delete the account completely, as the user's own deletion does (admin only)",
        params: UserIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const id = await userWrite(
        app,
        request,
        request.params.id,
        { removesAdmin: () => true },
        async (tx, row, actor) => {
          await deleteAccount(tx, row.id);
          await audit(tx, actor, {
            action: 'user.delete',
            entity: 'user',
            entityId: row.id,
            before: userSnapshot(row),
            after: null,
          });
          return row.id;
        },
      );
      void app.photoSweeper.kick();
      request.log.info({ userId: id }, 'account deleted by an admin');
      return reply.code(204).send(null);
    },
  );
};

/** /api/admin/users: moderators read, admins write. */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(userReadRoutes);
  await app.register(userRoleRoutes);
  await app.register(userAccountRoutes);
};

export default usersRoutes;

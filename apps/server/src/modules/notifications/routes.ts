import { ApiError, ErrorCode } from '@lumiskin/contract/errors';
import {
  DeletePushTokenBody,
  MarkAllReadResponse,
  Notification,
  NotificationIdParams,
  NotificationList,
  NotificationListQuery,
  NotificationMessages,
  PushSubscriptionBody,
  PushTokenBody,
  PushUnsubscribeBody,
  UnreadCount,
  VapidPublicKey,
} from '@lumiskin/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFoundUnless } from '../../http/errors';
import {
  deletePushToken,
  deleteSubscription,
  listNotifications,
  markAllRead,
  markRead,
  savePushToken,
  saveSubscription,
  unreadCount,
} from './repository';
import { isAllowedEndpoint } from './web-push';

const bearer = { security: [{ bearer: [] }] };
const errors = { 400: ApiError, 401: ApiError };

/** Signed-in answers are the person's own: never stored by a shared cache. */
const privateNoStore = { 'cache-control': 'private, no-store' } as const;

/** /api/notifications: the bell. Everything is the signed-in person's own (owner only). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(privateNoStore);
  });
  const now = () => app.config.now?.() ?? new Date();
  const common = { tags: ['notifications'], ...bearer };

  app.get(
    '/',
    {
      schema: {
        ...common,
        summary: 'The signed-in person’s notifications, newest first (paginated)',
        querystring: NotificationListQuery,
        response: { 200: NotificationList, ...errors },
      },
    },
    async (request) => {
      const user = request.user;
      return listNotifications(app.db, user.id, request.query.page, request.query.page_size);
    },
  );

  app.get(
    '/unread-count',
    {
      schema: {
        ...common,
        summary: 'How many are unread (the bell’s badge)',
        response: { 200: UnreadCount, 401: ApiError },
      },
    },
    async (request) => ({ unread: await unreadCount(app.db, request.user.id) }),
  );

  app.post(
    '/read-all',
    {
      schema: {
        ...common,
        summary: 'Mark every notification read',
        response: { 200: MarkAllReadResponse, 401: ApiError },
      },
    },
    async (request) => {
      const user = request.user;
      return { updated: await markAllRead(app.db, user.id, now()), unread: 0 as const };
    },
  );

  app.post(
    '/:id/read',
    {
      schema: {
        ...common,
        summary: 'Mark one notification read',
        params: NotificationIdParams,
        response: { 200: z.object({ notification: Notification }), 404: ApiError, ...errors },
      },
    },
    async (request) => {
      const user = request.user;
      const row = await markRead(app.db, user.id, request.params.id, now());
      // Someone else's id answers exactly like an unknown one.
      return { notification: notFoundUnless(row, NotificationMessages.notFound) };
    },
  );
};

/** /api/push: Web Push for the installed PWA. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['notifications'] };

  app.get(
    '/vapid-public-key',
    {
      schema: {
        ...common,
        summary: 'The application server key a browser subscribes with',
        response: { 200: VapidPublicKey },
      },
    },
    async () => ({ public_key: await app.notifications.vapidPublicKey() }),
  );

  app.post(
    '/subscribe',
    {
      schema: {
        ...common,
        ...bearer,
        summary: 'Save this browser’s push subscription (one per device)',
        body: PushSubscriptionBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user;
      // The server will POST to this URL: only to the push services, never anywhere else.
      if (!isAllowedEndpoint(request.body.endpoint, app.notifications.pushHosts)) {
        throw new HttpError(400, ErrorCode.validation, NotificationMessages.badSubscription, {
          endpoint: NotificationMessages.badSubscription,
        });
      }
      await saveSubscription(app.db, user.id, request.body);
      request.log.info({ userId: user.id }, 'push subscription saved');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        ...common,
        ...bearer,
        summary: 'Forget this browser’s push subscription',
        body: PushUnsubscribeBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user;
      await deleteSubscription(app.db, user.id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};

/** /api/user/push-token (docs/product-rules.md#native-app, singular /user): the native app's registration token. */
export const pushTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['notifications'], ...bearer };

  app.post(
    '/push-token',
    {
      schema: {
        ...common,
        summary: 'Register this device for native push (sent by the Android app)',
        body: PushTokenBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user;
      await savePushToken(app.db, user.id, request.body.token, request.body.platform);
      request.log.info({ userId: user.id, platform: request.body.platform }, 'push token saved');
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/push-token',
    {
      schema: {
        ...common,
        summary: 'Forget this device’s push token (on sign-out)',
        body: DeletePushTokenBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = request.user;
      await deletePushToken(app.db, user.id, request.body.token);
      return reply.code(204).send(null);
    },
  );
};

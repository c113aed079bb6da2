import {
  AdminOrder,
  AdminOrderList,
  AdminOrderQuery,
  OrderMessages,
  OrderParams,
  OrderStatusBody,
} from '@lumiskin/contract/orders';
import { OrderErrorCode } from '@lumiskin/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFoundUnless } from '../../http/errors';
import { findAdminOrder, listAdminOrders, moveOrder, orderSnapshot } from '../orders/repository';
import { sendOrderMail } from '../orders/service';
import { audit } from './audit-repository';
import { actorOf, adminOnly, errors, staff } from './staff';

/**
 * /api/admin/orders (admin only: orders carry names and addresses): the list, and status changes
 * along ORDER_TRANSITIONS, each with its audit entry in the same transaction (decision 083).
 */
const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary: 'Orders, newest first, by status',
        querystring: AdminOrderQuery,
        response: { 200: AdminOrderList, ...errors },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      return { ...(await listAdminOrders(app.db, request.query)), page, page_size };
    },
  );

  app.put(
    '/orders/:id/status',
    {
      ...adminOnly,
      schema: {
        ...staff,
        summary:
          'Mark an order paid, shipped, cancelled or refunded (409 for a change not allowed)',
        params: OrderParams,
        body: OrderStatusBody,
        response: { 200: AdminOrder, ...errors },
      },
    },
    async (request) => {
      const { status } = request.body;
      const id = request.params.id;
      if (status === 'awaiting_payment') {
        throw new HttpError(
          409,
          OrderErrorCode.badTransition,
          'An order never goes back to awaiting payment.',
        );
      }
      const actor = actorOf(request);
      const now = app.config.now?.() ?? new Date();
      const moved = await app.db.transaction(async (tx) => {
        const change = notFoundUnless(await moveOrder(tx, id, status, now), OrderMessages.notFound);
        await audit(tx, actor, {
          action: `order.${status}`,
          entity: 'order',
          entityId: id,
          before: orderSnapshot(change.before),
          after: orderSnapshot(change.after),
        });
        return change.after;
      });
      const order = notFoundUnless(await findAdminOrder(app.db, id), OrderMessages.notFound);
      if (status === 'paid' || status === 'shipped') {
        await sendOrderMail(app, status, order, moved.userId);
      }
      return order;
    },
  );
};

export default ordersRoutes;

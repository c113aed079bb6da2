import { AdminOverview, OverviewQuery } from '@lumiskin/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../http/auth';
import articlesRoutes from './articles-routes';
import auditRoutes from './audit-routes';
import ordersRoutes from './orders-routes';
import productsRoutes from './products-routes';
import quizBankRoutes from './quiz-bank-routes';
import { overview } from './repository';
import settingsRoutes from './settings-routes';
import { errors, staff } from './staff';
import usersRoutes from './users-routes';

/**
 * /api/admin: the staff area. Each part keeps its routes and its repository: users, products,
 * articles, audit, the quiz bank and the settings; the overview is here.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route here needs a moderator at least (all declare bearer security, so the API has
  // authenticated them already); checked before the body is even read, so a signed-out caller
  // gets 401 and a user 403 whatever they send.
  app.addHook('onRequest', requireRole('moderator'));
  await app.register(quizBankRoutes);
  await app.register(settingsRoutes);

  app.get(
    '/overview',
    {
      schema: {
        ...staff,
        summary: 'Counts per day and top articles (aggregates only)',
        querystring: OverviewQuery,
        response: { 200: AdminOverview, ...errors },
      },
    },
    async (request) => overview(app.db, request.query.days),
  );
  // In the order the API lists them.
  await app.register(usersRoutes);
  await app.register(productsRoutes);
  await app.register(articlesRoutes);
  await app.register(auditRoutes);
  await app.register(ordersRoutes);
};

export default adminRoutes;

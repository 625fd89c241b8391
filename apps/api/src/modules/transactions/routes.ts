import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema } from '@marketplace/shared/schemas/api';
import { OrderSchema, SiteConfigSchema, TransactionSchema } from '@marketplace/shared/schemas/payments';
import { ok, okList } from '../../lib/envelope';
import { forbidden } from '../../lib/errors';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth';
import { listOrdersOfBuyer, listTransactions } from './service';

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/transactions',
    { onRequest: requireUser, schema: { tags: ['payments'], security: [{ user: [] }], response: { 200: listEnvelopeSchema(TransactionSchema) } } },
    async (request) => {
      const list = await listTransactions({ db: app.db, userId: currentUser(request).id });
      return okList(list, { total: list.length }, 'TRANSACTIONS_FETCHED');
    },
  );

  // spec §7: GET /orders/user/{userId}. Note: the id in the URL must be the caller's own.
  app.get(
    '/orders/user/:userId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        security: [{ user: [] }],
        params: z.object({ userId: z.uuid({ error: 'NOT_FOUND' }) }),
        response: { 200: listEnvelopeSchema(OrderSchema) },
      },
    },
    async (request) => {
      if (request.params.userId !== currentUser(request).id) throw forbidden();
      const list = await listOrdersOfBuyer({ db: app.db, buyerId: request.params.userId });
      return okList(list, { total: list.length }, 'ORDERS_FETCHED');
    },
  );

  // What the web app needs to know of the server's settings (nothing secret).
  app.get('/site-config', { schema: { tags: ['health'], response: { 200: envelopeSchema(SiteConfigSchema) } } }, async () =>
    ok({ donateFormUrl: app.config.donateFormUrl }),
  );

  app.get(
    '/admin/all-transactions',
    { onRequest: requireAdmin, schema: { tags: ['admin'], security: [{ admin: [] }], response: { 200: listEnvelopeSchema(TransactionSchema) } } },
    async () => {
      const list = await listTransactions({ db: app.db });
      return okList(list, { total: list.length }, 'TRANSACTIONS_FETCHED');
    },
  );
};

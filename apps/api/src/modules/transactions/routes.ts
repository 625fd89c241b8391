import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema, OrderIdParamsSchema } from '@marketplace/shared/schemas/api';
import {
  AccountSummarySchema,
  AdminTransactionListQuerySchema,
  OrderSchema,
  SiteConfigSchema,
  TransactionListQuerySchema,
  TransactionSchema,
  UserTransactionSchema,
} from '@marketplace/shared/schemas/payments';
import { ok, okList } from '../../lib/envelope';
import { forbidden } from '../../lib/errors';
import { currentUser, requireAdmin, requireUser, requireUserOrAdmin } from '../../plugins/auth';
import { accountSummary, confirmCollection, listAllTransactions, listOrdersOfBuyer, listUserTransactions } from './service';

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  // spec §7: GET /transactions: the caller's own payments, as buyer and as seller, newest first, paged.
  app.get(
    '/transactions',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        security: [{ user: [] }],
        querystring: TransactionListQuerySchema,
        response: { 200: listEnvelopeSchema(UserTransactionSchema) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { items, total } = await listUserTransactions({ db: app.db, userId: currentUser(request).id, page, pageSize });
      return okList(items, { page, pageSize, total }, 'TRANSACTIONS_FETCHED');
    },
  );

  // spec §7: GET /orders/user/{userId}. Note: the id in the URL grants nothing: only that user or an admin.
  app.get(
    '/orders/user/:userId',
    {
      onRequest: requireUserOrAdmin,
      schema: {
        tags: ['payments'],
        security: [{ user: [] }, { admin: [] }],
        params: z.object({ userId: z.uuid({ error: 'NOT_FOUND' }) }),
        response: { 200: listEnvelopeSchema(OrderSchema) },
      },
    },
    async (request) => {
      if (!request.admin && request.params.userId !== currentUser(request).id) throw forbidden();
      const list = await listOrdersOfBuyer({ db: app.db, buyerId: request.params.userId });
      return okList(list, { total: list.length }, 'ORDERS_FETCHED');
    },
  );

  // The buyer confirms a pickup order collected (issue #14, decision 026); then they may rate the seller.
  app.post(
    '/orders/:orderId/collected',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        security: [{ user: [] }],
        params: OrderIdParamsSchema,
        response: { 200: envelopeSchema(z.object({ id: z.uuid(), deliveredAt: z.iso.datetime({ offset: true }) })) },
      },
    },
    async (request) => ok(await confirmCollection({ db: app.db, orderId: request.params.orderId, buyerId: currentUser(request).id }), 'ORDER_COLLECTED'),
  );

  // The seller's sales: the 90 percent earned, the 10 percent fee, pending payouts.
  app.get(
    '/account-summary',
    { onRequest: requireUser, schema: { tags: ['payments'], security: [{ user: [] }], response: { 200: envelopeSchema(AccountSummarySchema) } } },
    async (request) => ok(await accountSummary({ db: app.db, sellerId: currentUser(request).id }), 'ACCOUNT_SUMMARY_FETCHED'),
  );

  // What the web app needs to know of the server's settings (nothing secret).
  app.get('/site-config', { schema: { tags: ['health'], response: { 200: envelopeSchema(SiteConfigSchema) } } }, async () =>
    ok({ donateFormUrl: app.config.donateFormUrl }),
  );

  app.get(
    '/admin/all-transactions',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        security: [{ admin: [] }],
        querystring: AdminTransactionListQuerySchema,
        response: { 200: listEnvelopeSchema(TransactionSchema) },
      },
    },
    async (request) => {
      const { page, pageSize, reference } = request.query;
      const { items, total } = await listAllTransactions({ db: app.db, page, pageSize, reference });
      return okList(items, { page, pageSize, total }, 'TRANSACTIONS_FETCHED');
    },
  );
};

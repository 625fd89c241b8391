import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, listEnvelopeSchema } from '@marketplace/shared/schemas/api';
import {
  AccountSummarySchema,
  AdminTransactionListQuerySchema,
  TransactionListQuerySchema,
  TransactionSchema,
  UserTransactionSchema,
} from '@marketplace/shared/schemas/payments';
import { ok, okList } from '../../lib/envelope';
import { envelopeJson, sendJson } from '../../lib/json-reply';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth';
import { accountSummary, listAllTransactions, listUserTransactions } from './service';

// Written by PostgreSQL and sent as text (decision 084); checked against this schema under strict replies.
const AllTransactionsReplySchema = listEnvelopeSchema(TransactionSchema);

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
      const { items, total } = await listUserTransactions({
        db: app.db,
        userId: currentUser(request).id,
        page,
        pageSize,
        windowSeconds: app.config.payouts.protectionWindowSeconds,
      });
      return okList(items, { page, pageSize, total }, 'TRANSACTIONS_FETCHED');
    },
  );

  // The seller's sales: the 90 percent earned, the 10 percent fee, pending payouts.
  app.get(
    '/account-summary',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        security: [{ user: [] }],
        response: { 200: envelopeSchema(AccountSummarySchema) },
      },
    },
    async (request) =>
      ok(
        await accountSummary({
          db: app.db,
          sellerId: currentUser(request).id,
          windowSeconds: app.config.payouts.protectionWindowSeconds,
        }),
        'ACCOUNT_SUMMARY_FETCHED',
      ),
  );

  app.get(
    '/admin/all-transactions',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        security: [{ admin: [] }],
        querystring: AdminTransactionListQuerySchema,
        response: { 200: AllTransactionsReplySchema },
      },
    },
    async (request, reply) => {
      const { reference, ...page } = request.query;
      const { data, meta } = await listAllTransactions({ db: app.db, page, reference });
      return sendJson(
        reply,
        AllTransactionsReplySchema,
        envelopeJson('TRANSACTIONS_FETCHED', data, JSON.stringify(meta)),
        'GET /admin/all-transactions',
      );
    },
  );
};

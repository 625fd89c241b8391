import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listEnvelopeSchema } from '@marketplace/shared/schemas/api';
import { TransactionSchema } from '@marketplace/shared/schemas/payments';
import { okList } from '../../lib/envelope';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth';
import { listTransactions } from './service';

export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/transactions',
    { onRequest: requireUser, schema: { tags: ['payments'], security: [{ user: [] }], response: { 200: listEnvelopeSchema(TransactionSchema) } } },
    async (request) => {
      const list = await listTransactions({ db: app.db, userId: currentUser(request).id });
      return okList(list, { total: list.length }, 'TRANSACTIONS_FETCHED');
    },
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

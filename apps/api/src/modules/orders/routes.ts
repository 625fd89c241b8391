import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  listEnvelopeSchema,
  OrderIdParamsSchema,
  PageQuerySchema,
} from '@marketplace/shared/schemas/api';
import { OrderSchema } from '@marketplace/shared/schemas/payments';
import { ok, okList } from '../../lib/envelope';
import { forbidden } from '../../lib/errors';
import { currentUser, requireUser, requireUserOrAdmin } from '../../plugins/auth';
import { confirmCollection, listOrdersOfBuyer } from './service';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  // spec §7: GET /orders/user/{userId}. Note: the id in the URL grants nothing: only that user or an admin.
  app.get(
    '/orders/user/:userId',
    {
      onRequest: requireUserOrAdmin,
      schema: {
        tags: ['payments'],
        security: [{ user: [] }, { admin: [] }],
        params: z.object({ userId: z.uuid({ error: 'NOT_FOUND' }) }),
        querystring: PageQuerySchema,
        response: { 200: listEnvelopeSchema(OrderSchema) },
      },
    },
    async (request) => {
      if (!request.admin && request.params.userId !== currentUser(request).id) throw forbidden();
      const { items, meta } = await listOrdersOfBuyer({
        db: app.db,
        buyerId: request.params.userId,
        windowSeconds: app.config.payouts.protectionWindowSeconds,
        page: request.query,
      });
      return okList(items, meta, 'ORDERS_FETCHED');
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
        response: {
          200: envelopeSchema(z.object({ id: z.uuid(), deliveredAt: z.iso.datetime({ offset: true }) })),
        },
      },
    },
    async (request) => {
      const collected = await confirmCollection({
        db: app.db,
        orderId: request.params.orderId,
        buyerId: currentUser(request).id,
      });
      app.jobQueue.wake();
      return ok(collected, 'ORDER_COLLECTED');
    },
  );
};

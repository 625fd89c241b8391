import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateSubaccountInputSchema, SubaccountResultSchema } from '@marketplace/shared/schemas/banking';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { ensurePayoutSubaccount } from './service';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {

  // spec §7: POST /payment/subaccount; the client reads data.data.subaccount_code.
  app.post(
    '/payment/subaccount',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        security: [{ user: [] }],
        body: CreateSubaccountInputSchema.optional(),
        response: { 200: envelopeSchema(SubaccountResultSchema), 201: envelopeSchema(SubaccountResultSchema) },
      },
    },
    async (request, reply) => {
      const { subaccount, wasCreated } = await ensurePayoutSubaccount({
        db: app.db,
        payments: app.providers.payments,
        userId: currentUser(request).id,
        businessName: request.body?.businessName,
      });
      return reply
        .status(wasCreated ? 201 : 200)
        .send(ok(subaccount, wasCreated ? 'PAYOUT_ACCOUNT_CREATED' : 'PAYOUT_ACCOUNT_EXISTS'));
    },
  );
};

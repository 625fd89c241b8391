import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  listEnvelopeSchema,
  OrderIdParamsSchema,
  PageQuerySchema,
} from '@marketplace/shared/schemas/api';
import {
  AdminPayoutQuerySchema,
  AdminPayoutSchema,
  DisputeMessageBodySchema,
  DisputeMessageSchema,
  DisputeSchema,
  OpenDisputeBodySchema,
  PAYOUT_STATUSES,
  ResolveDisputeBodySchema,
} from '@marketplace/shared/schemas/payouts';
import { relativeMediaUrl } from '../../lib/absolute-media';
import { ok, okList } from '../../lib/envelope';
import { toIso } from '../../lib/db-errors';
import { conflict, notFound } from '../../lib/errors';
import { currentUser, requireAdmin, requireUser, requireUserOrAdmin } from '../../plugins/auth';
import { providerFailure } from '../banking/index';
import { addDisputeMessage, listDisputeMessages, openDispute, partyOf, type DisputeParty } from './disputes';
import { confirmReceipt } from './release';
import { resolveDispute } from './resolution';
import { retryPayout } from './transfers';
import { disputeView, listDisputes, listPayouts, toDispute } from './views';

const DisputeParamsSchema = z.object({ id: z.uuid({ error: 'NOT_FOUND' }) });

// The documentation of each route: who may call it (the OpenAPI description's security).
type RouteDocs = { tags: string[]; security: Record<string, string[]>[] };
const user: RouteDocs = { tags: ['payments'], security: [{ user: [] }] };
const userOrAdmin: RouteDocs = { tags: ['payments'], security: [{ user: [] }, { admin: [] }] };
const admin: RouteDocs = { tags: ['payments'], security: [{ admin: [] }] };

// Buyer protection's calls (issue 29, decision 058).
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const windowSeconds = app.config.payouts.protectionWindowSeconds;
  // Photos come back as the replies wrote them ({PUBLIC_URL}/media/...); they are kept as stored (/media/...).
  const storedPhotos = (photos: string[]) => photos.map((url) => relativeMediaUrl(url, app.config.publicUrl));

  // The reader's side of a dispute: an admin, or the buyer or seller of its order; anyone else gets a 404.
  async function partyFor(
    request: { admin?: { id: string } | null; user?: { id: string } | null },
    disputeId: string,
  ): Promise<DisputeParty> {
    if (request.admin) return { role: 'admin', id: request.admin.id };
    const party = request.user ? await partyOf(app.db, disputeId, request.user.id) : null;
    if (!party) throw notFound();
    return party;
  }

  // The buyer confirms they have the item: the seller's payout is released at once.
  app.post(
    '/orders/:orderId/confirm-receipt',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        params: OrderIdParamsSchema,
        response: {
          200: envelopeSchema(
            z.object({
              id: z.uuid(),
              deliveredAt: z.iso.datetime({ offset: true }),
              payoutStatus: z.enum(PAYOUT_STATUSES).nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const confirmed = await confirmReceipt({
        db: app.db,
        orderId: request.params.orderId,
        buyerId: currentUser(request).id,
      });
      app.jobQueue.wake();
      return ok(confirmed, 'RECEIPT_CONFIRMED');
    },
  );

  app.post(
    '/orders/:orderId/disputes',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        params: OrderIdParamsSchema,
        body: OpenDisputeBodySchema,
        response: { 201: envelopeSchema(DisputeSchema) },
      },
    },
    async (request, reply) => {
      const dispute = await openDispute({
        db: app.db,
        orderId: request.params.orderId,
        buyerId: currentUser(request).id,
        ...request.body,
        photos: storedPhotos(request.body.photos),
        windowSeconds,
      });
      const row = await disputeView(app.db, dispute.id, windowSeconds);
      if (!row) throw notFound();
      return reply.status(201).send(ok(toDispute(row, 'buyer'), 'DISPUTE_OPENED'));
    },
  );

  app.get(
    '/disputes/:id',
    {
      onRequest: requireUserOrAdmin,
      schema: {
        ...userOrAdmin,
        params: DisputeParamsSchema,
        response: { 200: envelopeSchema(DisputeSchema) },
      },
    },
    async (request) => {
      const party = await partyFor(request, request.params.id);
      const row = await disputeView(app.db, request.params.id, windowSeconds);
      if (!row) throw notFound();
      return ok(toDispute(row, party.role), 'DISPUTE_FETCHED');
    },
  );

  app.get(
    '/disputes/:id/messages',
    {
      onRequest: requireUserOrAdmin,
      schema: {
        ...userOrAdmin,
        params: DisputeParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: listEnvelopeSchema(DisputeMessageSchema) },
      },
    },
    async (request) => {
      await partyFor(request, request.params.id);
      const { items, nextCursor } = await listDisputeMessages(app.db, request.params.id, request.query);
      return okList(
        items.map((row) => ({ ...row, createdAt: toIso(row.createdAt) })),
        { pageSize: request.query.pageSize, nextCursor },
        'DISPUTE_MESSAGES_FETCHED',
      );
    },
  );

  app.post(
    '/disputes/:id/messages',
    {
      onRequest: requireUserOrAdmin,
      schema: {
        ...userOrAdmin,
        params: DisputeParamsSchema,
        body: DisputeMessageBodySchema,
        response: { 201: envelopeSchema(z.object({ id: z.uuid() })) },
      },
    },
    async (request, reply) => {
      const author = await partyFor(request, request.params.id);
      const message = await addDisputeMessage({
        db: app.db,
        disputeId: request.params.id,
        author,
        body: request.body.body,
        photos: storedPhotos(request.body.photos),
      });
      return reply.status(201).send(ok({ id: message.id }, 'DISPUTE_MESSAGE_SENT'));
    },
  );

  app.get(
    '/admin/disputes',
    {
      onRequest: requireAdmin,
      schema: {
        ...admin,
        querystring: PageQuerySchema,
        response: { 200: listEnvelopeSchema(DisputeSchema) },
      },
    },
    async (request) => {
      const page = request.query;
      const { items, meta } = await listDisputes(app.db, windowSeconds, page);
      return okList(items, meta, 'DISPUTES_FETCHED');
    },
  );

  app.post(
    '/admin/disputes/:id/resolve',
    {
      onRequest: requireAdmin,
      schema: {
        ...admin,
        params: DisputeParamsSchema,
        body: ResolveDisputeBodySchema,
        response: { 200: envelopeSchema(DisputeSchema) },
      },
    },
    async (request) => {
      const admin = request.admin;
      if (!admin) throw notFound();
      await resolveDispute({
        db: app.db,
        disputeId: request.params.id,
        adminId: admin.id,
        resolution: request.body,
      });
      app.jobQueue.wake();
      const row = await disputeView(app.db, request.params.id, windowSeconds);
      if (!row) throw notFound();
      return ok(toDispute(row, 'admin'), 'DISPUTE_RESOLVED');
    },
  );

  app.get(
    '/admin/payouts',
    {
      onRequest: requireAdmin,
      schema: {
        ...admin,
        querystring: AdminPayoutQuerySchema,
        response: { 200: listEnvelopeSchema(AdminPayoutSchema) },
      },
    },
    async (request) => {
      const { status, ...page } = request.query;
      const { items, nextCursor } = await listPayouts(app.db, { page, status, windowSeconds });
      return okList(items, { pageSize: page.pageSize, nextCursor }, 'PAYOUTS_FETCHED');
    },
  );

  app.post(
    '/admin/payouts/:id/retry',
    {
      onRequest: requireAdmin,
      schema: {
        ...admin,
        params: DisputeParamsSchema,
        response: { 202: envelopeSchema(z.object({ id: z.uuid(), status: z.enum(PAYOUT_STATUSES) })) },
      },
    },
    async (request, reply) => {
      let row;
      try {
        row = await retryPayout(app.db, app.providers.payments, request.params.id);
      } catch (error) {
        throw providerFailure('PAYMENT_PROVIDER_ERROR', error);
      }
      if (!row) throw conflict('PAYOUT_NOT_FAILED');
      app.jobQueue.wake();
      return reply.status(202).send(ok({ id: row.id, status: row.status }, 'PAYOUT_RETRY_STARTED'));
    },
  );
};

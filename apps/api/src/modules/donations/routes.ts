import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  IdParamsSchema,
  listEnvelopeSchema,
  PageQuerySchema,
} from '@marketplace/shared/schemas/api';
import {
  DonationPickSchema,
  DonationRequestInputSchema,
  DonationRequestParamsSchema,
  ItemDonationRequestsSchema,
  MyDonationRequestQuerySchema,
  MyDonationRequestSchema,
} from '@marketplace/shared/schemas/donations';
import { ok, okList } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import {
  closeRequests,
  declineRequest,
  listItemRequests,
  listMyRequests,
  pickRecipient,
  requestDonation,
  withdrawRequest,
  type GiverDecision,
} from './service';

const user = { tags: ['donations'], security: [{ user: [] }] };

export const donationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  // The giver's decision on one request of their item (pick or decline), from the path and the session.
  const decision = (
    request: FastifyRequest & { params: { id: string; requestId: string } },
  ): GiverDecision => ({
    db,
    productId: request.params.id,
    requestId: request.params.requestId,
    ownerId: currentUser(request).id,
  });

  // 'Request this item' on a donated item (decision 025).
  app.post(
    '/products/:id/requests',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        params: IdParamsSchema,
        body: DonationRequestInputSchema,
        response: { 201: envelopeSchema(z.object({ id: z.uuid() })) },
      },
    },
    async (request, reply) => {
      const created = await requestDonation({
        db,
        productId: request.params.id,
        requesterId: currentUser(request).id,
        reason: request.body.reason,
      });
      return reply.status(201).send(ok(created, 'DONATION_REQUEST_SENT'));
    },
  );

  // The item's requests, for its giver only, a page at a time (decision 090).
  app.get(
    '/products/:id/requests',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: envelopeSchema(ItemDonationRequestsSchema) },
      },
    },
    async (request) =>
      ok(
        await listItemRequests({
          db,
          productId: request.params.id,
          ownerId: currentUser(request).id,
          page: request.query,
        }),
        'DONATION_REQUESTS_FETCHED',
      ),
  );

  app.post(
    '/products/:id/requests/:requestId/pick',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        params: DonationRequestParamsSchema,
        response: { 200: envelopeSchema(DonationPickSchema) },
      },
    },
    async (request) => {
      const picked = await pickRecipient(decision(request));
      return ok(picked, 'DONATION_RECIPIENT_PICKED');
    },
  );

  app.post(
    '/products/:id/requests/:requestId/decline',
    {
      onRequest: requireUser,
      schema: { ...user, params: DonationRequestParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await declineRequest(decision(request));
      return ok(null, 'DONATION_REQUEST_DECLINED');
    },
  );

  app.post(
    '/products/:id/requests/close',
    {
      onRequest: requireUser,
      schema: { ...user, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await closeRequests({ db, productId: request.params.id, ownerId: currentUser(request).id });
      return ok(null, 'DONATION_REQUESTS_CLOSED_NOW');
    },
  );

  // The caller's own requests ('My requests'), a page at a time; with `productId`, their request for that item.
  app.get(
    '/donation-requests',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        querystring: MyDonationRequestQuerySchema,
        response: { 200: listEnvelopeSchema(MyDonationRequestSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await listMyRequests({
        db,
        requesterId: currentUser(request).id,
        query: request.query,
      });
      return okList(items, meta, 'DONATION_REQUESTS_FETCHED');
    },
  );

  app.delete(
    '/donation-requests/:id',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        params: IdParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await withdrawRequest({ db, requestId: request.params.id, requesterId: currentUser(request).id });
      return ok(null, 'DONATION_REQUEST_WITHDRAWN');
    },
  );
};

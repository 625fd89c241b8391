import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, IdParamsSchema, listEnvelopeSchema } from '@marketplace/shared/schemas/api';
import type { MessageCode } from '@marketplace/shared/reply-texts';
import { OfferInputSchema, OfferListQuerySchema, OfferSchema } from '@marketplace/shared/schemas/offers';
import { ok, okList } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { answerOffer, type OfferAction } from './answers';
import { makeOffer } from './make-offer';
import { listOffers } from './reads';

const user = { tags: ['offers'], security: [{ user: [] }] };

const answered: Record<Exclude<OfferAction, 'counter'>, MessageCode> = {
  accept: 'OFFER_ACCEPTED',
  decline: 'OFFER_DECLINED',
  withdraw: 'OFFER_WITHDRAWN',
};

// Offers on listings for sale (issue 30, decision 061).
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // 'Make an offer' on a listing: a signed-in buyer who is not its owner.
  app.post(
    '/products/:id/offers',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        params: IdParamsSchema,
        body: OfferInputSchema,
        response: { 201: envelopeSchema(OfferSchema) },
      },
    },
    async (request, reply) => {
      const offer = await makeOffer({
        db,
        productId: request.params.id,
        buyerId: currentUser(request).id,
        amount: request.body.amount,
      });
      return reply.status(201).send(ok(offer, 'OFFER_SENT'));
    },
  );

  // The caller's offers: My offers (buying or selling), one listing's, or one conversation's; a page at a time.
  app.get(
    '/offers',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        querystring: OfferListQuerySchema,
        response: { 200: listEnvelopeSchema(OfferSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await listOffers({ db, userId: currentUser(request).id, query: request.query });
      return okList(items, meta, 'OFFERS_FETCHED');
    },
  );

  for (const action of ['accept', 'decline', 'withdraw'] as const) {
    app.post(
      `/offers/:id/${action}`,
      {
        onRequest: requireUser,
        schema: { ...user, params: IdParamsSchema, response: { 200: envelopeSchema(OfferSchema) } },
      },
      async (request) =>
        ok(
          await answerOffer({
            db,
            offerId: request.params.id,
            userId: currentUser(request).id,
            action,
            holdSeconds: app.config.offerCheckoutSeconds,
          }),
          answered[action],
        ),
    );
  }

  app.post(
    '/offers/:id/counter',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        params: IdParamsSchema,
        body: OfferInputSchema,
        response: { 200: envelopeSchema(OfferSchema) },
      },
    },
    async (request) =>
      ok(
        await answerOffer({
          db,
          offerId: request.params.id,
          userId: currentUser(request).id,
          action: 'counter',
          counterAmount: request.body.amount,
          holdSeconds: app.config.offerCheckoutSeconds,
        }),
        'OFFER_COUNTERED',
      ),
  );
};

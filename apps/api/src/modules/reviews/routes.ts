import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  IdParamsSchema,
  listEnvelopeSchema,
  NumberedPageQuerySchema,
  OrderIdParamsSchema,
} from '@marketplace/shared/schemas/api';
import { ProductCardSchema } from '@marketplace/shared/schemas/products';
import {
  OrderReviewSchema,
  ReviewInputSchema,
  ReviewReplyInputSchema,
  ReviewSchema,
  SellerParamsSchema,
  SellerProfileSchema,
} from '@marketplace/shared/schemas/reviews';
import { ok, okList } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { listSellerProducts } from '../products/index';
import { createReview, findSeller, getOrderReview, listSellerReviews, replyToReview } from './service';

const user = { tags: ['reviews'], security: [{ user: [] }] };

// Reviews after a completed order and the public seller page (issue #14, decision 026).
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // The buyer's rating page: the order, whether it may be rated now, the review once written.
  app.get(
    '/orders/:orderId/review',
    {
      onRequest: requireUser,
      schema: { ...user, params: OrderIdParamsSchema, response: { 200: envelopeSchema(OrderReviewSchema) } },
    },
    async (request) =>
      ok(
        await getOrderReview({
          db: app.db,
          orderId: request.params.orderId,
          buyerId: currentUser(request).id,
        }),
        'REVIEW_FETCHED',
      ),
  );

  app.post(
    '/orders/:orderId/review',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        params: OrderIdParamsSchema,
        body: ReviewInputSchema,
        response: { 201: envelopeSchema(ReviewSchema) },
      },
    },
    async (request, reply) => {
      const review = await createReview({
        db: app.db,
        orderId: request.params.orderId,
        buyerId: currentUser(request).id,
        input: request.body,
      });
      return reply.status(201).send(ok(review, 'REVIEW_SENT'));
    },
  );

  app.post(
    '/reviews/:id/reply',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        params: IdParamsSchema,
        body: ReviewReplyInputSchema,
        response: { 200: envelopeSchema(ReviewSchema) },
      },
    },
    async (request) =>
      ok(
        await replyToReview({
          db: app.db,
          reviewId: request.params.id,
          sellerId: currentUser(request).id,
          input: request.body,
        }),
        'REVIEW_REPLY_SENT',
      ),
  );

  // The public seller page: who they are, their rating, their reviews and their listings (each paged).
  app.get(
    '/sellers/:username',
    {
      schema: {
        tags: ['reviews'],
        params: SellerParamsSchema,
        response: { 200: envelopeSchema(SellerProfileSchema) },
      },
    },
    async (request) =>
      ok(await findSeller({ db: app.db, username: request.params.username }), 'SELLER_FETCHED'),
  );

  app.get(
    '/sellers/:username/reviews',
    {
      schema: {
        tags: ['reviews'],
        params: SellerParamsSchema,
        querystring: NumberedPageQuerySchema,
        response: { 200: listEnvelopeSchema(ReviewSchema) },
      },
    },
    async (request) => {
      const seller = await findSeller({ db: app.db, username: request.params.username });
      const { page, pageSize } = request.query;
      const { items, total } = await listSellerReviews({ db: app.db, sellerId: seller.id, page, pageSize });
      return okList(items, { page, pageSize, total }, 'REVIEWS_FETCHED');
    },
  );

  app.get(
    '/sellers/:username/products',
    {
      schema: {
        tags: ['reviews'],
        params: SellerParamsSchema,
        querystring: NumberedPageQuerySchema,
        response: { 200: listEnvelopeSchema(ProductCardSchema) },
      },
    },
    async (request) => {
      const seller = await findSeller({ db: app.db, username: request.params.username });
      const { page, pageSize } = request.query;
      const { items, total } = await listSellerProducts({ db: app.db, ownerId: seller.id, page, pageSize });
      return okList(items, { page, pageSize, total }, 'PRODUCTS_FETCHED');
    },
  );
};

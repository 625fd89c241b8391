import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  IdParamsSchema,
  listEnvelopeSchema,
  NumberedPageQuerySchema,
} from '@marketplace/shared/schemas/api';
import { SavedIdsQuerySchema } from '@marketplace/shared/schemas/favourites';
import { ProductCardSchema } from '@marketplace/shared/schemas/products';
import { ok, okList } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { listSavedProducts } from '../products/index';
import { savedAmong, saveListing, unsaveListing } from './service';

const user = { tags: ['favourites'], security: [{ user: [] }] };
const SavedStateSchema = envelopeSchema(z.object({ productId: z.uuid(), isSaved: z.boolean() }));

// Favourites (issue #14, decision 026). Note: every route reads the caller's own saves only; no route takes
// a user id, so nobody can see another user's list.
export const favouriteRoutes: FastifyPluginAsyncZod = async (app) => {
  // Save a listing: idempotent (PUT), 200 whether it was saved already or not.
  app.put(
    '/favourites/:id',
    {
      onRequest: requireUser,
      schema: { ...user, params: IdParamsSchema, response: { 200: SavedStateSchema } },
    },
    async (request) => {
      await saveListing({ db: app.db, userId: currentUser(request).id, productId: request.params.id });
      return ok({ productId: request.params.id, isSaved: true }, 'LISTING_SAVED');
    },
  );

  app.delete(
    '/favourites/:id',
    {
      onRequest: requireUser,
      schema: { ...user, params: IdParamsSchema, response: { 200: SavedStateSchema } },
    },
    async (request) => {
      await unsaveListing({ db: app.db, userId: currentUser(request).id, productId: request.params.id });
      return ok({ productId: request.params.id, isSaved: false }, 'LISTING_UNSAVED');
    },
  );

  // Which of the listings a page shows (`productIds`, at most SAVED_LOOKUP_MAX) the caller saved: what the hearts
  // on its cards need, however many the caller saved (decision 091).
  app.get(
    '/favourites/ids',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        querystring: SavedIdsQuerySchema,
        response: { 200: envelopeSchema(z.array(z.uuid())) },
      },
    },
    async (request) =>
      ok(
        await savedAmong({
          db: app.db,
          userId: currentUser(request).id,
          productIds: request.query.productIds,
        }),
        'SAVED_LISTINGS_FETCHED',
      ),
  );

  // Saved items: the caller's saved listings as cards, last saved first, paged.
  app.get(
    '/favourites',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        querystring: NumberedPageQuerySchema,
        response: { 200: listEnvelopeSchema(ProductCardSchema) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { items, total } = await listSavedProducts({
        db: app.db,
        userId: currentUser(request).id,
        page,
        pageSize,
      });
      return okList(items, { page, pageSize, total }, 'SAVED_LISTINGS_FETCHED');
    },
  );
};

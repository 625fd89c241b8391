import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  IdParamsSchema,
  listEnvelopeSchema,
  PageQuerySchema,
} from '@marketplace/shared/schemas/api';
import {
  DonationInputSchema,
  OwnProductCardSchema,
  ProductCardSchema,
  ProductDetailSchema,
  ProductEditInputSchema,
  ProductListMetaSchema,
  ProductQuerySchema,
  SaleInputSchema,
} from '@marketplace/shared/schemas/products';
import { withinQuota } from '../../lib/attempt-limiter';
import { batched } from '../../lib/batch';
import { notFound } from '../../lib/errors';
import { ok, okList } from '../../lib/envelope';
import { cachedBody, envelopeJson, sendCached, sendCachedBody, sendJson } from '../../lib/json-reply';
import { currentUser, optionalUser, requireUser } from '../../plugins/auth';
import { listPublicProducts } from '../search/index';
import { createProduct } from './create-product';
import { deleteProduct } from './delete-product';
import { editProduct } from './edit-product';
import { listOwnProducts, productDetailJson, visitorDetailsJson } from './reads';

async function listEnvelope(
  app: FastifyInstance,
  query: z.output<typeof ProductQuerySchema>,
): Promise<string> {
  const { data, pageSize, nextCursor, suggestion, recommended } = await listPublicProducts({
    db: app.db,
    query,
  });
  const paging = JSON.stringify({
    pageSize,
    nextCursor,
    ...(suggestion === undefined ? {} : { suggestion }),
  });
  // A search's recommended listings are JSON text from the database too.
  const meta = recommended === undefined ? paging : `${paging.slice(0, -1)},"recommended":${recommended}}`;
  return envelopeJson('PRODUCTS_FETCHED', data, meta);
}

// The list the home page asks for first (apps/web get-products.ts: no filter, 12 cards).
export const HOME_LIST_URL = '/api/products?pageSize=12';

// The public reply of GET /api/products at `url` (its path and query), as the route sends it; the home
// page's HTML carries the first one (first-view.ts, decision 022), from the same cache entry.
export function publicListBody(app: FastifyInstance, url: string): Promise<string> {
  return cachedBody(app, `list:${url}`, () =>
    listEnvelope(
      app,
      ProductQuerySchema.parse(Object.fromEntries(new URL(url, 'http://localhost').searchParams)),
    ),
  );
}

// Visitors' product pages read in one statement when asked for at the same moment (decision 093).
const VISITOR_DETAILS_PER_STATEMENT = 32;

const user = { tags: ['products'], security: [{ user: [] }] };

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const hosting = { host: app.providers.mediaHost, publicUrl: app.config.publicUrl };

  // GET /products and /products/?category= (spec §7), plus search and filters (q, condition, tag,
  // minPrice, maxPrice, location, sort), newest first, paged by cursor.
  const ListReplySchema = listEnvelopeSchema(ProductCardSchema).extend({
    meta: ProductListMetaSchema.optional(),
  });
  app.get(
    '/products',
    { schema: { tags: ['products'], querystring: ProductQuerySchema, response: { 200: ListReplySchema } } },
    async (request, reply) =>
      sendCached(reply, `list:${request.url}`, ListReplySchema, () => listEnvelope(app, request.query)),
  );

  // The public reply of GET /api/products/{id}, as a visitor sees it.
  const visitorDetail = batched((ids: string[]) => visitorDetailsJson({ db, ids }), {
    maxKeys: VISITOR_DETAILS_PER_STATEMENT,
  });
  const publicProductBody = (id: string) =>
    cachedBody(app, `product:${id}`, async () => {
      const data = await visitorDetail(id);
      if (data === null) throw notFound();
      return envelopeJson('PRODUCT_FETCHED', data);
    });

  const DetailReplySchema = envelopeSchema(ProductDetailSchema);
  app.get(
    '/products/:id',
    { schema: { tags: ['products'], params: IdParamsSchema, response: { 200: DetailReplySchema } } },
    async (request, reply) => {
      // A logged-in owner sees their own listing in any status; the login is optional here.
      const viewer = await optionalUser(app, request);
      if (viewer) {
        const data = await productDetailJson({ db, id: request.params.id, viewer: { userId: viewer.id } });
        return sendJson(
          reply,
          DetailReplySchema,
          envelopeJson('PRODUCT_FETCHED', data),
          `product:${request.params.id}`,
        );
      }
      return sendCachedBody(
        reply,
        DetailReplySchema,
        await publicProductBody(request.params.id),
        `product:${request.params.id}`,
      );
    },
  );

  // New listings per user, across processes (decision 016); a refused listing does not count.
  const createWithinQuota = <T>(ownerId: string, create: () => Promise<T>) =>
    withinQuota(db, `quota:listings:${ownerId}`, app.config.userLimits.newListings, 'LISTING_LIMIT', create);

  app.post(
    '/products',
    {
      onRequest: requireUser,
      schema: { ...user, body: SaleInputSchema, response: { 201: envelopeSchema(ProductDetailSchema) } },
    },
    async (request, reply) => {
      const product = await createWithinQuota(currentUser(request).id, () =>
        createProduct({
          db,
          hosting,
          ownerId: currentUser(request).id,
          input: request.body,
          tag: 'For sale',
        }),
      );
      return reply.status(201).send(ok(product, 'PRODUCT_UPLOADED'));
    },
  );

  app.post(
    '/products/donate',
    {
      onRequest: requireUser,
      schema: { ...user, body: DonationInputSchema, response: { 201: envelopeSchema(ProductDetailSchema) } },
    },
    async (request, reply) => {
      const product = await createWithinQuota(currentUser(request).id, () =>
        createProduct({ db, hosting, ownerId: currentUser(request).id, input: request.body, tag: 'Donate' }),
      );
      return reply.status(201).send(ok(product, 'PRODUCT_UPLOADED'));
    },
  );

  // The owner's listings in every status (My products), newest first, a page at a time (`meta.nextCursor`).
  app.get(
    '/myProducts',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        querystring: PageQuerySchema,
        response: { 200: listEnvelopeSchema(OwnProductCardSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await listOwnProducts({
        db,
        ownerId: currentUser(request).id,
        page: request.query,
      });
      return okList(items, meta, 'PRODUCTS_FETCHED');
    },
  );

  app.put(
    '/myProducts/:id',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        params: IdParamsSchema,
        body: ProductEditInputSchema,
        response: { 200: envelopeSchema(ProductDetailSchema) },
      },
    },
    async (request) => {
      const { product, sentToReview } = await editProduct({
        db,
        hooks: app.listingHooks,
        hosting,
        id: request.params.id,
        ownerId: currentUser(request).id,
        input: request.body,
      });
      return ok(product, sentToReview ? 'PRODUCT_UPDATED_REVIEW' : 'PRODUCT_UPDATED');
    },
  );

  app.delete(
    '/myProducts/delete/:id',
    {
      onRequest: requireUser,
      schema: { ...user, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await deleteProduct({ db, id: request.params.id, ownerId: currentUser(request).id });
      return ok(null, 'PRODUCT_DELETED');
    },
  );
};

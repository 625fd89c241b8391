import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, listEnvelopeSchema } from '@marketplace/shared/schemas/api';
import {
  DonationInputSchema,
  ProductCardSchema,
  ProductDetailSchema,
  ProductEditInputSchema,
  ProductQuerySchema,
  SaleInputSchema,
} from '@marketplace/shared/schemas/products';
import { ok, okList } from '../../lib/envelope';
import { serializeReply } from '../../lib/reply-schema';
import { currentUser, optionalUser, requireUser } from '../../plugins/auth';
import { createProduct, deleteProduct, getProductDetail, listOwnProducts, listPublicProducts, updateProduct } from './service';

// Public replies are served from the process's micro-cache when fresh; a miss is computed, checked
// against the reply schema (which keeps private fields out) and kept serialized.
async function sendCached<T>(reply: FastifyReply, key: string, schema: z.ZodType<T>, compute: () => Promise<T>) {
  const cache = reply.server.publicCache;
  let body = cache.get(key);
  if (body === undefined) {
    const generation = cache.generation();
    body = serializeReply(schema, await compute(), { isStrict: reply.server.config.strictReplies, route: key });
    cache.set(key, body, generation);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

export const ProductIdParams = z.object({ id: z.uuid({ error: 'NOT_FOUND' }) });
const user = { tags: ['products'], security: [{ user: [] }] };

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const hosting = { host: app.providers.mediaHost, publicUrl: app.config.publicUrl };

  // GET /products and /products/?category= (spec §7), plus search and filters (q, condition, tag,
  // minPrice, maxPrice, location, sort), newest first, paged by cursor.
  const ListReplySchema = listEnvelopeSchema(ProductCardSchema);
  app.get(
    '/products',
    { schema: { tags: ['products'], querystring: ProductQuerySchema, response: { 200: ListReplySchema } } },
    async (request, reply) =>
      sendCached(reply, `list:${request.url}`, ListReplySchema, async () => {
        const { items, meta } = await listPublicProducts({ db, query: request.query });
        return okList(items, meta, 'PRODUCTS_FETCHED');
      }),
  );

  const DetailReplySchema = envelopeSchema(ProductDetailSchema);
  app.get(
    '/products/:id',
    { schema: { tags: ['products'], params: ProductIdParams, response: { 200: DetailReplySchema } } },
    async (request, reply) => {
      // A logged-in owner sees their own listing in any status; the login is optional here.
      const viewer = await optionalUser(app, request);
      if (viewer) return ok(await getProductDetail({ db, id: request.params.id, viewer: { userId: viewer.id } }), 'PRODUCT_FETCHED');
      return sendCached(reply, `product:${request.params.id}`, DetailReplySchema, async () =>
        ok(await getProductDetail({ db, id: request.params.id, viewer: {} }), 'PRODUCT_FETCHED'),
      );
    },
  );

  app.post(
    '/products',
    { onRequest: requireUser, schema: { ...user, body: SaleInputSchema, response: { 201: envelopeSchema(ProductDetailSchema) } } },
    async (request, reply) => {
      const product = await createProduct({ db, hosting, ownerId: currentUser(request).id, input: request.body, tag: 'For sale' });
      return reply.status(201).send(ok(product, 'PRODUCT_UPLOADED'));
    },
  );

  app.post(
    '/products/donate',
    { onRequest: requireUser, schema: { ...user, body: DonationInputSchema, response: { 201: envelopeSchema(ProductDetailSchema) } } },
    async (request, reply) => {
      const product = await createProduct({ db, hosting, ownerId: currentUser(request).id, input: request.body, tag: 'Donate' });
      return reply.status(201).send(ok(product, 'PRODUCT_UPLOADED'));
    },
  );

  // The owner's listings in every status (My products).
  app.get('/myProducts', { onRequest: requireUser, schema: { ...user, response: { 200: listEnvelopeSchema(ProductCardSchema) } } }, async (request) => {
    const items = await listOwnProducts({ db, ownerId: currentUser(request).id });
    return okList(items, { total: items.length }, 'PRODUCTS_FETCHED');
  });

  app.put(
    '/myProducts/:id',
    {
      onRequest: requireUser,
      schema: { ...user, params: ProductIdParams, body: ProductEditInputSchema, response: { 200: envelopeSchema(ProductDetailSchema) } },
    },
    async (request) => {
      const { product, sentToReview } = await updateProduct({ db, hosting, id: request.params.id, ownerId: currentUser(request).id, input: request.body });
      return ok(product, sentToReview ? 'PRODUCT_UPDATED_REVIEW' : 'PRODUCT_UPDATED');
    },
  );

  app.delete(
    '/myProducts/delete/:id',
    { onRequest: requireUser, schema: { ...user, params: ProductIdParams, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await deleteProduct({ db, id: request.params.id, ownerId: currentUser(request).id });
      return ok(null, 'PRODUCT_DELETED');
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_FILE_BYTES } from '@marketplace/shared/constants';
import { AdminProductQuerySchema, AuditEntrySchema, ModerationStatusInputSchema } from '@marketplace/shared/schemas/admin';
import { envelopeSchema, listEnvelopeSchema } from '@marketplace/shared/schemas/api';
import { ProductCardSchema, ProductDetailSchema, ProductEditInputSchema } from '@marketplace/shared/schemas/products';
import { ok, okList } from '../../lib/envelope';
import { AppError, validationError } from '../../lib/errors';
import { currentAdmin, requireAdmin } from '../../plugins/auth';
import { sniffMedia, storeMedia } from '../media/service';
import { deleteProduct, getProductDetail, listAllProducts, loadAny, updateProduct } from '../products/service';
import { auditSnapshot, listAuditEntries, setProductStatus, writeAudit } from './moderation';

const IdParams = z.object({ id: z.uuid({ error: 'NOT_FOUND' }) });
const admin = { tags: ['admin'], security: [{ admin: [] }] };

// spec §3: the admin edit names the tag sell/donate; the stored tags are 'For sale' and 'Donate'.
const AdminTagSchema = z
  .enum(['sell', 'donate', 'For sale', 'Donate'], { error: 'INVALID_INPUT' })
  .transform((tag) => (tag === 'sell' || tag === 'For sale' ? ('For sale' as const) : ('Donate' as const)));

const AdminEditSchema = ProductEditInputSchema.extend({ tag: AdminTagSchema.optional() });

// Reads the admin's multipart edit: text fields, plus new pictures (field `images`, appended to the
// kept ones) and a new video (field `video`), stored as the seller's media.
async function readAdminEdit(request: FastifyRequest, ownerId: string) {
  if (!request.isMultipart()) return request.body ?? {};
  const fields: Record<string, unknown> = {};
  const newImages: string[] = [];
  let newVideo: string | undefined;
  for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = part.fieldname === 'availability' ? part.value === 'true' : part.value;
      continue;
    }
    const bytes = await part.toBuffer().catch((error: unknown) => {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(413, part.fieldname === 'video' ? 'VIDEO_TOO_LARGE' : 'IMAGE_TOO_LARGE');
      }
      throw error;
    });
    if (bytes.length === 0) continue;
    const type = await sniffMedia(bytes.subarray(0, 4100));
    if (!type || (part.fieldname === 'video') !== (type.kind === 'video')) throw new AppError(415, 'MEDIA_TYPE_NOT_ALLOWED');
    const stored = await storeMedia({ db: request.server.db, storage: request.server.providers.mediaStorage, ownerId, bytes });
    if (stored.kind === 'video') newVideo = stored.url;
    else newImages.push(stored.url);
  }
  if (newImages.length > 0) {
    const kept = typeof fields.images === 'string' ? fields.images.split(',').filter(Boolean) : undefined;
    const current = kept ?? (await getProductDetail({ db: request.server.db, id: (request.params as { id: string }).id, viewer: { isAdmin: true } })).images.map((image) => image.url);
    fields.images = [...current, ...newImages].join(',');
  }
  if (newVideo) fields.video = newVideo;
  return fields;
}

export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/adminProduct',
    { onRequest: requireAdmin, schema: { ...admin, querystring: AdminProductQuerySchema, response: { 200: listEnvelopeSchema(ProductCardSchema) } } },
    async (request) => {
      const items = await listAllProducts({ db, status: request.query.status });
      return okList(items, { total: items.length }, 'PRODUCTS_FETCHED');
    },
  );

  app.get(
    '/adminProduct/:id',
    {
      onRequest: requireAdmin,
      schema: { ...admin, params: IdParams, response: { 200: envelopeSchema(ProductDetailSchema.extend({ audit: z.array(AuditEntrySchema) })) } },
    },
    async (request) => {
      const [product, audit] = await Promise.all([
        getProductDetail({ db, id: request.params.id, viewer: { isAdmin: true } }),
        listAuditEntries({ db, productId: request.params.id }),
      ]);
      return ok({ ...product, audit }, 'PRODUCT_FETCHED');
    },
  );

  app.put(
    '/adminProduct/:id',
    { onRequest: requireAdmin, schema: { ...admin, params: IdParams, consumes: ['multipart/form-data', 'application/json'], response: { 200: envelopeSchema(ProductDetailSchema) } } },
    async (request) => {
      const before = await loadAny(db, request.params.id);
      const raw = await readAdminEdit(request, before.ownerId);
      const parsed = AdminEditSchema.safeParse(raw);
      if (!parsed.success) throw validationError(parsed.error.issues);
      const { tag, ...input } = parsed.data;
      const beforeSnapshot = await auditSnapshot(db, before);
      const { product } = await updateProduct({ db, id: before.id, input, tag, byAdmin: true });
      const after = await auditSnapshot(db, await loadAny(db, before.id));
      await writeAudit({ db, admin: currentAdmin(request), action: 'edit', productId: before.id, before: beforeSnapshot, after });
      return ok(product, 'PRODUCT_UPDATED');
    },
  );

  app.delete(
    '/adminProduct/:id',
    { onRequest: requireAdmin, schema: { ...admin, params: IdParams, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      const before = await auditSnapshot(db, await loadAny(db, request.params.id));
      await deleteProduct({ db, id: request.params.id });
      await writeAudit({ db, admin: currentAdmin(request), action: 'delete', productId: before.id, before, after: null });
      return ok(null, 'PRODUCT_DELETED');
    },
  );

  app.put(
    '/adminProduct/:id/status',
    { onRequest: requireAdmin, schema: { ...admin, params: IdParams, body: ModerationStatusInputSchema, response: { 200: envelopeSchema(ProductDetailSchema) } } },
    async (request) => {
      const { status, reason } = request.body;
      await setProductStatus({ db, admin: currentAdmin(request), id: request.params.id, status, reason });
      const product = await getProductDetail({ db, id: request.params.id, viewer: { isAdmin: true } });
      return ok(product, status === 'approved' ? 'PRODUCT_APPROVED' : 'PRODUCT_REJECTED');
    },
  );
};

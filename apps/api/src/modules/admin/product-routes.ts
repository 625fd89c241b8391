import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_FILE_BYTES, MAX_IMAGES } from '@marketplace/shared/constants';
import {
  AdminProductQuerySchema,
  AuditEntrySchema,
  ModerationStatusInputSchema,
} from '@marketplace/shared/schemas/admin';
import { envelopeSchema, IdParamsSchema, listEnvelopeSchema } from '@marketplace/shared/schemas/api';
import {
  ListingReportSchema,
  ProductCardSchema,
  ProductDetailSchema,
  ProductEditInputSchema,
  type Media,
} from '@marketplace/shared/schemas/products';
import { ok, okList } from '../../lib/envelope';
import { AppError, validationError } from '../../lib/errors';
import { currentAdmin, requireAdmin } from '../../plugins/auth';
import { deleteMedia, sniffMedia, storeMedia, type MediaKind } from '../media/service';
import {
  deleteProduct,
  getProductDetail,
  listAllProducts,
  loadAny,
  updateProduct,
} from '../products/service';
import { listListingReports } from '../reports/service';
import { listAuditEntries } from './audit-log';
import { setProductStatus } from './moderation';

const admin = { tags: ['admin'], security: [{ admin: [] }] };

// spec §3: the admin edit names the tag sell/donate; the stored tags are 'For sale' and 'Donate'.
const AdminTagSchema = z
  .enum(['sell', 'donate', 'For sale', 'Donate'], { error: 'INVALID_INPUT' })
  .transform((tag) => (tag === 'sell' || tag === 'For sale' ? ('For sale' as const) : ('Donate' as const)));

const AdminEditSchema = ProductEditInputSchema.extend({ tag: AdminTagSchema.optional() });
type AdminEdit = z.output<typeof AdminEditSchema>;

// A file of the admin's edit, read into memory and sniffed but not stored yet. Until the edit has
// been validated it stands in the fields as its placeholder.
type PendingUpload = { bytes: Buffer; kind: MediaKind; placeholder: string };

// Reads the admin's edit: JSON, or multipart text fields plus new pictures (field `images`, appended to
// the kept ones) and a new video (field `video`).
// Note: files are only read here (10MB each, at most one per picture slot and a video), never stored, so
// that an edit refused for a bad field leaves nothing behind.
async function readAdminEdit(
  request: FastifyRequest,
  productId: string,
): Promise<{ fields: unknown; uploads: PendingUpload[] }> {
  if (!request.isMultipart()) return { fields: request.body ?? {}, uploads: [] };
  const fields: Record<string, unknown> = {};
  const images: PendingUpload[] = [];
  let video: PendingUpload | undefined;
  for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: MAX_IMAGES + 1 } })) {
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
    if (!type || (part.fieldname === 'video') !== (type.kind === 'video'))
      throw new AppError(415, 'MEDIA_TYPE_NOT_ALLOWED');
    const upload = { bytes, kind: type.kind, placeholder: `pending-upload:${randomUUID()}` };
    if (upload.kind === 'video') video = upload;
    else images.push(upload);
  }
  if (images.length > 0) {
    const kept = typeof fields.images === 'string' ? fields.images.split(',').filter(Boolean) : undefined;
    const current =
      kept ??
      (await getProductDetail({ db: request.server.db, id: productId, viewer: { isAdmin: true } })).images;
    fields.images = [...current, ...images.map((image) => image.placeholder)].join(',');
  }
  if (video) fields.video = video.placeholder;
  return { fields, uploads: video ? [...images, video] : images };
}

// Stores the edit's files as the seller's media and puts their URLs where their placeholders were.
// If the stored files end up unused (the edit is refused), they are removed again.
async function withStoredUploads<T>(
  request: FastifyRequest,
  { ownerId, uploads, input }: { ownerId: string; uploads: PendingUpload[]; input: AdminEdit },
  apply: (input: AdminEdit) => Promise<T>,
): Promise<T> {
  const { db, providers } = request.server;
  const stored: Media[] = [];
  try {
    const urls = new Map<string, string>();
    for (const upload of uploads) {
      const item = await storeMedia({ db, storage: providers.mediaStorage, ownerId, bytes: upload.bytes });
      stored.push(item);
      urls.set(upload.placeholder, item.url);
    }
    const storedUrl = (url: string) => urls.get(url) ?? url;
    return await apply({
      ...input,
      images: input.images?.map(storedUrl),
      video: input.video ? storedUrl(input.video) : input.video,
    });
  } catch (error) {
    const removals = await Promise.allSettled(
      stored.map((item) => deleteMedia({ db, storage: providers.mediaStorage, stored: item })),
    );
    for (const removal of removals) {
      if (removal.status === 'rejected')
        request.log.warn({ err: removal.reason }, 'unused upload of a refused edit not removed');
    }
    throw error;
  }
}

export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/adminProduct',
    {
      onRequest: requireAdmin,
      schema: {
        ...admin,
        querystring: AdminProductQuerySchema,
        response: { 200: listEnvelopeSchema(ProductCardSchema) },
      },
    },
    async (request) => {
      const { status, ...page } = request.query;
      const { items, meta } = await listAllProducts({ db, status, page });
      return okList(items, meta, 'PRODUCTS_FETCHED');
    },
  );

  app.get(
    '/adminProduct/:id',
    {
      onRequest: requireAdmin,
      schema: {
        ...admin,
        params: IdParamsSchema,
        // Beside the listing: what admins did to it, and what users reported about it (decision 022).
        response: {
          200: envelopeSchema(
            ProductDetailSchema.extend({
              audit: z.array(AuditEntrySchema),
              reports: z.array(ListingReportSchema),
            }),
          ),
        },
      },
    },
    async (request) => {
      const [product, audit, reports] = await Promise.all([
        getProductDetail({ db, id: request.params.id, viewer: { isAdmin: true } }),
        listAuditEntries({ db, productId: request.params.id }),
        listListingReports({ db, productId: request.params.id }),
      ]);
      return ok({ ...product, audit, reports }, 'PRODUCT_FETCHED');
    },
  );

  app.put(
    '/adminProduct/:id',
    {
      onRequest: requireAdmin,
      schema: {
        ...admin,
        params: IdParamsSchema,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: envelopeSchema(ProductDetailSchema) },
      },
    },
    async (request) => {
      // Uploads are stored as the seller's media; the seller is read here, the listing again under lock.
      const { ownerId } = await loadAny(db, request.params.id);
      const { fields, uploads } = await readAdminEdit(request, request.params.id);
      // The whole edit is validated before any of its files is stored.
      const parsed = AdminEditSchema.safeParse(fields);
      if (!parsed.success) throw validationError(parsed.error.issues);
      const { product } = await withStoredUploads(
        request,
        { ownerId, uploads, input: parsed.data },
        ({ tag, ...input }) =>
          updateProduct({ db, id: request.params.id, input, tag, auditBy: currentAdmin(request) }),
      );
      return ok(product, 'PRODUCT_UPDATED');
    },
  );

  app.delete(
    '/adminProduct/:id',
    {
      onRequest: requireAdmin,
      schema: { ...admin, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await deleteProduct({ db, id: request.params.id, auditBy: currentAdmin(request) });
      return ok(null, 'PRODUCT_DELETED');
    },
  );

  app.put(
    '/adminProduct/:id/status',
    {
      onRequest: requireAdmin,
      schema: {
        ...admin,
        params: IdParamsSchema,
        body: ModerationStatusInputSchema,
        response: { 200: envelopeSchema(ProductDetailSchema) },
      },
    },
    async (request) => {
      const { status, reason, updatedAt } = request.body;
      await setProductStatus({
        db,
        admin: currentAdmin(request),
        id: request.params.id,
        status,
        reason,
        reviewedVersion: updatedAt,
      });
      const product = await getProductDetail({ db, id: request.params.id, viewer: { isAdmin: true } });
      return ok(product, status === 'approved' ? 'PRODUCT_APPROVED' : 'PRODUCT_REJECTED');
    },
  );
};

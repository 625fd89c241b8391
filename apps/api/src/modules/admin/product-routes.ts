import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_IMAGES } from '@marketplace/shared/constants';
import {
  AdminProductQuerySchema,
  AuditEntrySchema,
  ModerationStatusInputSchema,
} from '@marketplace/shared/schemas/admin';
import {
  envelopeSchema,
  IdParamsSchema,
  listEnvelopeSchema,
  PageQuerySchema,
} from '@marketplace/shared/schemas/api';
import { AdminProductCardSchema, ProductDetailSchema } from '@marketplace/shared/schemas/products';
import { ListingReportSchema } from '@marketplace/shared/schemas/reports';
import { ok, okList } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { sniffMedia, SNIFF_BYTES } from '../../lib/media-type';
import { readMultipart } from '../../lib/multipart';
import { currentAdmin, requireAdmin } from '../../plugins/auth';
import { getProductDetail, listAllProducts } from '../products/index';
import { latestListingReports } from '../reports/index';
import { latestAuditEntries, listAuditEntries } from '../audit/index';
import { setProductStatus } from './moderation';
import {
  deleteProductAsAdmin,
  editProductAsAdmin,
  type AdminEditRequest,
  type PendingUpload,
} from './product-edits';

const admin = { tags: ['admin'], security: [{ admin: [] }] };

// Reads the admin's edit: JSON, or multipart text fields plus new pictures (field `images`, appended to
// the kept ones) and a new video (field `video`).
// Note: files are only read here (10MB each, at most one per picture slot and a video), never stored, so
// that an edit refused for a bad field leaves nothing behind.
async function readAdminEdit(request: FastifyRequest, productId: string): Promise<AdminEditRequest> {
  if (!request.isMultipart()) return { fields: request.body ?? {}, uploads: [] };
  const fields: Record<string, unknown> = {};
  const images: PendingUpload[] = [];
  let video: PendingUpload | undefined;
  const tooLarge = ({ name }: { name: string }) =>
    new AppError(413, name === 'video' ? 'VIDEO_TOO_LARGE' : 'IMAGE_TOO_LARGE');
  for await (const part of readMultipart(request, { maxFiles: MAX_IMAGES + 1, tooLarge })) {
    if (part.type === 'field') {
      fields[part.name] = part.name === 'availability' ? part.value === 'true' : part.value;
      continue;
    }
    if (part.bytes.length === 0) continue;
    const type = await sniffMedia(part.bytes.subarray(0, SNIFF_BYTES));
    if (!type || (part.name === 'video') !== (type.kind === 'video'))
      throw new AppError(415, 'MEDIA_TYPE_NOT_ALLOWED');
    const upload = { bytes: part.bytes, kind: type.kind, placeholder: `pending-upload:${randomUUID()}` };
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

export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/adminProduct',
    {
      onRequest: requireAdmin,
      schema: {
        ...admin,
        querystring: AdminProductQuerySchema,
        response: { 200: listEnvelopeSchema(AdminProductCardSchema) },
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
        // Beside the listing: what admins did to it, the newest 50 entries and the cursor of the rest (GET
        // /admin/products/{id}/audit; decision 091), and what users reported about it (decision 022), the newest
        // 50 reports, the cursor of the rest (GET /admin/products/{id}/reports) and their count, 10,001 past the
        // cap (decision 090).
        response: {
          200: envelopeSchema(
            ProductDetailSchema.extend({
              audit: z.array(AuditEntrySchema),
              auditNextCursor: z.string().nullable(),
              reports: z.array(ListingReportSchema),
              reportsNextCursor: z.string().nullable(),
              reportCount: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const [product, audit, reports] = await Promise.all([
        getProductDetail({ db, id: request.params.id, viewer: { isAdmin: true } }),
        latestAuditEntries({ db, productId: request.params.id }),
        latestListingReports({
          db,
          productId: request.params.id,
          minAccountAgeHours: app.config.reporterMinAccountAgeHours,
        }),
      ]);
      return ok({ ...product, ...audit, ...reports }, 'PRODUCT_FETCHED');
    },
  );

  // A listing's audit log, newest first, a page at a time (its admin page carries the newest 50 and the cursor of
  // the rest; decision 091). An unknown listing has none.
  app.get(
    '/admin/products/:id/audit',
    {
      onRequest: requireAdmin,
      schema: {
        ...admin,
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: listEnvelopeSchema(AuditEntrySchema) },
      },
    },
    async (request) => {
      const { items, nextCursor } = await listAuditEntries({
        db,
        productId: request.params.id,
        page: request.query,
      });
      return okList(items, { pageSize: request.query.pageSize, nextCursor }, 'AUDIT_FETCHED');
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
      const product = await editProductAsAdmin({
        db,
        hooks: app.listingHooks,
        storage: app.providers.mediaStorage,
        log: request.log,
        admin: currentAdmin(request),
        id: request.params.id,
        readEdit: () => readAdminEdit(request, request.params.id),
        publicUrl: app.config.publicUrl,
      });
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
      await deleteProductAsAdmin({ db, admin: currentAdmin(request), id: request.params.id });
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

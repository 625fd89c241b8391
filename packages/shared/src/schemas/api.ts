import { z } from 'zod';

// The API envelope (DESIGN.md): success `{ ok, message, data, meta? }`, failure `{ ok, message, error, requestId }`
// (requestId: the id in the server's log lines and X-Request-Id header; an extra field, not in spec §3).

export const ErrorBodySchema = z.object({
  ok: z.literal(false),
  message: z.string(),
  error: z.object({ code: z.string(), details: z.unknown().optional() }),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ ok: z.literal(true), message: z.string(), data });
}

export const PageMetaSchema = z.object({
  page: z.number().int().optional(),
  pageSize: z.number().int().optional(),
  total: z.number().int().optional(),
  // The admin lists count up to 10,000: true when there are more than `total`.
  totalCapped: z.boolean().optional(),
  nextCursor: z.string().nullable().optional(),
  // Admin notifications: how many are unread in all (the list itself is paged).
  unread: z.number().int().optional(),
});

// The `{id}` of a route: not a UUID is no such thing, 404 (never a 400 that tells ids apart).
export const IdParamsSchema = z.object({ id: z.uuid({ error: 'NOT_FOUND' }) });
// An order named in the path (its review, its collection).
export const OrderIdParamsSchema = z.object({ orderId: z.uuid({ error: 'NOT_FOUND' }) });

// Paging of the admin lists, like the public lists: `pageSize` and the `cursor` of the previous page's
// `meta.nextCursor` (null on the last page).
export const PageQuerySchema = z.object({
  pageSize: z.coerce
    .number({ error: 'INVALID_INPUT' })
    .int({ error: 'INVALID_INPUT' })
    .min(1, { error: 'INVALID_INPUT' })
    .max(100, { error: 'INVALID_INPUT' })
    .default(50),
  cursor: z.string().max(200, { error: 'INVALID_INPUT' }).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

// Paging by page number (`meta.total` counts every item): the seller page's and the saved items' lists.
export const NumberedPageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'INVALID_INPUT' })
    .int({ error: 'INVALID_INPUT' })
    .min(1, { error: 'INVALID_INPUT' })
    .max(10_000, { error: 'INVALID_INPUT' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'INVALID_INPUT' })
    .int({ error: 'INVALID_INPUT' })
    .min(1, { error: 'INVALID_INPUT' })
    .max(60, { error: 'INVALID_INPUT' })
    .default(12),
});
export type NumberedPageQuery = z.input<typeof NumberedPageQuerySchema>;

export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({
    ok: z.literal(true),
    message: z.string(),
    data: z.array(item),
    meta: PageMetaSchema.optional(),
  });
}

export type Envelope<T> = { ok: true; message: string; data: T; meta?: z.infer<typeof PageMetaSchema> };

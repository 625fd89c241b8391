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
  nextCursor: z.string().nullable().optional(),
});

export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({ ok: z.literal(true), message: z.string(), data: z.array(item), meta: PageMetaSchema.optional() });
}

export type Envelope<T> = { ok: true; message: string; data: T; meta?: z.infer<typeof PageMetaSchema> };

import { z } from 'zod';
import { CATEGORIES, DONATION_REASON_MAX_LENGTH, DONATION_REQUEST_STATUSES } from '../constants';
import { PageQuerySchema } from './api';

// Donation requests (issue #14, decision 025): on a donated item, a logged-in user asks for it with a short
// reason; the giver picks one recipient.

// POST /api/products/{id}/requests
export const DonationRequestInputSchema = z.object({
  reason: z
    .string({ error: 'DONATION_REASON_REQUIRED' })
    .trim()
    .min(1, { error: 'DONATION_REASON_REQUIRED' })
    .max(DONATION_REASON_MAX_LENGTH, { error: 'TEXT_TOO_LONG' }),
});
export type DonationRequestInput = z.input<typeof DonationRequestInputSchema>;

const time = z.iso.datetime({ offset: true });

// One request as its item's giver sees it.
export const DonationRequestSchema = z.object({
  id: z.uuid(),
  status: z.enum(DONATION_REQUEST_STATUSES),
  reason: z.string(),
  requester: z.object({ id: z.uuid(), username: z.string(), profilePicture: z.string().nullable() }),
  createdAt: time,
  decidedAt: time.nullable(),
});
export type DonationRequest = z.infer<typeof DonationRequestSchema>;

// GET /api/products/{id}/requests?pageSize&cursor (the giver only): where the giveaway stands, and a page of the
// item's requests, newest first (decision 090). `conversationId`: the giver's conversation with the recipient,
// once one is picked. `nextCursor`: the next page's cursor, null on the last; `total`: every request of the
// item, counted up to 10,000 (`totalCapped` when there are more).
export const ItemDonationRequestsSchema = z.object({
  productId: z.uuid(),
  isClosed: z.boolean(),
  recipient: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  conversationId: z.uuid().nullable(),
  requests: z.array(DonationRequestSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
});
export type ItemDonationRequests = z.infer<typeof ItemDonationRequestsSchema>;

// GET /api/donation-requests?pageSize&cursor: the caller's own requests, newest first, a page at a time
// (decision 090); with `productId`, only their request for that item (none or one).
export const MyDonationRequestQuerySchema = PageQuerySchema.extend({
  productId: z.uuid({ error: 'NOT_FOUND' }).optional(),
});
export type MyDonationRequestQuery = z.infer<typeof MyDonationRequestQuerySchema>;

export const MyDonationRequestSchema = z.object({
  id: z.uuid(),
  status: z.enum(DONATION_REQUEST_STATUSES),
  reason: z.string(),
  createdAt: time,
  decidedAt: time.nullable(),
  product: z.object({ id: z.uuid(), title: z.string(), giver: z.object({ username: z.string() }) }),
  // The conversation with the giver, for an accepted request.
  conversationId: z.uuid().nullable(),
});
export type MyDonationRequest = z.infer<typeof MyDonationRequestSchema>;

// What a pick answers: the conversation the giver and the recipient arrange the hand-over in.
export const DonationPickSchema = z.object({ recipientId: z.uuid(), conversationId: z.uuid() });

export const DonationRequestParamsSchema = z.object({
  id: z.uuid({ error: 'NOT_FOUND' }),
  requestId: z.uuid({ error: 'NOT_FOUND' }),
});

// ---------- impact ----------

export const ImpactFiguresSchema = z.object({
  // Items sold (paid orders) and given away (a recipient picked).
  sold: z.number().int(),
  given: z.number().int(),
  co2eKg: z.number(),
  wasteKg: z.number(),
});
export type ImpactFigures = z.infer<typeof ImpactFiguresSchema>;

// GET /api/impact: the platform's figures, in all and per category.
export const PlatformImpactSchema = ImpactFiguresSchema.extend({
  categories: z.array(ImpactFiguresSchema.extend({ category: z.enum(CATEGORIES) })),
});
export type PlatformImpact = z.infer<typeof PlatformImpactSchema>;

// GET /api/impact/me: what the caller passed on (sold or gave) and received (bought or was given).
export const UserImpactSchema = z.object({ passedOn: ImpactFiguresSchema, received: ImpactFiguresSchema });
export type UserImpact = z.infer<typeof UserImpactSchema>;

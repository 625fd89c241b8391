import { z } from 'zod';
import type { MessageCode } from '../reply-texts';
import { PageQuerySchema } from './api';

// Buyer protection (issue 29, decision 058): payouts held until the buyer has the item, disputes, refunds.

const code = (messageCode: MessageCode) => ({ error: messageCode });
const isoTime = z.iso.datetime({ offset: true });

export const PAYOUT_STATUSES = [
  'held',
  'disputed',
  'releasing',
  'paid',
  'failed',
  'refunding',
  'refunded',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const DISPUTE_REASONS = ['not_received', 'not_as_described', 'damaged', 'other'] as const;
export const DISPUTE_OUTCOMES = ['refund', 'release', 'partial'] as const;
export const MAX_DISPUTE_PHOTOS = 6;
const MAX_DISPUTE_TEXT = 2000;

// Photos are URLs of the author's own uploads (POST /media first).
const PhotosSchema = z
  .array(z.string(code('INVALID_INPUT')).max(2000, code('INVALID_INPUT')), code('INVALID_INPUT'))
  .max(MAX_DISPUTE_PHOTOS, code('INVALID_INPUT'))
  .default([]);

// POST /orders/{orderId}/disputes
export const OpenDisputeBodySchema = z.object({
  reason: z.enum(DISPUTE_REASONS, code('DISPUTE_REASON_REQUIRED')),
  details: z
    .string(code('DISPUTE_DETAILS_REQUIRED'))
    .trim()
    .min(1, code('DISPUTE_DETAILS_REQUIRED'))
    .max(MAX_DISPUTE_TEXT, code('DISPUTE_DETAILS_TOO_LONG')),
  photos: PhotosSchema,
});
export type OpenDisputeBody = z.input<typeof OpenDisputeBodySchema>;

// POST /disputes/{id}/messages
export const DisputeMessageBodySchema = z.object({
  body: z
    .string(code('DISPUTE_DETAILS_REQUIRED'))
    .trim()
    .min(1, code('DISPUTE_DETAILS_REQUIRED'))
    .max(MAX_DISPUTE_TEXT, code('DISPUTE_DETAILS_TOO_LONG')),
  photos: PhotosSchema,
});
export type DisputeMessageBody = z.input<typeof DisputeMessageBodySchema>;

// POST /admin/disputes/{id}/resolve: amount (kobo) only for a partial refund.
export const ResolveDisputeBodySchema = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES, code('INVALID_INPUT')),
  amount: z
    .number(code('INVALID_INPUT'))
    .int(code('INVALID_INPUT'))
    .positive(code('INVALID_INPUT'))
    .optional(),
});
export type ResolveDisputeBody = z.input<typeof ResolveDisputeBodySchema>;

export const DisputeMessageSchema = z.object({
  id: z.uuid(),
  authorRole: z.enum(['buyer', 'seller', 'admin']),
  author: z.string().nullable(),
  body: z.string(),
  photos: z.array(z.string()),
  createdAt: isoTime,
});
export type DisputeMessage = z.infer<typeof DisputeMessageSchema>;

export const DisputeSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  reason: z.enum(DISPUTE_REASONS),
  details: z.string(),
  status: z.enum(['open', 'resolved']),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  refundAmount: z.number().int().nullable(),
  isChargeback: z.boolean(),
  dueAt: isoTime.nullable(),
  createdAt: isoTime,
  resolvedAt: isoTime.nullable(),
  productTitle: z.string(),
  // What the buyer paid (kobo, delivery included) and the seller's share at stake.
  paidAmount: z.number().int(),
  payout: z.object({ status: z.enum(PAYOUT_STATUSES), amount: z.number().int() }).nullable(),
  buyer: z.object({ id: z.uuid(), username: z.string() }),
  seller: z.object({ id: z.uuid(), username: z.string() }),
  // Who reads it: the buyer, the seller or an admin.
  viewerRole: z.enum(['buyer', 'seller', 'admin']),
});
export type Dispute = z.infer<typeof DisputeSchema>;

// An order's buyer protection, as its buyer or seller sees it (extra fields on orders and transactions).
export const ProtectionSchema = z.object({
  payoutStatus: z.enum(PAYOUT_STATUSES),
  // The seller's share (kobo, delivery fee excluded), less any partial refund.
  payoutAmount: z.number().int(),
  // When the payout is released without a confirmation; null while a courier has not delivered.
  releaseAt: isoTime.nullable(),
  paidAt: isoTime.nullable(),
  disputeId: z.uuid().nullable(),
  canConfirmReceipt: z.boolean(),
  canDispute: z.boolean(),
});
export type Protection = z.infer<typeof ProtectionSchema>;

export const AdminPayoutSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  productTitle: z.string(),
  seller: z.object({ id: z.uuid(), username: z.string() }),
  amount: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  isDue: z.boolean(),
  releaseAt: isoTime.nullable(),
  transferReference: z.string().nullable(),
  transferAttempts: z.number().int(),
  failureReason: z.string().nullable(),
  paidAt: isoTime.nullable(),
  createdAt: isoTime,
});
export type AdminPayout = z.infer<typeof AdminPayoutSchema>;

// GET /admin/payouts?status=held|due|paid|failed (all when absent), newest first, a page at a time.
export const PAYOUT_FILTERS = ['held', 'due', 'paid', 'failed'] as const;
export const AdminPayoutQuerySchema = PageQuerySchema.extend({
  status: z.enum(PAYOUT_FILTERS, code('INVALID_INPUT')).optional(),
});

import { z } from 'zod';
import { DELIVERY_METHODS, REVIEW_MAX_RATING, REVIEW_MIN_RATING, REVIEW_TEXT_MAX_LENGTH } from '../constants';
import type { MessageCode } from '../reply-texts';
import { SellerRatingSchema } from './products';

// Reviews of sellers and the public seller page (issue #14, decision 026).

const code = (messageCode: MessageCode) => ({ error: messageCode });
const isoTime = z.iso.datetime({ offset: true });
const shortText = (messageCode: MessageCode) =>
  z
    .string(code(messageCode))
    .trim()
    .min(1, code(messageCode))
    .max(REVIEW_TEXT_MAX_LENGTH, code('TEXT_TOO_LONG'));

// POST /api/orders/{orderId}/review: the buyer's stars and a short text.
export const ReviewInputSchema = z.object({
  rating: z.coerce
    .number(code('REVIEW_RATING_REQUIRED'))
    .int(code('REVIEW_RATING_REQUIRED'))
    .min(REVIEW_MIN_RATING, code('REVIEW_RATING_REQUIRED'))
    .max(REVIEW_MAX_RATING, code('REVIEW_RATING_REQUIRED')),
  text: shortText('REVIEW_TEXT_REQUIRED'),
});
export type ReviewInput = z.input<typeof ReviewInputSchema>;

// POST /api/reviews/{id}/reply: the seller's one answer.
export const ReviewReplyInputSchema = z.object({ text: shortText('REVIEW_REPLY_REQUIRED') });
export type ReviewReplyInput = z.input<typeof ReviewReplyInputSchema>;

// A review as anyone sees it: the buyer by username only, the item by title.
export const ReviewSchema = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  text: z.string(),
  buyer: z.object({ username: z.string() }),
  productTitle: z.string(),
  createdAt: isoTime,
  reply: z.string().nullable(),
  repliedAt: isoTime.nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

// GET /api/orders/{orderId}/review: what the buyer's rating page needs: the order, whether it may be rated
// now, and the review once written.
export const OrderReviewSchema = z.object({
  order: z.object({
    id: z.uuid(),
    productTitle: z.string(),
    seller: z.object({ username: z.string() }),
    delivery: z.enum(DELIVERY_METHODS),
    deliveredAt: isoTime.nullable(),
  }),
  canReview: z.boolean(),
  review: ReviewSchema.nullable(),
});
export type OrderReview = z.infer<typeof OrderReviewSchema>;

// GET /api/sellers/{username}: the public seller page. Note: never the seller's e-mail, phone or address.
export const SellerProfileSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  profilePicture: z.string().nullable(),
  bio: z.string().nullable(),
  isVerified: z.boolean(),
  memberSince: isoTime,
  rating: SellerRatingSchema,
});
export type SellerProfile = z.infer<typeof SellerProfileSchema>;

export const SellerParamsSchema = z.object({ username: z.string().trim().min(1).max(60) });

import { z } from 'zod';
import { MAX_PRICE_NAIRA, MIN_PRICE_NAIRA, OFFER_STATUSES } from '../constants';
import { PageQuerySchema } from './api';

// Offers (issue 30, decision 061): a buyer offers a lower price on a listing for sale; the seller accepts,
// declines or counters; the agreed price is the one the checkout charges.

// An amount of whole naira within the spec's price range (§5). The rules that depend on the listing (at least
// half its price, below it) are the server's; the form shows them from the listing's price as well.
const offerAmountSchema = z.coerce
  .number({ error: 'OFFER_AMOUNT_INVALID' })
  .int({ error: 'OFFER_AMOUNT_INVALID' })
  .min(MIN_PRICE_NAIRA, { error: 'OFFER_AMOUNT_INVALID' })
  .max(MAX_PRICE_NAIRA, { error: 'OFFER_AMOUNT_INVALID' });

// POST /api/products/{id}/offers and POST /api/offers/{id}/counter
export const OfferInputSchema = z.object({ amount: offerAmountSchema });
export type OfferInput = z.input<typeof OfferInputSchema>;

// The form's own check, with the listing's price: at least half of it and below it.
export function offerFormSchema(listedPrice: number) {
  return z.object({
    amount: offerAmountSchema
      .refine((amount) => amount * 2 >= listedPrice, { error: 'OFFER_TOO_LOW' })
      .refine((amount) => amount < listedPrice, { error: 'OFFER_NOT_BELOW_PRICE' }),
  });
}

const time = z.iso.datetime({ offset: true });
const person = z.object({ id: z.uuid(), username: z.string() });

// One offer as either party sees it. `role`: the reader's side. `amount` is the buyer's offer,
// `counterAmount` the seller's answer, `agreedAmount` the price accepted (what the checkout charges while
// `holdExpiresAt` has not passed). `expiresAt`: when an unanswered offer or counter expires.
export const OfferSchema = z.object({
  id: z.uuid(),
  status: z.enum(OFFER_STATUSES),
  role: z.enum(['buyer', 'seller']),
  amount: z.number().int(),
  counterAmount: z.number().int().nullable(),
  agreedAmount: z.number().int().nullable(),
  listedPrice: z.number().int().nullable(),
  expiresAt: time,
  holdExpiresAt: time.nullable(),
  createdAt: time,
  updatedAt: time,
  product: z.object({ id: z.uuid(), title: z.string(), picture: z.string().nullable() }),
  buyer: person,
  seller: person,
  conversationId: z.uuid().nullable(),
});
export type Offer = z.infer<typeof OfferSchema>;

// GET /api/offers: the caller's offers, newest first; narrowed to one listing or one conversation, or to
// the offers the caller made (buying) or received (selling).
// A page at a time by cursor, newest first (PageQuerySchema: pageSize, cursor).
export const OfferListQuerySchema = PageQuerySchema.extend({
  role: z.enum(['buying', 'selling']).optional(),
  productId: z.uuid({ error: 'NOT_FOUND' }).optional(),
  conversationId: z.uuid({ error: 'NOT_FOUND' }).optional(),
});
export type OfferListQuery = z.infer<typeof OfferListQuerySchema>;

// The seller's counter form: above the buyer's offer and below the listed price.
export function counterFormSchema(offerAmount: number, listedPrice: number) {
  return z.object({
    amount: offerAmountSchema.refine((amount) => amount > offerAmount && amount < listedPrice, {
      error: 'OFFER_COUNTER_OUT_OF_RANGE',
    }),
  });
}

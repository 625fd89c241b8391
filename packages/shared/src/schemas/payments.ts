import { z } from 'zod';
import { BOOKING_STATUSES, DELIVERY_METHODS, ORDER_STATUSES, TRANSACTION_STATUSES } from '../constants';
import type { MessageCode } from '../reply-texts';
import { PageQuerySchema } from './api';
import { ProtectionSchema } from './payouts';

const code = (messageCode: MessageCode) => ({ error: messageCode });
const isoTime = z.iso.datetime({ offset: true });

// spec §3, order: one used item bought by a buyer. `productAmount` is what the buyer pays for the item
// (price × quantity, in naira; `productAmountKobo` × 100), `transactionCharge` the platform's share in kobo
// (floor of 10 percent); the seller gets the difference. The status says where the order is:
// pending (being paid, the item held), paid, cancelled (payment failed or never came), refunded.
const OrderFieldsSchema = z.object({
  id: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  // The spec's product fields a client shows in an order's row (decision 051): `primaryImage` is the picture's
  // URL and `price` the unit price paid, in naira. `picture` is the same URL (ours, kept for our app).
  product: z.object({
    id: z.uuid().nullable(),
    title: z.string(),
    primaryImage: z.string().nullable(),
    price: z.number(),
    picture: z.string().nullable(),
  }),
  seller: z.object({ id: z.uuid(), username: z.string() }),
  quantity: z.number().int(),
  shipmentReference: z.string().nullable(),
  shipmentStatus: z.string().nullable(),
  // In naira, as the client sent `product_amount` (decision 051); `productAmountKobo` is the same in kobo.
  productAmount: z.number(),
  productAmountKobo: z.number().int(),
  // In kobo, as the client sent `transaction_charge`.
  transactionCharge: z.number().int(),
  // Ours beyond spec §3 (decision 018): how the item reaches the buyer. The delivery fee (kobo) is paid
  // on top of productAmount and kept by the platform, which pays the courier.
  delivery: z.enum(DELIVERY_METHODS),
  deliveryFee: z.number().int(),
  courierName: z.string().nullable(),
  bookingStatus: z.enum(BOOKING_STATUSES).nullable(),
  deliveredAt: isoTime.nullable(),
});

// spec §3, transaction: amounts in kobo (shown divided by 100 with the naira sign), with the buyer
// and the order. Statuses: success is paid; every other one is shown as not paid (spec §4).
export const TransactionSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  paymentMethod: z.string().nullable(),
  transactionId: z.string().nullable(),
  customerEmail: z.string(),
  paidAt: isoTime.nullable(),
  createdAt: isoTime,
  user: z.object({
    username: z.string(),
    fullName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    street: z.string().nullable(),
  }),
  order: OrderFieldsSchema,
});
export type Transaction = z.infer<typeof TransactionSchema>;

// GET /transactions: the caller's own payments, as buyer and as seller; `role` is the caller's part.
// `itemAmount` (kobo): the item's part of `amount`, without the delivery fee; `sellerAmount` (kobo): what the
// seller receives of it (90 percent, spec §9), null on the buyer's rows (issue 32).
export const UserTransactionSchema = TransactionSchema.extend({
  role: z.enum(['buyer', 'seller']),
  itemAmount: z.number().int(),
  sellerAmount: z.number().int().nullable(),
  // Buyer protection (decision 058): held until, disputed, paid out on, refunded; null when there is no payout.
  protection: ProtectionSchema.nullable(),
});
export type UserTransaction = z.infer<typeof UserTransactionSchema>;

// GET /transactions?page&pageSize and GET /admin/all-transactions?page&pageSize: newest first.
export const TransactionListQuerySchema = z.object({
  page: z.coerce
    .number(code('INVALID_INPUT'))
    .int(code('INVALID_INPUT'))
    .min(1, code('INVALID_INPUT'))
    .max(10_000, code('INVALID_INPUT'))
    .default(1),
  pageSize: z.coerce
    .number(code('INVALID_INPUT'))
    .int(code('INVALID_INPUT'))
    .min(1, code('INVALID_INPUT'))
    .max(100, code('INVALID_INPUT'))
    .default(20),
});
export type TransactionListQuery = z.input<typeof TransactionListQuerySchema>;

// GET /admin/all-transactions: every payment, newest first, a page at a time by cursor like the other admin
// lists (`pageSize`, `cursor`, `meta.nextCursor`), or the one payment of a reference (an admin notification
// about a payment links to it).
export const AdminTransactionListQuerySchema = PageQuerySchema.extend({
  reference: z
    .string(code('INVALID_INPUT'))
    .trim()
    .min(1, code('INVALID_INPUT'))
    .max(100, code('INVALID_INPUT'))
    .optional(),
});

// spec §3, order, as its buyer sees it (GET /orders/user/{userId}), with the payment's reference
// (for /transaction-details) once there is one.
export const OrderSchema = OrderFieldsSchema.extend({
  reference: z.string().nullable(),
  paidAt: isoTime.nullable(),
  createdAt: isoTime,
  // Reviews (issue #14, decision 026): the buyer's review of the seller for this order, whether they may
  // write one now (paid and delivered or collected, none yet), and whether they may confirm a pickup as collected.
  review: z.object({ id: z.uuid(), rating: z.number().int() }).nullable(),
  canReview: z.boolean(),
  canConfirmCollection: z.boolean(),
  // Buyer protection (decision 058): the payout and what the buyer may do; null when there is none.
  protection: ProtectionSchema.nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

// POST /payment/initialize-transaction (spec §7). Only product_id and quantity decide anything; the
// server computes every amount from the stored product and seller, and the buyer is the token's user.
// Note: `amount` is compared with the server's (a different one is refused with 422 AMOUNT_MISMATCH);
// email, subaccount, transaction_charge, product_amount, seller_id and user_id are accepted and ignored,
// whatever their shape: a call is never refused for a field the server does not read (decision 051).
// Spec clients send `seller_id` as the product's `uploader` as GET /products/{id} gave it (an object
// with `id`) and `product_amount` in naira.
const looseValue = z.union([z.string(), z.number(), z.boolean()]).nullish().catch(undefined);
const sellerIdValue = z
  .union([z.string(), z.number(), z.object({ id: z.union([z.string(), z.number()]) }).loose()])
  .nullish()
  .catch(undefined);
export const InitializeTransactionInputSchema = z.object({
  product_id: z.uuid(code('PRODUCT_NOT_FOUND')),
  quantity: z.coerce
    .number(code('QUANTITY_INVALID'))
    .int(code('QUANTITY_INVALID'))
    .min(1, code('QUANTITY_INVALID'))
    .max(1_000, code('QUANTITY_NOT_AVAILABLE'))
    .optional(),
  amount: z.union([z.number(), z.string()], code('AMOUNT_MISMATCH')).nullish(),
  // Ours (decision 018): courier delivery at the price of a quote from POST /checkout/{productId}/delivery-quotes.
  // `delivery_fee` (kobo), when sent, must be the quote's.
  delivery_quote_id: z.uuid(code('DELIVERY_QUOTE_INVALID')).nullish(),
  delivery_fee: z.union([z.number(), z.string()], code('AMOUNT_MISMATCH')).nullish(),
  email: looseValue,
  subaccount: looseValue,
  transaction_charge: looseValue,
  product_amount: looseValue,
  seller_id: sellerIdValue,
  user_id: looseValue,
});
export type InitializeTransactionInput = z.input<typeof InitializeTransactionInputSchema>;

// Its reply: the client reads data.data.authorization_url and sends the browser there (spec §7).
export const InitializeTransactionResultSchema = z.object({
  data: z.object({ authorization_url: z.string(), access_code: z.string(), reference: z.string() }),
  reference: z.string(),
  orderId: z.uuid(),
  amount: z.number().int(),
  transactionCharge: z.number().int(),
  deliveryFee: z.number().int(),
  currency: z.literal('NGN'),
  // Until then nobody else can start paying for the item.
  holdExpiresAt: isoTime,
});
export type InitializeTransactionResult = z.infer<typeof InitializeTransactionResultSchema>;

// GET /verify-transaction/{reference} (spec §7): the buyer, the seller or an admin.
// `bookingStatus` is the delivery line shown on the confirmation page (spec §4: red when it says
// 'Failed to book shipment'); `bookingStatusCode` is its message code, for the reader's language.
export const VerifyTransactionResultSchema = z.object({
  transactionDetails: TransactionSchema,
  bookingStatus: z.string().nullable(),
  bookingStatusCode: z.string().nullable(),
});
export type VerifyTransactionResult = z.infer<typeof VerifyTransactionResultSchema>;

// GET /transaction/verify/{reference} (spec §7, no login): the status and amount, the provider's id and the
// method (decision 051). Note: `customerEmail` is masked (`a***@example.com`) unless the caller is the buyer,
// the seller or an admin; nothing else personal.
export const PublicTransactionStatusSchema = z.object({
  reference: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  paidAt: isoTime.nullable(),
  transactionId: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  customerEmail: z.string(),
});

// What a payment's status says to the payer (spec §4: success or failure by the status): the message of
// the replies that verify one (decision 051).
export const TRANSACTION_OUTCOME_CODES = {
  success: 'PAYMENT_SUCCESSFUL',
  pending: 'PAYMENT_PENDING',
  abandoned: 'PAYMENT_PENDING',
  failed: 'PAYMENT_FAILED',
  refund_pending: 'PAYMENT_REFUNDED',
  refunded: 'PAYMENT_REFUNDED',
} as const satisfies Record<(typeof TRANSACTION_STATUSES)[number], MessageCode>;
export type PublicTransactionStatus = z.infer<typeof PublicTransactionStatusSchema>;

// GET /checkout/{productId} (login): what the checkout page shows, computed by the server.
// `blockedBy` is null when the caller may pay now, otherwise the message code saying why not
// (SELLER_BANK_NOT_VERIFIED, OWN_PRODUCT, PRODUCT_SOLD, PRODUCT_ON_HOLD, PRODUCT_NOT_FOR_SALE).
export const CheckoutQuoteSchema = z.object({
  product: z.object({
    id: z.uuid(),
    title: z.string(),
    price: z.number().int(),
    picture: z.string().nullable(),
    condition: z.string(),
    location: z.string(),
  }),
  seller: z.object({
    id: z.uuid(),
    username: z.string(),
    isBankVerified: z.boolean(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
  buyer: z.object({
    email: z.string(),
    fullName: z.string(),
    phoneNumber: z.string().nullable(),
    street: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    // Street, city, state, country and phone are all filled in.
    isAddressComplete: z.boolean(),
  }),
  quantity: z.number().int(),
  maxQuantity: z.number().int(),
  // Kobo: what the buyer pays, the platform's share, the seller's share.
  amount: z.number().int(),
  transactionCharge: z.number().int(),
  sellerAmount: z.number().int(),
  currency: z.literal('NGN'),
  // Pickup with the seller is always possible; courier delivery needs both addresses
  // (`courierUnavailableReason` is the message code saying why not, else null).
  delivery: z.literal('pickup'),
  courierUnavailableReason: z.string().nullable(),
  holdSeconds: z.number().int(),
  // The caller's own checkout in progress for this item, if any (initialize returns it again).
  pendingReference: z.string().nullable(),
  blockedBy: z.string().nullable(),
  // The caller's accepted offer (decision 061): its agreed price in naira is what `amount` charges, until
  // `holdExpiresAt`.
  agreedOffer: z.object({ id: z.uuid(), amount: z.number().int(), holdExpiresAt: isoTime }).nullable(),
});
export type CheckoutQuote = z.infer<typeof CheckoutQuoteSchema>;

// POST /checkout/{productId}/delivery-quotes (login): the couriers' prices from the seller's address to
// the buyer's for the default parcel (spec §9), kept by the server until `expiresAt` (decision 018).
// Amounts in kobo: `amount` is what the buyer pays with this courier (item + delivery), `transactionCharge`
// the platform's charge (10 percent of the item + delivery), `sellerAmount` the seller's 90 percent.
export const DeliveryQuoteSchema = z.object({
  id: z.uuid(),
  courier: z.string(),
  carrierName: z.string(),
  deliveryFee: z.number().int(),
  currency: z.literal('NGN'),
  estimated_days: z.string(),
  pickup: z.string(),
  expiresAt: isoTime,
  amount: z.number().int(),
  transactionCharge: z.number().int(),
  sellerAmount: z.number().int(),
});
export type DeliveryQuote = z.infer<typeof DeliveryQuoteSchema>;

// GET /account-summary (login): the caller's sales as a seller; amounts in kobo.
export const AccountSummarySchema = z.object({
  currency: z.literal('NGN'),
  salesCount: z.number().int(),
  // What buyers paid in total.
  salesTotal: z.number().int(),
  // The seller's 90 percent.
  earned: z.number().int(),
  // The platform's 10 percent.
  fees: z.number().int(),
  // The seller's share of sales not yet in their bank: held until the buyer has the item, disputed, or being
  // transferred (protected payouts); settled the next day by Paystack (split payouts).
  pendingPayouts: z.number().int(),
  // Protected payouts: the share already paid into the seller's bank.
  paidOut: z.number().int(),
  // Items of the seller being paid for right now (held).
  onHoldCount: z.number().int(),
  recentSales: z.array(
    z.object({
      reference: z.string(),
      productTitle: z.string(),
      amount: z.number().int(),
      transactionCharge: z.number().int(),
      sellerAmount: z.number().int(),
      paidAt: isoTime,
      buyer: z.object({ username: z.string() }),
      protection: ProtectionSchema.nullable(),
    }),
  ),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

// donateFormUrl: the external donation request form (spec §2), null when the server has none (DONATE_FORM_URL).
// `buyerProtection`: payments are held until the buyer has the item (PAYOUT_MODE=protected, decision 058).
export const SiteConfigSchema = z.object({
  donateFormUrl: z.string().nullable(),
  buyerProtection: z.boolean(),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;

import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { CURRENCY } from '@marketplace/shared/constants';
import { nairaToKobo, platformShareKobo } from '@marketplace/shared/money';
import type { CheckoutQuote, InitializeTransactionResult } from '@marketplace/shared/schemas/payments';
import type { Database } from '../../db/client';
import { media, orders, productImages, products, transactions, users } from '../../db/schema';
import { toIso } from '../../lib/db-errors';
import type { HoldLimits, PayoutSettings } from '../../config';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors';
import type { CourierProvider } from '../../providers/courier/index';
import type { PaymentsProvider } from '../../providers/payments/index';
import { ensurePayoutSubaccount, providerFailure } from '../banking/index';
import { notifySaversOfHold } from '../favourites/index';
import { findOfferHold } from '../offers/index';
import {
  courierUnavailableReason,
  priceWithDelivery,
  quoteDelivery,
  takeDeliveryQuote,
} from '../shipping/index';
import { activeHold, assertMayHold, findActiveHold, isSold } from './holds';

// A used item is one unit (DESIGN.md).
const UNITS_PER_LISTING = 1;

type Executor = Pick<Database, 'select'>;

async function loadListing(db: Executor, productId: string) {
  const [row] = await db
    .select({
      id: products.id,
      ownerId: products.ownerId,
      title: products.title,
      category: products.category,
      price: products.price,
      tag: products.tag,
      status: products.status,
      isAvailable: products.isAvailable,
      condition: products.condition,
      location: products.location,
      picture: sql<string | null>`(
        select ${media.url} from ${productImages} inner join ${media} on ${media.id} = ${productImages.mediaId}
        where ${productImages.productId} = ${products.id} and ${productImages.position} = ${products.primaryImageIndex} limit 1
      )`,
      seller: {
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        isVerified: users.isVerified,
        subaccountCode: users.subaccountCode,
      },
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.ownerId))
    .where(eq(products.id, productId))
    .limit(1);
  return row ?? null;
}

type Listing = NonNullable<Awaited<ReturnType<typeof loadListing>>>;

// The price in kobo and the platform's share (spec §9): decided here, never by the client.
export function priceOf(priceNaira: number, quantity: number) {
  const amount = nairaToKobo(priceNaira) * quantity;
  const transactionCharge = platformShareKobo(amount);
  return { amount, transactionCharge, sellerAmount: amount - transactionCharge };
}

const isSent = (value: unknown) => value !== null && value !== undefined;

// Why the buyer may not pay for this listing now, most final reason first; null when they may.
async function blockingReason(db: Executor, listing: Listing, buyerId: string) {
  if (listing.tag !== 'For sale' || listing.price === null)
    return { status: 422, code: 'PRODUCT_NOT_FOR_SALE' } as const;
  if (await isSold(db, listing.id)) return { status: 409, code: 'PRODUCT_SOLD' } as const;
  if (listing.ownerId === buyerId) return { status: 422, code: 'OWN_PRODUCT' } as const;
  if (!listing.seller.isVerified) return { status: 422, code: 'SELLER_BANK_NOT_VERIFIED' } as const;
  const hold = await findActiveHold(db, listing.id);
  if (hold && hold.buyerId !== buyerId) return { status: 409, code: 'PRODUCT_ON_HOLD' } as const;
  const offer = await findOfferHold(db, listing.id);
  if (offer && offer.buyerId !== buyerId) return { status: 409, code: 'PRODUCT_HELD_FOR_OFFER' } as const;
  return null;
}

// The item's price for this buyer in naira: the agreed price of their accepted offer (decision 061), else the
// listed one. The server decides it, as it does the listed price.
async function buyerPrice(db: Executor, listing: Listing, buyerId: string) {
  const offer = await findOfferHold(db, listing.id);
  const agreed = offer?.buyerId === buyerId ? offer : null;
  return { naira: agreed?.amount ?? listing.price ?? 0, agreed };
}

function isListed(listing: Listing | null, sold: boolean): listing is Listing {
  // A sold item stays reachable here (to say it is sold); one withdrawn or not approved does not.
  return Boolean(listing && listing.status === 'approved' && (listing.isAvailable || sold));
}

// GET /checkout/{productId}: what the checkout page shows.
export async function quoteCheckout({
  db,
  productId,
  buyerId,
  holdSeconds,
}: {
  db: Database;
  productId: string;
  buyerId: string;
  holdSeconds: number;
}): Promise<CheckoutQuote> {
  const listing = await loadListing(db, productId);
  const sold = listing ? await isSold(db, listing.id) : false;
  if (!isListed(listing, sold)) throw notFound('PRODUCT_NOT_FOUND');
  const [buyer] = await db.select().from(users).where(eq(users.id, buyerId)).limit(1);
  const [seller] = await db.select().from(users).where(eq(users.id, listing.seller.id)).limit(1);
  if (!buyer || !seller) throw notFound();
  const blocked = await blockingReason(db, listing, buyerId);
  const [own] = await db
    .select({ reference: transactions.reference })
    .from(orders)
    .innerJoin(transactions, eq(transactions.orderId, orders.id))
    .where(and(eq(orders.productId, listing.id), eq(orders.buyerId, buyerId), activeHold))
    .limit(1);
  const price = await buyerPrice(db, listing, buyerId);
  const quantity = 1;
  return {
    product: {
      id: listing.id,
      title: listing.title,
      price: listing.price ?? 0,
      picture: listing.picture,
      condition: listing.condition,
      location: listing.location,
    },
    seller: {
      id: listing.seller.id,
      username: listing.seller.username,
      isBankVerified: listing.seller.isVerified,
      city: seller.city,
      state: seller.state,
    },
    buyer: {
      email: buyer.email,
      fullName: buyer.fullName,
      phoneNumber: buyer.phoneNumber,
      street: buyer.street,
      city: buyer.city,
      state: buyer.state,
      country: buyer.country,
      isAddressComplete: Boolean(
        buyer.phoneNumber && buyer.street && buyer.city && buyer.state && buyer.country,
      ),
    },
    quantity,
    maxQuantity: UNITS_PER_LISTING,
    ...priceOf(price.naira, quantity),
    currency: CURRENCY,
    delivery: 'pickup',
    courierUnavailableReason: courierUnavailableReason(seller, buyer),
    holdSeconds,
    pendingReference: own?.reference ?? null,
    blockedBy: blocked?.code ?? null,
    agreedOffer: price.agreed
      ? { id: price.agreed.id, amount: price.agreed.amount, holdExpiresAt: toIso(price.agreed.holdExpiresAt) }
      : null,
  };
}

// POST /checkout/{productId}/delivery-quotes: the couriers' prices for this listing to the caller.
export async function quoteCheckoutDelivery({
  db,
  courier,
  productId,
  buyerId,
}: {
  db: Database;
  courier: CourierProvider;
  productId: string;
  buyerId: string;
}) {
  const listing = await loadListing(db, productId);
  const sold = listing ? await isSold(db, productId) : false;
  if (!isListed(listing, sold)) throw notFound('PRODUCT_NOT_FOUND');
  const blocked = await blockingReason(db, listing, buyerId);
  if (blocked) throw new AppError(blocked.status, blocked.code);
  const [buyer] = await db.select().from(users).where(eq(users.id, buyerId)).limit(1);
  const [seller] = await db.select().from(users).where(eq(users.id, listing.seller.id)).limit(1);
  if (!buyer || !seller) throw notFound();
  const quantity = UNITS_PER_LISTING;
  const { naira } = await buyerPrice(db, listing, buyerId);
  return quoteDelivery({
    db,
    courier,
    listing: {
      id: listing.id,
      title: listing.title,
      category: listing.category,
      priceNaira: naira,
      quantity,
    },
    seller,
    buyer,
    item: priceOf(naira, quantity),
  });
}

// Our own reference, unique and unguessable (it is the key of the public status call).
export function newReference(): string {
  return `oja_${randomBytes(12).toString('hex')}`;
}

export type StartCheckoutOptions = {
  db: Database;
  payments: PaymentsProvider;
  buyerId: string;
  productId: string;
  quantity: number;
  // The client's amount in kobo, when it sent one: it must be the server's.
  clientAmount: number | string | null | undefined;
  // Courier delivery at a quote's price (decision 018); the client's fee in kobo, when it sent one, must be the quote's.
  deliveryQuoteId?: string | null;
  clientDeliveryFee?: number | string | null;
  holdSeconds: number;
  holdLimits: HoldLimits;
  callbackUrl: string;
  // Protected payouts collect the payment to the platform's balance; split ones settle the seller's subaccount.
  payoutMode: PayoutSettings['mode'];
};

// POST /payment/initialize-transaction. Holds the item for the buyer, creates the pending order and
// transaction, and starts the payment on the provider.
// Note: the hold is taken under a row lock on the product (SELECT ... FOR UPDATE), so of any number
// of buyers starting at once exactly one gets it. The provider is asked after that transaction, with
// no lock held; when it fails, the order and transaction are deleted again, so a failed start leaves
// no hold and no pending order.
export async function startCheckout(
  options: StartCheckoutOptions,
): Promise<{ result: InitializeTransactionResult; isNew: boolean }> {
  const { db, payments, buyerId, productId, quantity } = options;

  // Split payouts: a verified seller whose payout subaccount could not be created at profile save gets it now.
  const isSplit = options.payoutMode === 'split';
  const before = isSplit ? await loadListing(db, productId) : null;
  if (before?.seller.isVerified && !before.seller.subaccountCode && before.ownerId !== buyerId) {
    try {
      await ensurePayoutSubaccount({ db, payments, userId: before.seller.id });
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500)
        throw unprocessable('SELLER_BANK_NOT_VERIFIED');
      throw providerFailure('PAYMENT_PROVIDER_ERROR', error);
    }
  }

  const held = await db.transaction(async (tx) => {
    // Note: the buyer's row first (their holds are counted under it), then the product's (decision 012).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, buyerId)).for('update');
    await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    const listing = await loadListing(tx, productId);
    const sold = listing ? await isSold(tx, productId) : false;
    if (!isListed(listing, sold)) throw notFound('PRODUCT_NOT_FOUND');
    const blocked = await blockingReason(tx, listing, buyerId);
    if (blocked) throw new AppError(blocked.status, blocked.code);
    if (quantity > UNITS_PER_LISTING) throw unprocessable('QUANTITY_NOT_AVAILABLE');
    const subaccount = listing.seller.subaccountCode;
    if (isSplit && !subaccount) throw unprocessable('SELLER_BANK_NOT_VERIFIED');
    const price = priceOf((await buyerPrice(tx, listing, buyerId)).naira, quantity);
    const quote = options.deliveryQuoteId
      ? await takeDeliveryQuote(tx, { quoteId: options.deliveryQuoteId, buyerId, productId })
      : null;
    const deliveryFee = quote?.fee ?? 0;
    if (isSent(options.clientDeliveryFee) && Number(options.clientDeliveryFee) !== deliveryFee)
      throw unprocessable('DELIVERY_FEE_MISMATCH');
    const total = priceWithDelivery(price, deliveryFee);
    if (isSent(options.clientAmount) && Number(options.clientAmount) !== total.amount) {
      throw unprocessable('AMOUNT_MISMATCH');
    }

    // The buyer's own checkout in progress: the same payment page again.
    const [own] = await tx
      .select({ order: orders, transaction: transactions })
      .from(orders)
      .innerJoin(transactions, eq(transactions.orderId, orders.id))
      .where(and(eq(orders.productId, productId), eq(orders.buyerId, buyerId), activeHold))
      .limit(1);
    if (own) {
      if (!own.transaction.authorizationUrl) throw conflict('PRODUCT_ON_HOLD');
      // Started with another delivery: that payment page has another amount; the buyer finishes it or lets it run out.
      if (own.order.deliveryFee !== deliveryFee || own.order.carrierName !== (quote?.carrierName ?? null))
        throw conflict('CHECKOUT_IN_PROGRESS');
      return { existing: own };
    }
    await assertMayHold(tx, { buyerId, productId, limits: options.holdLimits });

    const [buyer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, buyerId)).limit(1);
    if (!buyer) throw notFound();
    const [order] = await tx
      .insert(orders)
      .values({
        buyerId,
        sellerId: listing.seller.id,
        productId,
        productTitle: listing.title,
        productCategory: listing.category,
        quantity,
        productAmount: price.amount,
        transactionCharge: price.transactionCharge,
        status: 'pending',
        holdExpiresAt: sql`now() + make_interval(secs => ${options.holdSeconds})`,
        ...(quote
          ? {
              delivery: 'courier' as const,
              deliveryFee,
              courierName: quote.courierName,
              carrierName: quote.carrierName,
              courierBookingKey: quote.bookingKey,
              courierRateRequest: quote.rateRequest,
            }
          : {}),
      })
      .returning();
    if (!order) throw new Error('order not created');
    const [transaction] = await tx
      .insert(transactions)
      .values({
        reference: newReference(),
        orderId: order.id,
        userId: buyerId,
        amount: total.amount,
        currency: CURRENCY,
        customerEmail: buyer.email,
      })
      .returning();
    if (!transaction) throw new Error('transaction not created');
    return { created: { order, transaction, subaccount, listing, buyerId } };
  });

  if (held.existing) {
    const { order, transaction } = held.existing;
    return {
      result: toResult(order, transaction, transaction.authorizationUrl ?? '', transaction.accessCode ?? ''),
      isNew: false,
    };
  }

  const { order, transaction, subaccount, listing } = held.created;
  let started;
  try {
    started = await payments.initializePayment({
      email: transaction.customerEmail,
      amount: transaction.amount,
      currency: CURRENCY,
      reference: transaction.reference,
      // Split payouts: the platform keeps its 10 percent of the item and the delivery fee; the seller's
      // subaccount gets the rest. Protected ones: all of it to the platform's balance, the seller paid later.
      ...(isSplit && subaccount
        ? { split: { subaccount, transactionCharge: order.transactionCharge + order.deliveryFee } }
        : {}),
      callbackUrl: options.callbackUrl,
      metadata: {
        product_id: listing.id,
        order_id: order.id,
        buyer_id: buyerId,
        seller_id: listing.seller.id,
      },
    });
  } catch (error) {
    await db.transaction(async (tx) => {
      await tx.delete(transactions).where(eq(transactions.id, transaction.id));
      await tx.delete(orders).where(eq(orders.id, order.id));
    });
    throw providerFailure('PAYMENT_PROVIDER_ERROR', error);
  }
  await db
    .update(transactions)
    .set({ authorizationUrl: started.authorizationUrl, accessCode: started.accessCode })
    .where(eq(transactions.id, transaction.id));
  // Savers learn the item may be gone soon, once the payment page really exists (a failed start holds nothing).
  await notifySaversOfHold({ db, productId: listing.id, title: listing.title, buyerId });
  return { result: toResult(order, transaction, started.authorizationUrl, started.accessCode), isNew: true };
}

function toResult(
  order: typeof orders.$inferSelect,
  transaction: typeof transactions.$inferSelect,
  authorizationUrl: string,
  accessCode: string,
): InitializeTransactionResult {
  return {
    data: { authorization_url: authorizationUrl, access_code: accessCode, reference: transaction.reference },
    reference: transaction.reference,
    orderId: order.id,
    amount: transaction.amount,
    transactionCharge: order.transactionCharge + order.deliveryFee,
    deliveryFee: order.deliveryFee,
    currency: CURRENCY,
    holdExpiresAt: toIso(order.holdExpiresAt ?? new Date()),
  };
}

import { and, eq, lt, sql } from 'drizzle-orm';
import { DEFAULT_PARCEL, DEFAULT_QUANTITY, DELIVERY_QUOTE_SECONDS } from '@marketplace/shared/constants';
import { nairaToKobo } from '@marketplace/shared/money';
import type { DeliveryQuote } from '@marketplace/shared/schemas/payments';
import type { CourierType, RateRequest } from '@marketplace/shared/schemas/shipping';
import type { MessageCode } from '@marketplace/shared/reply-texts';
import type { Database } from '../../db/client';
import { deliveryQuotes, type users } from '../../db/schema';
import { toIso } from '../../lib/db-errors';
import { AppError, unprocessable } from '../../lib/errors';
import type { CourierProvider, CourierQuote } from '../../providers/courier/index';
import { courierFailure } from './service';

// Courier delivery at checkout (decision 018): the couriers' prices for the seller's address to the
// buyer's, kept on the server with an expiry, so that a client names a quote and never a price.

// At most this many couriers are asked for one checkout (each may be a call to GoShiip).
const MAX_COURIERS = 6;

type Person = typeof users.$inferSelect;

// The profile's address as one line a courier can place ('12 Admiralty Way, Lekki, Lagos, Nigeria'),
// or null when a part a courier needs is missing.
function addressOf(person: Person) {
  const { street, city, state, country, phoneNumber } = person;
  if (!street || !city || !state || !country || !phoneNumber) return null;
  return {
    name: person.fullName,
    email: person.email,
    address: [street, city, state, country].join(', '),
    phone: phoneNumber,
  };
}

const isNigeria = (country: string | null) => /^\s*nigeria\s*$/i.test(country ?? '');

// Within one state, across states, or abroad, from the two profiles.
function courierTypeFor(seller: Person, buyer: Person): CourierType {
  if (!isNigeria(seller.country) || !isNigeria(buyer.country)) return 'international';
  const sameState = (seller.state ?? '').trim().toLowerCase() === (buyer.state ?? '').trim().toLowerCase();
  return sameState ? 'intrastate' : 'interstate';
}

// Why courier delivery cannot be quoted between these two people, or null when it can.
export function courierUnavailableReason(seller: Person, buyer: Person): MessageCode | null {
  if (!addressOf(buyer)) return 'DELIVERY_ADDRESS_INCOMPLETE';
  if (!addressOf(seller)) return 'SELLER_ADDRESS_INCOMPLETE';
  return null;
}

export type DeliveryListing = {
  id: string;
  title: string;
  category: string;
  priceNaira: number;
  quantity: number;
};

// What the buyer pays with delivery, in kobo: the item, the platform's 10 percent of the item plus the
// delivery fee (the platform pays the courier), and the seller's 90 percent of the item.
export function priceWithDelivery(item: { amount: number; transactionCharge: number }, deliveryFee: number) {
  return {
    amount: item.amount + deliveryFee,
    transactionCharge: item.transactionCharge + deliveryFee,
    sellerAmount: item.amount - item.transactionCharge,
  };
}

// POST /checkout/{productId}/delivery-quotes. The caller checked that the buyer may pay for the listing.
export async function quoteDelivery({
  db,
  courier,
  listing,
  seller,
  buyer,
  item,
}: {
  db: Database;
  courier: CourierProvider;
  listing: DeliveryListing;
  seller: Person;
  buyer: Person;
  item: { amount: number; transactionCharge: number };
}): Promise<DeliveryQuote[]> {
  const reason = courierUnavailableReason(seller, buyer);
  if (reason) throw unprocessable(reason);
  const fromAddress = addressOf(seller);
  const toAddress = addressOf(buyer);
  if (!fromAddress || !toAddress) throw unprocessable('DELIVERY_ADDRESS_INCOMPLETE');
  const type = courierTypeFor(seller, buyer);

  let couriers;
  try {
    couriers = (await courier.listCouriers(type)).slice(0, MAX_COURIERS);
  } catch (error) {
    throw courierFailure(error, 'COURIERS_FETCH_FAILED', { isRate: false });
  }
  // spec §9: the default parcel and quantity; the item is declared at its price.
  const requests: RateRequest[] = couriers.map((entry) => ({
    type,
    carrierName: entry.carrierName,
    fromAddress,
    toAddress,
    parcels: { ...DEFAULT_PARCEL },
    items: [
      {
        name: listing.title.slice(0, 120),
        description: listing.title.slice(0, 500),
        weight: DEFAULT_PARCEL.weight,
        category: listing.category,
        amount: listing.priceNaira,
        quantity: listing.quantity || DEFAULT_QUANTITY,
      },
    ],
  }));
  const settled = await Promise.allSettled(requests.map((request) => courier.getRate(request)));
  const offers: { rate: CourierQuote; request: RateRequest }[] = [];
  settled.forEach((result, index) => {
    const request = requests[index];
    // Only naira prices can be charged in naira.
    if (
      result.status === 'fulfilled' &&
      request &&
      result.value.currency === 'NGN' &&
      result.value.amount > 0
    ) {
      offers.push({ rate: result.value, request });
    }
  });
  if (offers.length === 0) {
    const failure = settled.find((result) => result.status === 'rejected');
    const mapped = failure ? courierFailure(failure.reason, 'RATE_FETCH_FAILED', { isRate: true }) : null;
    // A courier service that is down says so; couriers that each refused this parcel mean none can take it.
    if (mapped instanceof AppError && (mapped.statusCode === 502 || mapped.statusCode === 429)) throw mapped;
    throw unprocessable('NO_COURIER_AVAILABLE');
  }

  return db.transaction(async (tx) => {
    // Quotes that ran out a day ago are of no further use to anyone.
    await tx.delete(deliveryQuotes).where(lt(deliveryQuotes.expiresAt, sql`now() - interval '1 day'`));
    const rows = await tx
      .insert(deliveryQuotes)
      .values(
        offers.map(({ rate, request }) => ({
          buyerId: buyer.id,
          productId: listing.id,
          courierName: rate.courier,
          carrierName: rate.carrierName,
          fee: nairaToKobo(rate.amount),
          estimatedDays: rate.estimated_days,
          pickup: rate.pickup,
          bookingKey: rate.bookingKey,
          rateRequest: request,
          expiresAt: sql`now() + make_interval(secs => ${DELIVERY_QUOTE_SECONDS})`,
        })),
      )
      .returning();
    return rows
      .map((row) => ({
        id: row.id,
        courier: row.courierName,
        carrierName: row.carrierName,
        deliveryFee: row.fee,
        currency: 'NGN' as const,
        estimated_days: row.estimatedDays,
        pickup: row.pickup,
        expiresAt: toIso(row.expiresAt),
        ...priceWithDelivery(item, row.fee),
      }))
      .sort((first, second) => first.deliveryFee - second.deliveryFee);
  });
}

// The quote a buyer chose, checked inside the checkout's transaction: theirs, for this listing, and not
// expired (the database's clock). A quote id that is not theirs reads as one that does not exist.
export async function takeDeliveryQuote(
  tx: Pick<Database, 'select'>,
  { quoteId, buyerId, productId }: { quoteId: string; buyerId: string; productId: string },
) {
  const [row] = await tx
    .select({ quote: deliveryQuotes, isExpired: sql<boolean>`${deliveryQuotes.expiresAt} <= now()` })
    .from(deliveryQuotes)
    .where(
      and(
        eq(deliveryQuotes.id, quoteId),
        eq(deliveryQuotes.buyerId, buyerId),
        eq(deliveryQuotes.productId, productId),
      ),
    )
    .limit(1);
  if (!row) throw unprocessable('DELIVERY_QUOTE_INVALID');
  if (row.isExpired) throw unprocessable('DELIVERY_QUOTE_EXPIRED');
  return row.quote;
}

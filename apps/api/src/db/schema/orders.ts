import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';
import { products } from './products';

// spec §3, order: one used item (quantity 1) bought by a buyer; amounts in kobo. A pending order holds
// its item for its buyer until holdExpiresAt (CHECKOUT_HOLD_SECONDS after checkout started).
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    buyerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    productId: uuid().references(() => products.id, { onDelete: 'set null' }),
    productTitle: text().notNull(),
    // The listing's category when ordered, kept for the impact figures after a listing is deleted (decision 025).
    productCategory: text({ enum: ['Clothes', 'Electronics', 'Household-Items', 'Accessories'] }),
    quantity: integer().notNull().default(1),
    productAmount: integer().notNull(),
    transactionCharge: integer().notNull(),
    status: text({ enum: ['pending', 'paid', 'cancelled', 'refunded'] })
      .notNull()
      .default('pending'),
    holdExpiresAt: timestamp({ withTimezone: true }),
    // Pickup with the seller, or a courier the buyer chose at checkout (decision 018). The delivery fee
    // (kobo) is paid on top of the item and kept by the platform, which pays the courier.
    delivery: text({ enum: ['pickup', 'courier'] })
      .notNull()
      .default('pickup'),
    deliveryFee: integer().notNull().default(0),
    courierName: text(),
    carrierName: text(),
    // The courier's opaque key for booking the quoted rate, and the rate request, to quote again when an
    // admin retries a booking whose key ran out. Never sent to a browser.
    courierBookingKey: text(),
    courierRateRequest: jsonb().$type<Record<string, unknown>>(),
    // pending (queued or being retried), booked (courier assigned), failed (gave up; an admin may retry).
    bookingStatus: text({ enum: ['pending', 'booked', 'failed'] }),
    shipmentId: text(),
    shipmentReference: text(),
    shipmentStatus: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('orders_buyer_idx').on(table.buyerId, table.createdAt),
    index('orders_seller_idx').on(table.sellerId),
    index('orders_product_status_idx').on(table.productId, table.status),
    // Note: the last guard against selling an item twice: at most one paid order per product.
    uniqueIndex('orders_one_paid_per_product')
      .on(table.productId)
      .where(sql`${table.status} = 'paid'`),
    check(
      'orders_amounts',
      sql`${table.productAmount} > 0 and ${table.transactionCharge} >= 0 and ${table.quantity} >= 1`,
    ),
    check('orders_delivery_fee', sql`${table.deliveryFee} >= 0`),
    uniqueIndex('orders_shipment_reference_unique').on(table.shipmentReference),
    index('orders_booking_idx').on(table.bookingStatus),
  ],
);

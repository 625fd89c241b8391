import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { orders } from './orders';
import { products } from './products';

// A courier's price offered to a buyer at checkout (decision 018): what the buyer may pay for delivery,
// kept here so that a client can only name a quote, never a price. It runs out at `expiresAt`.
export const deliveryQuotes = pgTable(
  'delivery_quotes',
  {
    id: uuid().primaryKey().defaultRandom(),
    buyerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    courierName: text().notNull(),
    carrierName: text().notNull(),
    // Kobo.
    fee: integer().notNull(),
    estimatedDays: text().notNull(),
    pickup: text().notNull(),
    bookingKey: text().notNull(),
    rateRequest: jsonb().$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('delivery_quotes_buyer_product_idx').on(table.buyerId, table.productId),
    index('delivery_quotes_expires_idx').on(table.expiresAt),
  ],
);

// Each status a shipment reached, in order: the tracking page's timeline.
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    courierStatus: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('shipment_events_order_idx').on(table.orderId, table.createdAt)],
);

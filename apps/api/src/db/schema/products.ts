import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';
import { media } from './media';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull(),
    specification: text().notNull(),
    category: text({ enum: ['Clothes', 'Electronics', 'Household-Items', 'Accessories'] }).notNull(),
    condition: text({ enum: ['New', 'Fairly Used', 'Refurbished'] }).notNull(),
    tag: text({ enum: ['For sale', 'Donate'] }).notNull(),
    // Whole naira; null for a donation.
    price: integer(),
    priceCategory: text(),
    location: text().notNull(),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text(),
    // Reports from enough accounts of standing hid the listing (back to pending) until an admin decides: the
    // seller still sees it, with this and the reports' reasons (decision 049). Cleared by the decision.
    hiddenForReviewAt: timestamp({ withTimezone: true }),
    isAvailable: boolean().notNull().default(true),
    // A donation whose giver closed requests (decision 025): no new ones, and it left the lists.
    donationRequestsClosedAt: timestamp({ withTimezone: true }),
    primaryImageIndex: integer().notNull().default(0),
    videoId: uuid().references(() => media.id, { onDelete: 'set null' }),
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '') || ' ' || coalesce(condition, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '') || ' ' || coalesce(specification, '')), 'C') || setweight(to_tsvector('simple', coalesce(location, '')), 'D')`,
    ),
    // The title's words alone: search shows listings whose title has every word first (decision 020).
    titleVector: tsvector().generatedAlwaysAs(sql`to_tsvector('english', coalesce(title, ''))`),
    // The listing's card (ProductCardSchema) as JSON text, kept by the database itself: triggers rewrite it
    // whenever the listing, its pictures or its seller's username or badge change, so the lists read it
    // instead of building it per request (decision 030). The app never writes it.
    card: text(),
    ...timestamps,
  },
  (table) => [
    check(
      'products_price_whole_naira',
      sql`${table.price} is null or ${table.price} between 0 and 100000000`,
    ),
    // The public lists read approved, available listings newest first, by category or not.
    // Note: ascending indexes, scanned backwards, serve `order by created_at desc, id desc`; an index
    // declared `desc` is `desc nulls last`, which that order (nulls first) cannot use.
    // Searches walk `products_public_title_words_newest_idx` and `products_public_words_newest_idx` instead:
    // the same order, with the price and the titles' or all the words included (INCLUDE, which Drizzle
    // cannot declare: created by hand in migrations 0015 and 0016).
    index('products_public_newest_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'approved' and ${table.isAvailable}`),
    index('products_public_category_idx')
      .on(table.category, table.createdAt, table.id)
      .where(sql`${table.status} = 'approved' and ${table.isAvailable}`),
    index('products_public_price_idx')
      .on(table.price, table.id)
      .where(sql`${table.status} = 'approved' and ${table.isAvailable}`),
    index('products_owner_idx').on(table.ownerId, table.createdAt, table.id),
    index('products_status_idx').on(table.status, table.createdAt, table.id),
    // The admin list of every listing, newest first, a page at a time (decision 052).
    index('products_created_idx').on(table.createdAt, table.id),
    index('products_search_idx').using('gin', table.searchVector),
    index('products_public_title_search_idx')
      .using('gin', table.titleVector)
      .where(sql`${table.status} = 'approved' and ${table.isAvailable}`),
    // Misspelt searches fall back to trigram similarity on titles (pg_trgm, decision 020).
    index('products_public_title_trgm_idx')
      .using('gin', table.title.op('gin_trgm_ops'))
      .where(sql`${table.status} = 'approved' and ${table.isAvailable}`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaId: uuid()
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.position] }), index().on(table.mediaId)],
);

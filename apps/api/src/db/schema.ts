import { sql } from 'drizzle-orm';
import type { NotificationCode } from '@marketplace/shared/notifications';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

// Columns are camelCase here and snake_case in SQL (casing: 'snake_case' in client.ts and drizzle.config.ts).

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    fullName: text().notNull(),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    // Raised on password reset: every token issued before it stops working.
    tokenVersion: integer().notNull().default(0),
    refId: text().notNull(),
    referredById: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    phoneNumber: text(),
    address: text(),
    street: text(),
    city: text(),
    state: text(),
    country: text(),
    bio: text(),
    profilePicture: text(),
    accountName: text(),
    accountNumber: text(),
    bankName: text(),
    bankCode: text(),
    isVerified: boolean().notNull().default(false),
    subaccountCode: text(),
    // The account the payment subaccount settles into: when the seller verifies another account, the
    // same subaccount is pointed at it (one subaccount per seller, paid into the verified account).
    subaccountBankCode: text(),
    subaccountAccountNumber: text(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${table.username})`),
    uniqueIndex('users_ref_id_unique').on(table.refId),
    index('users_referred_by_idx').on(table.referredById),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Note: only a SHA-256 of the token is stored; the token itself lives only in the e-mail.
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('password_reset_tokens_hash_unique').on(table.tokenHash), index().on(table.userId)],
);

// One-time sign-in links, mailed to the owner of an account under a password-guessing attack
// (decision 009): for a user or for an admin. Only a SHA-256 of the token is stored; single use, 15 minutes.
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    adminId: uuid().references((): AnyPgColumn => admins.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sign_in_links_hash_unique').on(table.tokenHash),
    check('sign_in_links_one_account', sql`(${table.userId} is null) <> (${table.adminId} is null)`),
  ],
);

export const admins = pgTable(
  'admins',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    fullName: text().notNull().default('Administrator'),
    passwordHash: text().notNull(),
    tokenVersion: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex('admins_email_unique').on(sql`lower(${table.email})`)],
);

// A notification is a code and its parameters (packages/shared/src/notifications.ts), rendered in the
// reader's language when read; never a finished English sentence.
const notificationContent = {
  code: text().$type<NotificationCode>().notNull(),
  params: jsonb().$type<Record<string, string>>().notNull().default({}),
};

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...notificationContent,
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notifications_user_created_idx').on(table.userId, table.createdAt)],
);

export const adminNotifications = pgTable(
  'admin_notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    ...notificationContent,
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_notifications_created_idx').on(table.createdAt)],
);

// A bank account the payment provider resolved for a user. Saving the profile with exactly these
// details is what makes the user verified (DESIGN.md: bank details are verified by the server).
export const bankResolutions = pgTable(
  'bank_resolutions',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bankCode: text().notNull(),
    accountNumber: text().notNull(),
    bankName: text().notNull(),
    accountName: text().notNull(),
    resolvedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.bankCode, table.accountNumber] })],
);

// Failed sign-in attempts per key (address and e-mail), kept in the database so that every API
// process sees the same count.
export const authFailures = pgTable('auth_failures', {
  key: text().primaryKey(),
  attempts: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('newsletter_subscriptions_email_unique').on(sql`lower(${table.email})`)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export type ImageVariant = { width: number; url: string };

// Every file a user uploaded (spec §7: images and video go to media storage before the upload call).
// A listing may only use its own seller's media.
export const media = pgTable(
  'media',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['image', 'video'] }).notNull(),
    url: text().notNull(),
    contentType: text().notNull(),
    bytes: integer().notNull(),
    width: integer(),
    height: integer(),
    variants: jsonb().$type<ImageVariant[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('media_url_unique').on(table.url), index('media_owner_idx').on(table.ownerId)],
);

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

// A user's report of a listing (decision 022): one per user per listing. Reports an admin has not yet
// reviewed (reviewedAt null) count towards hiding the listing; a decision on the listing reviews them.
export const listingReports = pgTable(
  'listing_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    reporterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text({
      enum: ['scam', 'prohibited', 'counterfeit', 'misleading', 'unavailable', 'offensive', 'other'],
    }).notNull(),
    note: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('listing_reports_one_per_user').on(table.productId, table.reporterId),
    index('listing_reports_reporter_idx').on(table.reporterId),
  ],
);

// A request for a donated item (decision 025): one per user per item. The giver accepts one (the item is
// then given away, see `donations`); the others are declined; a requester may withdraw a pending one.
export const donationRequests = pgTable(
  'donation_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    requesterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    status: text({ enum: ['pending', 'accepted', 'declined', 'withdrawn'] })
      .notNull()
      .default('pending'),
    decidedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('donation_requests_one_per_user').on(table.productId, table.requesterId),
    // Note: the last guard against giving an item twice: at most one accepted request per item.
    uniqueIndex('donation_requests_one_accepted').on(table.productId).where(sql`${table.status} = 'accepted'`),
    index('donation_requests_requester_idx').on(table.requesterId, table.createdAt),
  ],
);

// An item given away (decision 025): written when the giver picks a recipient. It outlives the listing
// (productId is cleared when the listing is deleted), so the impact figures keep counting it.
export const donations = pgTable(
  'donations',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid().references(() => products.id, { onDelete: 'set null' }),
    giverId: uuid().references(() => users.id, { onDelete: 'set null' }),
    recipientId: uuid().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    category: text({ enum: ['Clothes', 'Electronics', 'Household-Items', 'Accessories'] }).notNull(),
    givenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('donations_product_unique').on(table.productId),
    index('donations_giver_idx').on(table.giverId),
    index('donations_recipient_idx').on(table.recipientId),
  ],
);

// Who did what to which listing, with the listing before and after (issue: admin area).
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    adminId: uuid().references(() => admins.id, { onDelete: 'set null' }),
    adminEmail: text().notNull(),
    action: text().notNull(),
    productId: uuid(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_audit_log_product_idx').on(table.productId, table.createdAt)],
);

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

// Background work kept in the database (DESIGN.md, scale): it survives a restart, and each due job is
// taken by one API process (FOR UPDATE SKIP LOCKED). A running job whose lease ran out (its process
// died) is taken again. `key` makes enqueueing idempotent (one job per key).
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    key: text(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: text({ enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('jobs_key_unique').on(table.key),
    index('jobs_due_idx').on(table.status, table.runAt),
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

// spec §3, transaction: a payment for an order; amounts in kobo, unique by our own reference (sent to
// the provider). Statuses: pending, success, failed, abandoned (the hold ran out before a payment),
// refund_pending (paid after the item was sold to someone else; refund being asked), refunded.
export const transactions = pgTable(
  'transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    reference: text().notNull(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: integer().notNull(),
    currency: text().notNull().default('NGN'),
    status: text({ enum: ['pending', 'success', 'failed', 'abandoned', 'refund_pending', 'refunded'] })
      .notNull()
      .default('pending'),
    // Why a payment was not completed: declined, amount_mismatch, currency_mismatch, item_sold.
    failureReason: text(),
    paymentMethod: text(),
    transactionId: text(),
    customerEmail: text().notNull(),
    // The provider's hosted payment page for this reference (given again to a buyer who comes back).
    authorizationUrl: text(),
    accessCode: text(),
    paidAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('transactions_reference_unique').on(table.reference),
    index('transactions_user_idx').on(table.userId, table.createdAt),
    index('transactions_order_idx').on(table.orderId),
    index('transactions_created_idx').on(table.createdAt),
  ],
);

// The payment sandbox's own books (DESIGN.md: the sandbox runs inside the app and keeps Paystack's
// semantics): what was initialized, paid, declined or refunded. Only the sandbox adapter uses it; it is
// a table so that every API process sees the same payments.
export const sandboxPayments = pgTable('sandbox_payments', {
  reference: text().primaryKey(),
  accessCode: text().notNull(),
  email: text().notNull(),
  amount: integer().notNull(),
  currency: text().notNull(),
  subaccount: text().notNull(),
  transactionCharge: integer().notNull(),
  callbackUrl: text().notNull(),
  metadata: jsonb().notNull().default({}),
  status: text({ enum: ['abandoned', 'success', 'failed', 'reversed'] })
    .notNull()
    .default('abandoned'),
  providerId: integer().generatedAlwaysAsIdentity(),
  paidAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// Live events (decision 023): what the event stream (GET /api/events) sends, for one user or for the
// admins. `id` is the stream's event id. `tx` is the writing transaction's id: streams deliver in
// (tx, id) order and only once every older transaction has ended, so an event whose transaction commits
// late is never skipped by a reader that already passed a higher id. Rows older than a day are swept.
export const events = pgTable(
  'events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    tx: bigint({ mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    // One user, or (null) every admin.
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    admins: boolean().notNull().default(false),
    type: text().notNull(),
    data: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('events_position_idx').on(table.tx, table.id),
    index('events_user_position_idx').on(table.userId, table.tx, table.id),
    index('events_created_idx').on(table.createdAt),
    check('events_one_audience', sql`(${table.userId} is null) = ${table.admins}`),
  ],
);

// Messages between a listing's owner and one other user (issue 14, decision 024): one conversation per
// listing and user. `lastActivityAt` orders a user's list (the last message, or the opening).
export const conversations = pgTable(
  'conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // The listing's owner when the conversation was opened, and the other person (a buyer, or the
    // recipient of a donation).
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A conversation a buyer opened from the listing shows in the owner's list from its first message on;
    // one opened for both (a donation's hand-over) shows at once.
    listedForOwner: boolean().notNull().default(false),
    // The latest report of it: set once reported, an admin may read it.
    lastReportedAt: timestamp({ withTimezone: true }),
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_one_per_listing_and_user').on(table.productId, table.userId),
    index('conversations_owner_idx').on(table.ownerId, table.lastActivityAt),
    index('conversations_user_idx').on(table.userId, table.lastActivityAt),
    index('conversations_reported_idx').on(table.lastReportedAt, table.id).where(sql`${table.lastReportedAt} is not null`),
    check('conversations_two_people', sql`${table.ownerId} <> ${table.userId}`),
  ],
);

// A message: text only. `readAt` is set when its recipient opens the thread; `digestedAt` when an e-mail
// digest of unread messages carried it (one digest per unread batch).
export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    readAt: timestamp({ withTimezone: true }),
    digestedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_conversation_idx').on(table.conversationId, table.createdAt, table.id),
    index('messages_unread_idx').on(table.recipientId, table.conversationId).where(sql`${table.readAt} is null`),
  ],
);

// Who blocked whom: a blocked user cannot send messages to the blocker.
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] }), index('user_blocks_blocked_idx').on(table.blockedId)],
);

// A participant's report of a conversation: one each. An admin may read a reported conversation.
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversation_reports_one_per_user').on(table.conversationId, table.reporterId),
    index('conversation_reports_created_idx').on(table.createdAt, table.id),
  ],
);

// A user's saved listing (issue #14, favourites; decision 026): one row per user and listing. A deleted
// listing takes its saves with it; a sold one stays saved and shows as no longer available.
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    index('favourites_user_created_idx').on(table.userId, table.createdAt),
    // The savers of a listing, told when its price drops or someone starts paying for it.
    index('favourites_product_idx').on(table.productId),
  ],
);

// A buyer's rating of the seller after an order reached them (issue #14, reviews; decision 026): one per
// order (the unique index is the last guard against a second), 1 to 5 stars with a short text; the seller
// may answer once.
export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    text: text().notNull(),
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reviews_one_per_order').on(table.orderId),
    index('reviews_seller_created_idx').on(table.sellerId, table.createdAt, table.id),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

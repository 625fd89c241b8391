import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountExport } from '@marketplace/shared/schemas/data-rights';
import type { Database } from '../../db/client';
import {
  bankResolutions,
  conversationReports,
  conversations,
  deliveryQuotes,
  donationRequests,
  donations,
  favourites,
  listingReports,
  media,
  messages,
  newsletterSubscriptions,
  notifications,
  orders,
  passwordResetTokens,
  productImages,
  products,
  reviews,
  signInLinks,
  transactions,
  userBlocks,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { offersForExport } from '../offers/index';

// The other person of a record, named by their username only.
const otherPerson = alias(users, 'other_person');

// The columns of an order that belong to both its buyer and its seller. Left out: the courier's rate
// request (the other party's name, phone and address) and the courier's booking key (not about anyone).
const orderColumns = {
  id: orders.id,
  productId: orders.productId,
  productTitle: orders.productTitle,
  productCategory: orders.productCategory,
  quantity: orders.quantity,
  productAmountKobo: orders.productAmount,
  transactionChargeKobo: orders.transactionCharge,
  deliveryFeeKobo: orders.deliveryFee,
  status: orders.status,
  delivery: orders.delivery,
  courierName: orders.courierName,
  carrierName: orders.carrierName,
  bookingStatus: orders.bookingStatus,
  shipmentReference: orders.shipmentReference,
  shipmentStatus: orders.shipmentStatus,
  deliveredAt: orders.deliveredAt,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

// Map.groupBy is Node 21's; the API runs on Node 20.19 too.
function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

// GET /userProfile/export (Nigeria Data Protection Act 2023, §34 and §38; decision 050): every row held
// about the user, their own details in full (bank details unmasked), and other people only by username.
// Note: this module reads every domain's tables on purpose: the law's question is "everything you hold
// about me", which no single module can answer; it writes nothing here.
export async function exportAccount({
  db,
  userId,
}: {
  db: Database;
  userId: string;
}): Promise<AccountExport> {
  const [account] = await db
    .select({ user: users, referredBy: otherPerson.username })
    .from(users)
    .leftJoin(otherPerson, eq(otherPerson.id, users.referredById))
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) throw notFound();
  // Note: the password hash and the session version are kept out: they are credentials, not information.
  const {
    passwordHash: _passwordHash,
    tokenVersion: _tokenVersion,
    referredById: _referredById,
    ...own
  } = account.user;

  const conversationWithMe = or(eq(conversations.ownerId, userId), eq(conversations.userId, userId));
  const [
    bankAccountsResolved,
    listings,
    listingImages,
    uploads,
    ordersAsBuyer,
    ordersAsSeller,
    payments,
    quotes,
    myConversations,
    conversationMessages,
    myNotifications,
    myFavourites,
    reviewsWritten,
    reviewsReceived,
    myListingReports,
    myConversationReports,
    blockedUsers,
    referrals,
    myDonationRequests,
    myDonations,
    newsletter,
    passwordResets,
    links,
  ] = await Promise.all([
    db.select().from(bankResolutions).where(eq(bankResolutions.userId, userId)),
    db
      .select({
        id: products.id,
        title: products.title,
        description: products.description,
        specification: products.specification,
        category: products.category,
        condition: products.condition,
        tag: products.tag,
        price: products.price,
        priceCategory: products.priceCategory,
        location: products.location,
        status: products.status,
        rejectionReason: products.rejectionReason,
        isAvailable: products.isAvailable,
        donationRequestsClosedAt: products.donationRequestsClosedAt,
        primaryImageIndex: products.primaryImageIndex,
        videoId: products.videoId,
        createdAt: products.createdAt,
        updatedAt: products.updatedAt,
      })
      .from(products)
      .where(eq(products.ownerId, userId))
      .orderBy(asc(products.createdAt)),
    db
      .select({ productId: productImages.productId, url: media.url })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .innerJoin(media, eq(media.id, productImages.mediaId))
      .where(eq(products.ownerId, userId))
      .orderBy(asc(productImages.position)),
    db
      .select({
        id: media.id,
        kind: media.kind,
        url: media.url,
        contentType: media.contentType,
        bytes: media.bytes,
        width: media.width,
        height: media.height,
        createdAt: media.createdAt,
      })
      .from(media)
      .where(eq(media.ownerId, userId)),
    db
      .select({ ...orderColumns, seller: otherPerson.username })
      .from(orders)
      .innerJoin(otherPerson, eq(otherPerson.id, orders.sellerId))
      .where(eq(orders.buyerId, userId))
      .orderBy(asc(orders.createdAt)),
    db
      .select({ ...orderColumns, buyer: otherPerson.username })
      .from(orders)
      .innerJoin(otherPerson, eq(otherPerson.id, orders.buyerId))
      .where(eq(orders.sellerId, userId))
      .orderBy(asc(orders.createdAt)),
    // The user's own payments (as the payer, with the e-mail they paid with); a sale's payment is the
    // buyer's and shows only as the order above.
    db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(asc(transactions.createdAt)),
    db
      .select({
        id: deliveryQuotes.id,
        productId: deliveryQuotes.productId,
        courierName: deliveryQuotes.courierName,
        carrierName: deliveryQuotes.carrierName,
        feeKobo: deliveryQuotes.fee,
        estimatedDays: deliveryQuotes.estimatedDays,
        expiresAt: deliveryQuotes.expiresAt,
        createdAt: deliveryQuotes.createdAt,
      })
      .from(deliveryQuotes)
      .where(eq(deliveryQuotes.buyerId, userId)),
    db
      .select({
        id: conversations.id,
        productId: conversations.productId,
        productTitle: products.title,
        isMyListing: sql<boolean>`${conversations.ownerId} = ${userId}`,
        with: otherPerson.username,
        lastActivityAt: conversations.lastActivityAt,
        createdAt: conversations.createdAt,
      })
      .from(conversations)
      .innerJoin(products, eq(products.id, conversations.productId))
      .innerJoin(
        otherPerson,
        eq(
          otherPerson.id,
          sql`case when ${conversations.ownerId} = ${userId} then ${conversations.userId} else ${conversations.ownerId} end`,
        ),
      )
      .where(conversationWithMe)
      .orderBy(asc(conversations.createdAt)),
    db
      .select({
        conversationId: messages.conversationId,
        id: messages.id,
        sentByMe: sql<boolean>`${messages.senderId} = ${userId}`,
        body: messages.body,
        readAt: messages.readAt,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(conversationWithMe, or(eq(messages.senderId, userId), eq(messages.recipientId, userId))))
      .orderBy(asc(messages.createdAt), asc(messages.id)),
    db
      .select({
        id: notifications.id,
        code: notifications.code,
        params: notifications.params,
        read: notifications.read,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt)),
    db
      .select({ productId: favourites.productId, title: products.title, createdAt: favourites.createdAt })
      .from(favourites)
      .innerJoin(products, eq(products.id, favourites.productId))
      .where(eq(favourites.userId, userId)),
    reviewsBy(db, { userId, role: 'buyer' }),
    reviewsBy(db, { userId, role: 'seller' }),
    db
      .select({
        id: listingReports.id,
        productId: listingReports.productId,
        reason: listingReports.reason,
        note: listingReports.note,
        reviewedAt: listingReports.reviewedAt,
        createdAt: listingReports.createdAt,
      })
      .from(listingReports)
      .where(eq(listingReports.reporterId, userId)),
    db
      .select({
        id: conversationReports.id,
        conversationId: conversationReports.conversationId,
        note: conversationReports.note,
        createdAt: conversationReports.createdAt,
      })
      .from(conversationReports)
      .where(eq(conversationReports.reporterId, userId)),
    db
      .select({ username: otherPerson.username, createdAt: userBlocks.createdAt })
      .from(userBlocks)
      .innerJoin(otherPerson, eq(otherPerson.id, userBlocks.blockedId))
      .where(eq(userBlocks.blockerId, userId)),
    db
      .select({ username: otherPerson.username, joinedAt: otherPerson.createdAt })
      .from(otherPerson)
      .where(eq(otherPerson.referredById, userId)),
    db
      .select({
        id: donationRequests.id,
        productId: donationRequests.productId,
        title: products.title,
        reason: donationRequests.reason,
        status: donationRequests.status,
        decidedAt: donationRequests.decidedAt,
        createdAt: donationRequests.createdAt,
      })
      .from(donationRequests)
      .innerJoin(products, eq(products.id, donationRequests.productId))
      .where(eq(donationRequests.requesterId, userId)),
    db
      .select({
        id: donations.id,
        productId: donations.productId,
        title: donations.title,
        category: donations.category,
        role: sql<
          'giver' | 'recipient'
        >`case when ${donations.giverId} = ${userId} then 'giver' else 'recipient' end`,
        with: otherPerson.username,
        givenAt: donations.givenAt,
      })
      .from(donations)
      .leftJoin(
        otherPerson,
        eq(
          otherPerson.id,
          sql`case when ${donations.giverId} = ${userId} then ${donations.recipientId} else ${donations.giverId} end`,
        ),
      )
      .where(or(eq(donations.giverId, userId), eq(donations.recipientId, userId))),
    db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = lower(${account.user.email})`),
    // When reset and sign-in links were asked for and used; never the tokens (only their hashes are kept).
    db
      .select({
        createdAt: passwordResetTokens.createdAt,
        expiresAt: passwordResetTokens.expiresAt,
        usedAt: passwordResetTokens.usedAt,
      })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId)),
    db
      .select({
        createdAt: signInLinks.createdAt,
        expiresAt: signInLinks.expiresAt,
        usedAt: signInLinks.usedAt,
      })
      .from(signInLinks)
      .where(eq(signInLinks.userId, userId)),
  ]);

  const myOffers = await offersForExport(db, userId);
  const videoUrls = new Map(uploads.map((upload) => [upload.id, upload.url]));
  const messagesByConversation = groupBy(conversationMessages, (message) => message.conversationId);
  const imagesByListing = groupBy(listingImages, (image) => image.productId);

  return {
    exportedAt: new Date().toISOString(),
    account: { ...own, referredBy: account.referredBy },
    bankAccountsResolved,
    listings: listings.map(({ videoId, ...listing }) => ({
      ...listing,
      images: (imagesByListing.get(listing.id) ?? []).map((image) => image.url),
      video: videoId ? (videoUrls.get(videoId) ?? null) : null,
    })),
    uploads,
    ordersAsBuyer,
    ordersAsSeller,
    payments,
    deliveryQuotes: quotes,
    conversations: myConversations.map((conversation) => ({
      ...conversation,
      messages: (messagesByConversation.get(conversation.id) ?? []).map(
        ({ conversationId: _id, ...message }) => message,
      ),
    })),
    notifications: myNotifications,
    favourites: myFavourites,
    reviewsWritten,
    reviewsReceived,
    listingReports: myListingReports,
    conversationReports: myConversationReports,
    blockedUsers,
    referrals,
    donationRequests: myDonationRequests,
    donations: myDonations,
    offers: myOffers,
    newsletter,
    passwordResets,
    signInLinks: links,
  };
}

// The reviews a user wrote (as the buyer, naming the seller) or received (as the seller, naming the buyer):
// the other person by username only.
function reviewsBy(db: Database, { userId, role }: { userId: string; role: 'buyer' | 'seller' }) {
  const [own, other] =
    role === 'buyer' ? [reviews.buyerId, reviews.sellerId] : [reviews.sellerId, reviews.buyerId];
  return db
    .select({
      id: reviews.id,
      orderId: reviews.orderId,
      ...(role === 'buyer' ? { seller: otherPerson.username } : { buyer: otherPerson.username }),
      rating: reviews.rating,
      text: reviews.text,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(otherPerson, eq(otherPerson.id, other))
    .where(eq(own, userId));
}

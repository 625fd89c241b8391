import { and, eq, ne } from 'drizzle-orm';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import type {
  DonationRequest,
  ItemDonationRequests,
  MyDonationRequest,
  MyDonationRequestQuery,
} from '@marketplace/shared/schemas/donations';
import type { Database } from '../../db/client';
import { conversations, donationRequests, donations, products, users } from '../../db/schema';
import { microTimeIdPage, microTimeIdPaging, rowLimit, totalOf, type ListMeta } from '../../lib/cursor';
import { toIso } from '../../lib/db-errors';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { usernameOf } from '../accounts/index';
import { openConversation } from '../messages/index';
import { notifyUser } from '../notifications/index';
import { isGivenAway, lockListing } from '../products/index';

// Donation requests (issue #14, decision 025). Every change to an item's requests first locks the listing's
// row (lockListing), so a request, a pick, a decline, a close and a withdrawal on one item happen one after
// the other: a request never slips in after the pick, and of two picks racing exactly one wins.

type RequestRow = typeof donationRequests.$inferSelect;
type ProductRow = typeof products.$inferSelect;

const toTime = (date: Date | null) => (date ? toIso(date) : null);

// What stands between the giver and a decision on the item's requests, most final first.
async function assertStillGiving(tx: Database, product: ProductRow) {
  if (product.tag !== 'Donate') throw unprocessable('DONATION_ONLY');
  if (await isGivenAway(tx, product.id)) throw conflict('DONATION_ALREADY_GIVEN');
}

// Tells each requester, kindly, that the item will not go to them.
async function notifyNotPicked(tx: Database, product: ProductRow, requesterIds: string[]) {
  for (const userId of requesterIds) {
    await notifyUser({
      db: tx,
      userId,
      content: { code: 'DONATION_NOT_PICKED', params: { title: product.title } },
    });
  }
}

// Declines every pending request of the item (but `exceptId`), returning their requesters.
async function declinePending(tx: Database, productId: string, exceptId?: string): Promise<string[]> {
  const declined = await tx
    .update(donationRequests)
    .set({ status: 'declined', decidedAt: new Date() })
    .where(
      and(
        eq(donationRequests.productId, productId),
        eq(donationRequests.status, 'pending'),
        exceptId ? ne(donationRequests.id, exceptId) : undefined,
      ),
    )
    .returning({ requesterId: donationRequests.requesterId });
  return declined.map((row) => row.requesterId);
}

// Sets a pending request of the item to `status`, returning its requester; a request no longer pending is a
// 409, one that is not the item's a 404.
async function decidePending(
  tx: Database,
  productId: string,
  requestId: string,
  status: 'accepted' | 'declined',
) {
  const [decided] = await tx
    .update(donationRequests)
    .set({ status, decidedAt: new Date() })
    .where(
      and(
        eq(donationRequests.id, requestId),
        eq(donationRequests.productId, productId),
        eq(donationRequests.status, 'pending'),
      ),
    )
    .returning({ requesterId: donationRequests.requesterId });
  if (decided) return decided;
  const [exists] = await tx
    .select({ id: donationRequests.id })
    .from(donationRequests)
    .where(and(eq(donationRequests.id, requestId), eq(donationRequests.productId, productId)));
  throw exists ? conflict('DONATION_REQUEST_NOT_PENDING') : notFound();
}

// A logged-in user asks for a donated, approved, available item. One request per user per item, ever:
// a withdrawn or declined request is not made again (decision 025).
export async function requestDonation({
  db,
  productId,
  requesterId,
  reason,
}: {
  db: Database;
  productId: string;
  requesterId: string;
  reason: string;
}): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const product = await lockListing(tx, { id: productId });
    if (product.ownerId === requesterId) throw forbidden('DONATION_OWN_ITEM');
    if (await isGivenAway(tx, productId)) throw conflict('DONATION_ALREADY_GIVEN');
    if (product.tag === 'Donate' && product.donationRequestsClosedAt)
      throw conflict('DONATION_REQUESTS_CLOSED');
    // Note: a listing the public cannot see is a 404, as on its page, so its existence is not revealed.
    if (product.status !== 'approved' || !product.isAvailable) throw notFound('PRODUCT_NOT_FOUND');
    if (product.tag !== 'Donate') throw unprocessable('DONATION_ONLY');

    const [inserted] = await tx
      .insert(donationRequests)
      .values({ productId, requesterId, reason })
      .onConflictDoNothing()
      .returning({ id: donationRequests.id });
    if (!inserted) throw conflict('DONATION_REQUEST_EXISTS');

    const requesterName = await usernameOf(tx, requesterId);
    await notifyUser({
      db: tx,
      userId: product.ownerId,
      content: {
        code: 'DONATION_REQUESTED',
        params: { title: product.title, username: requesterName ?? '', productId },
      },
    });
    return inserted;
  });
}

function toDonationRequest(
  row: RequestRow,
  requester: { id: string; username: string; profilePicture: string | null },
): DonationRequest {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    requester,
    createdAt: toIso(row.createdAt),
    decidedAt: toTime(row.decidedAt),
  };
}

// A giver's item, and what the giver decides on: one request of it.
type GiverItem = { db: Database; productId: string; ownerId: string };
export type GiverDecision = GiverItem & { requestId: string };

// The requests of one item, for its giver, a page at a time, newest first on donation_requests_product_idx
// (decision 090), with where the giveaway stands. Note: anyone else gets a 404, as if the item had none.
export async function listItemRequests({
  db,
  productId,
  ownerId,
  page,
}: GiverItem & { page: PageQuery }): Promise<ItemDonationRequests> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.ownerId, ownerId)))
    .limit(1);
  if (!product) throw notFound();
  if (product.tag !== 'Donate') throw unprocessable('DONATION_ONLY');
  const ofItem = eq(donationRequests.productId, productId);
  const { after, orderBy, key } = microTimeIdPaging(donationRequests, {
    cursor: page.cursor,
    direction: 'newest',
  });
  const [rows, [recipient], total, isGiven] = await Promise.all([
    db
      .select({
        request: donationRequests,
        requester: { id: users.id, username: users.username, profilePicture: users.profilePicture },
        key,
      })
      .from(donationRequests)
      .innerJoin(users, eq(users.id, donationRequests.requesterId))
      .where(and(ofItem, after))
      .orderBy(...orderBy)
      .limit(rowLimit(page.pageSize + 1)),
    // The accepted request (at most one, donation_requests_one_accepted), on whichever page it is.
    db
      .select({ id: users.id, username: users.username })
      .from(donationRequests)
      .innerJoin(users, eq(users.id, donationRequests.requesterId))
      .where(and(ofItem, eq(donationRequests.status, 'accepted')))
      .limit(1),
    totalOf(db, `donation-requests:${productId}`, donationRequests, ofItem),
    isGivenAway(db, productId),
  ]);
  const { items, nextCursor } = microTimeIdPage(rows, page.pageSize, (row) => ({
    key: row.key,
    id: row.request.id,
  }));
  const [conversation] = recipient
    ? await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.productId, productId), eq(conversations.userId, recipient.id)))
    : [];
  return {
    productId,
    isClosed: product.donationRequestsClosedAt !== null || isGiven,
    recipient: recipient ?? null,
    conversationId: conversation?.id ?? null,
    requests: items.map((row) => toDonationRequest(row.request, row.requester)),
    nextCursor,
    ...total,
  };
}

// The giver picks one recipient: that request is accepted, every other pending one declined (each
// requester told kindly), the item is given away (a `donations` row) and leaves every public list (it is
// no longer available, which is how the lists leave out sold items too), and the recipient is told.
export async function pickRecipient({
  db,
  productId,
  requestId,
  ownerId,
}: GiverDecision): Promise<{ recipientId: string; conversationId: string }> {
  return db.transaction(async (tx) => {
    const product = await lockListing(tx, { id: productId, ownerId });
    await assertStillGiving(tx, product);
    const accepted = await decidePending(tx, productId, requestId, 'accepted');

    await notifyNotPicked(tx, product, await declinePending(tx, productId, requestId));
    await tx.update(products).set({ isAvailable: false }).where(eq(products.id, productId));
    await tx.insert(donations).values({
      productId,
      giverId: ownerId,
      recipientId: accepted.requesterId,
      title: product.title,
      category: product.category,
    });
    // The giver and the recipient arrange the hand-over in a conversation about the item, listed for both at once.
    const conversationId = await openConversation({ db: tx, productId, userId: accepted.requesterId });
    const giverName = await usernameOf(tx, ownerId);
    await notifyUser({
      db: tx,
      userId: accepted.requesterId,
      content: {
        code: 'DONATION_PICKED',
        params: { title: product.title, giver: giverName ?? '', conversationId },
      },
    });
    return { recipientId: accepted.requesterId, conversationId };
  });
}

// The giver declines one pending request; the requester is told kindly.
export async function declineRequest({ db, productId, requestId, ownerId }: GiverDecision) {
  await db.transaction(async (tx) => {
    const product = await lockListing(tx, { id: productId, ownerId });
    if (product.tag !== 'Donate') throw unprocessable('DONATION_ONLY');
    const declined = await decidePending(tx, productId, requestId, 'declined');
    await notifyNotPicked(tx, product, [declined.requesterId]);
  });
}

// The giver closes requests: no new ones, every pending one declined kindly, and the item leaves the
// lists (nobody could ask for it any more). Closing twice is no error.
export async function closeRequests({ db, productId, ownerId }: GiverItem) {
  await db.transaction(async (tx) => {
    const product = await lockListing(tx, { id: productId, ownerId });
    await assertStillGiving(tx, product);
    if (!product.donationRequestsClosedAt) {
      await tx
        .update(products)
        .set({ donationRequestsClosedAt: new Date(), isAvailable: false })
        .where(eq(products.id, productId));
    }
    await notifyNotPicked(tx, product, await declinePending(tx, productId));
  });
}

// A requester withdraws their pending request. Note: someone else's request is a 404.
export async function withdrawRequest({
  db,
  requestId,
  requesterId,
}: {
  db: Database;
  requestId: string;
  requesterId: string;
}) {
  const [request] = await db
    .select({ productId: donationRequests.productId })
    .from(donationRequests)
    .where(and(eq(donationRequests.id, requestId), eq(donationRequests.requesterId, requesterId)))
    .limit(1);
  if (!request) throw notFound();
  await db.transaction(async (tx) => {
    await lockListing(tx, { id: request.productId });
    const [withdrawn] = await tx
      .update(donationRequests)
      .set({ status: 'withdrawn', decidedAt: new Date() })
      .where(and(eq(donationRequests.id, requestId), eq(donationRequests.status, 'pending')))
      .returning({ id: donationRequests.id });
    if (!withdrawn) throw conflict('DONATION_REQUEST_NOT_PENDING');
  });
}

// The caller's own requests with the item and its giver, newest first, a page at a time on
// donation_requests_requester_idx (decision 090); with `productId`, only their request for that item
// (donation_requests_one_per_user: none or one).
export async function listMyRequests({
  db,
  requesterId,
  query,
}: {
  db: Database;
  requesterId: string;
  query: MyDonationRequestQuery;
}): Promise<{ items: MyDonationRequest[]; meta: ListMeta }> {
  const mine = and(
    eq(donationRequests.requesterId, requesterId),
    query.productId ? eq(donationRequests.productId, query.productId) : undefined,
  );
  const { after, orderBy, key } = microTimeIdPaging(donationRequests, {
    cursor: query.cursor,
    direction: 'newest',
  });
  const [rows, total] = await Promise.all([
    db
      .select({
        request: donationRequests,
        product: { id: products.id, title: products.title },
        giver: { username: users.username },
        conversationId: conversations.id,
        key,
      })
      .from(donationRequests)
      .innerJoin(products, eq(products.id, donationRequests.productId))
      .innerJoin(users, eq(users.id, products.ownerId))
      // Only an accepted request shows its conversation (one a requester opened as a buyer stays in Messages).
      .leftJoin(
        conversations,
        and(
          eq(donationRequests.status, 'accepted'),
          eq(conversations.productId, donationRequests.productId),
          eq(conversations.userId, donationRequests.requesterId),
        ),
      )
      .where(and(mine, after))
      .orderBy(...orderBy)
      .limit(rowLimit(query.pageSize + 1)),
    totalOf(db, `my-donation-requests:${requesterId}:${query.productId ?? ''}`, donationRequests, mine),
  ]);
  const page = microTimeIdPage(rows, query.pageSize, (row) => ({ key: row.key, id: row.request.id }));
  const items = page.items.map(({ request, product, giver, conversationId }) => ({
    id: request.id,
    status: request.status,
    reason: request.reason,
    createdAt: toIso(request.createdAt),
    decidedAt: toTime(request.decidedAt),
    product: { ...product, giver },
    conversationId,
  }));
  return { items, meta: { pageSize: query.pageSize, nextCursor: page.nextCursor, ...total } };
}

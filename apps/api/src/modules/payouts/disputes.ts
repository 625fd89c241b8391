import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import type { DisputeReason } from '../../db/schema';
import type { Database } from '../../db/client';
import { disputeMessages, disputes, media, orders, payouts, users } from '../../db/schema';
import { microTimeIdPage, microTimeIdPaging, rowLimit } from '../../lib/cursor';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors';
import { notifyAdmins, notifyUser } from '../notifications/index';
import { releaseDueAt } from './release';

export type DisputeParty = { role: 'buyer' | 'seller' | 'admin'; id: string };

// A photo is one of the author's own uploads (media URLs); an admin may attach any of ours.
async function checkPhotos(db: Pick<Database, 'select'>, author: DisputeParty, photos: string[]) {
  if (photos.length === 0) return;
  const found = await db
    .select({ url: media.url })
    .from(media)
    .where(
      and(
        inArray(media.url, photos),
        eq(media.kind, 'image'),
        author.role === 'admin' ? undefined : eq(media.ownerId, author.id),
      ),
    );
  if (found.length !== new Set(photos).size) throw unprocessable('PHOTO_NOT_YOURS');
}

// The buyer reports a problem with a paid order, before the payout was released: one dispute an order. The
// payout is frozen (disputed), the seller and the admins are told. Note: someone else's order is a 404.
export async function openDispute({
  db,
  orderId,
  buyerId,
  reason,
  details,
  photos,
  windowSeconds,
}: {
  db: Database;
  orderId: string;
  buyerId: string;
  reason: DisputeReason;
  details: string;
  photos: string[];
  windowSeconds: number;
}) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)))
      .for('update');
    if (!order) throw notFound();
    if (order.status !== 'paid') throw conflict('ORDER_NOT_PAID');
    const [existing] = await tx
      .select({ id: disputes.id })
      .from(disputes)
      .where(eq(disputes.orderId, orderId));
    if (existing) throw conflict('DISPUTE_EXISTS');
    const [payout] = await tx
      .select({
        id: payouts.id,
        status: payouts.status,
        isDue: sql<boolean>`coalesce(${releaseDueAt(windowSeconds)} <= now(), false)`,
      })
      .from(payouts)
      .innerJoin(orders, eq(orders.id, payouts.orderId))
      .where(eq(payouts.orderId, orderId))
      .for('update', { of: payouts });
    if (!payout) throw conflict('PROTECTION_NOT_AVAILABLE');
    if (payout.status !== 'held' || payout.isDue) throw conflict('PROTECTION_WINDOW_ENDED');
    await checkPhotos(tx, { role: 'buyer', id: buyerId }, photos);
    const [dispute] = await tx.insert(disputes).values({ orderId, reason, details }).returning();
    if (!dispute) throw new Error('dispute not created');
    await tx.insert(disputeMessages).values({
      disputeId: dispute.id,
      authorRole: 'buyer',
      authorId: buyerId,
      body: details,
      photos,
    });
    await tx.update(payouts).set({ status: 'disputed' }).where(eq(payouts.id, payout.id));
    const people = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.id, [order.buyerId, order.sellerId]));
    const nameOf = (id: string) => people.find((person) => person.id === id)?.username ?? '';
    const params = { title: order.productTitle, buyer: nameOf(order.buyerId), disputeId: dispute.id };
    await notifyUser({ db: tx, userId: order.sellerId, content: { code: 'DISPUTE_OPENED', params } });
    await notifyAdmins({
      db: tx,
      content: { code: 'DISPUTE_OPENED_ADMIN', params: { ...params, seller: nameOf(order.sellerId) } },
    });
    return dispute;
  });
}

// The signed-in user's side of a dispute: buyer or seller of its order.
export async function partyOf(db: Database, disputeId: string, userId: string): Promise<DisputeParty | null> {
  const [row] = await db
    .select({ buyerId: orders.buyerId, sellerId: orders.sellerId })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .where(eq(disputes.id, disputeId));
  if (!row) return null;
  if (row.buyerId === userId) return { role: 'buyer', id: userId };
  if (row.sellerId === userId) return { role: 'seller', id: userId };
  return null;
}

// A dispute's messages, newest first, a page at a time: on (dispute_id, created_at, id), any page of a long
// dispute reads only its own rows (issue 34).
export async function listDisputeMessages(db: Database, disputeId: string, page: PageQuery) {
  const { after, orderBy, key } = microTimeIdPaging(disputeMessages, {
    cursor: page.cursor,
    direction: 'newest',
  });
  const rows = await db
    .select({
      id: disputeMessages.id,
      authorRole: disputeMessages.authorRole,
      author: sql<
        string | null
      >`(select ${users.username} from ${users} where ${users.id} = ${disputeMessages.authorId})`,
      body: disputeMessages.body,
      photos: disputeMessages.photos,
      createdAt: disputeMessages.createdAt,
      key,
    })
    .from(disputeMessages)
    .where(and(eq(disputeMessages.disputeId, disputeId), after))
    .orderBy(...orderBy)
    .limit(rowLimit(page.pageSize + 1));
  const { items, nextCursor } = microTimeIdPage(rows, page.pageSize, (row) => ({ key: row.key, id: row.id }));
  return { items: items.map(({ key: _key, ...message }) => message), nextCursor };
}

// Buyer, seller and admins add messages and photos while the dispute is open; the other parties are told.
export async function addDisputeMessage({
  db,
  disputeId,
  author,
  body,
  photos,
}: {
  db: Database;
  disputeId: string;
  author: DisputeParty;
  body: string;
  photos: string[];
}) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ dispute: disputes, order: orders })
      .from(disputes)
      .innerJoin(orders, eq(orders.id, disputes.orderId))
      .where(eq(disputes.id, disputeId))
      .for('update', { of: disputes });
    if (!row) throw notFound();
    if (row.dispute.status !== 'open') throw conflict('DISPUTE_ALREADY_RESOLVED');
    await checkPhotos(tx, author, photos);
    const [message] = await tx
      .insert(disputeMessages)
      .values({
        disputeId,
        authorRole: author.role,
        authorId: author.role === 'admin' ? null : author.id,
        body,
        photos,
      })
      .returning();
    if (!message) throw new AppError(500, 'INTERNAL_ERROR');
    const [writer] =
      author.role === 'admin'
        ? [{ username: 'Oja' }]
        : await tx.select({ username: users.username }).from(users).where(eq(users.id, author.id));
    const params = { title: row.order.productTitle, username: writer?.username ?? '', disputeId };
    for (const userId of [row.order.buyerId, row.order.sellerId]) {
      if (userId !== author.id)
        await notifyUser({ db: tx, userId, content: { code: 'DISPUTE_MESSAGE', params } });
    }
    if (author.role !== 'admin') await notifyAdmins({ db: tx, content: { code: 'DISPUTE_MESSAGE', params } });
    return message;
  });
}

import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import type { Conversation, ConversationSummary } from '@marketplace/shared/schemas/messages';
import type { Database } from '../../db/client';
import { conversationReports, conversations, messages, products, users } from '../../db/schema';
import { microTimeIdPage, microTimeIdPaging, rowLimit } from '../../lib/cursor';
import { toIso } from '../../lib/db-errors';
import { forbidden, notFound } from '../../lib/errors';
import {
  blockBetween,
  listingPicture,
  otherPerson,
  others,
  owners,
  readableConversation,
  type Reader,
} from './access';
import { unreadMessages } from './thread';

// Opening a conversation, its head and the reader's list of conversations (decision 024).

// Opens the conversation about `productId` between its owner and `userId`, or finds the one they have.
// Returns its id. Used by donation requests to put a giver and the chosen recipient in touch: such a
// conversation is listed for the owner at once. (One a buyer opens from the listing's page is listed for
// the owner from its first message on: see openConversationFromListing.)
export async function openConversation({
  db,
  productId,
  userId,
  listForOwner = true,
}: {
  db: Database;
  productId: string;
  userId: string;
  listForOwner?: boolean;
}): Promise<string> {
  const [product] = await db
    .select({ ownerId: products.ownerId })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product) throw notFound('PRODUCT_NOT_FOUND');
  if (product.ownerId === userId) throw forbidden('MESSAGE_OWN_LISTING');
  // Note: insert-or-update in one statement, so two parallel opens give the same conversation.
  const [row] = await db
    .insert(conversations)
    .values({ productId, ownerId: product.ownerId, userId, listedForOwner: listForOwner })
    .onConflictDoUpdate({
      target: [conversations.productId, conversations.userId],
      set: { listedForOwner: listForOwner ? sql`true` : sql`${conversations.listedForOwner}` },
    })
    .returning({ id: conversations.id });
  if (!row) throw notFound();
  return row.id;
}

// 'Message seller' on a product page: a listing buyers can see (approved, on sale), or one the user
// already has a conversation about (it may have been sold since).
export async function openConversationFromListing({
  db,
  productId,
  userId,
}: {
  db: Database;
  productId: string;
  userId: string;
}) {
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.productId, productId), eq(conversations.userId, userId)))
    .limit(1);
  if (existing) return existing.id;
  const [product] = await db
    .select({ ownerId: products.ownerId, status: products.status, isAvailable: products.isAvailable })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product || product.status !== 'approved' || !product.isAvailable) {
    // The owner is told plainly, whatever the listing's state; anyone else learns nothing of a hidden one.
    if (product?.ownerId === userId) throw forbidden('MESSAGE_OWN_LISTING');
    throw notFound('PRODUCT_NOT_FOUND');
  }
  return openConversation({ db, productId, userId, listForOwner: false });
}

// The thread's head (GET /api/conversations/:id).
export async function getConversation({
  db,
  id,
  reader,
}: {
  db: Database;
  id: string;
  reader: Reader;
}): Promise<Conversation> {
  const conversation = await readableConversation(db, id, reader);
  const [head] = await db
    .select({
      listing: { id: products.id, title: products.title, picture: listingPicture },
      owner: { username: owners.username },
      user: { username: others.username },
    })
    .from(conversations)
    .innerJoin(products, eq(products.id, conversations.productId))
    .innerJoin(owners, eq(owners.id, conversations.ownerId))
    .innerJoin(others, eq(others.id, conversations.userId))
    .where(eq(conversations.id, id));
  if (!head) throw notFound();
  const reports = await db
    .select({
      reporterId: conversationReports.reporterId,
      reporter: { username: users.username },
      note: conversationReports.note,
      createdAt: conversationReports.createdAt,
    })
    .from(conversationReports)
    .innerJoin(users, eq(users.id, conversationReports.reporterId))
    .where(eq(conversationReports.conversationId, id))
    .orderBy(desc(conversationReports.createdAt));
  const common = { id, ...head, createdAt: toIso(conversation.createdAt) };
  if (!('userId' in reader)) {
    return {
      ...common,
      viewer: 'admin',
      blockedByMe: false,
      blockedMe: false,
      reportedByMe: false,
      reports: reports.map(({ reporter, note, createdAt }) => ({
        reporter,
        note,
        createdAt: toIso(createdAt),
      })),
    };
  }
  const other = otherPerson(conversation, reader.userId);
  const [blockedByMe, blockedMe] = await Promise.all([
    blockBetween(db, reader.userId, other),
    blockBetween(db, other, reader.userId),
  ]);
  return {
    ...common,
    viewer: conversation.ownerId === reader.userId ? 'owner' : 'user',
    blockedByMe,
    blockedMe,
    reportedByMe: reports.some((report) => report.reporterId === reader.userId),
    reports: [],
  };
}

// The reader's conversations, the latest activity first, with the other person's unread messages counted.
export async function listConversations({
  db,
  userId,
  page,
}: {
  db: Database;
  userId: string;
  page: PageQuery;
}) {
  const { after, orderBy, key } = microTimeIdPaging(
    { createdAt: conversations.lastActivityAt, id: conversations.id },
    { cursor: page.cursor, direction: 'newest' },
  );
  // The page's conversations: the newest of those about the reader's listings and the newest of those the reader
  // started, each walked on its own index, (owner_id, last_activity_at) or (user_id, last_activity_at), and
  // stopped after a page (issue 34); one `or` would read every conversation of the reader to sort them.
  const newest = (reader: SQL | undefined) =>
    db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(reader, after))
      .orderBy(...orderBy)
      .limit(rowLimit(page.pageSize + 1));
  const pageIds = unionAll(
    newest(and(eq(conversations.ownerId, userId), eq(conversations.listedForOwner, true))),
    newest(eq(conversations.userId, userId)),
  );
  const lastMessage = sql<{ text: string; senderId: string; createdAt: string } | null>`(
    select json_build_object('text', m.body, 'senderId', m.sender_id, 'createdAt', m.created_at)
    from ${messages} m where m.conversation_id = ${conversations.id}
    order by m.created_at desc, m.id desc limit 1
  )`;
  const unread = sql<number>`(
    select count(*)::int from ${messages} m
    where m.conversation_id = ${conversations.id} and m.recipient_id = ${userId} and m.read_at is null
  )`;
  const rows = await db
    .select({
      id: conversations.id,
      ownerId: conversations.ownerId,
      lastActivityAt: conversations.lastActivityAt,
      listing: { id: products.id, title: products.title, picture: listingPicture },
      other: { username: others.username },
      lastMessage,
      unread,
      key,
    })
    .from(conversations)
    .innerJoin(products, eq(products.id, conversations.productId))
    .innerJoin(
      others,
      sql`${others.id} = case when ${conversations.ownerId} = ${userId} then ${conversations.userId} else ${conversations.ownerId} end`,
    )
    .where(sql`${conversations.id} in (${pageIds})`)
    .orderBy(...orderBy)
    .limit(rowLimit(page.pageSize + 1));
  const { items, nextCursor } = microTimeIdPage(rows, page.pageSize, (row) => ({ key: row.key, id: row.id }));
  const data: ConversationSummary[] = items.map((row) => ({
    id: row.id,
    listing: row.listing,
    other: row.other,
    isOwner: row.ownerId === userId,
    lastMessage: row.lastMessage
      ? {
          text: row.lastMessage.text,
          isMine: row.lastMessage.senderId === userId,
          createdAt: toIso(new Date(row.lastMessage.createdAt)),
        }
      : null,
    unread: Number(row.unread),
    lastActivityAt: toIso(row.lastActivityAt),
  }));
  return {
    data,
    meta: { pageSize: page.pageSize, nextCursor, unread: await unreadMessages({ db, userId }) },
  };
}

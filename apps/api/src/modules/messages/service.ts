import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import { LIVE_EVENT_TYPES } from '@marketplace/shared/schemas/events';
import {
  MESSAGE_DIGEST_DELAY_MINUTES,
  type Conversation,
  type ConversationSummary,
  type Message,
  type MessageEvent,
  type ReportedConversation,
} from '@marketplace/shared/schemas/messages';
import type { Database } from '../../db/client';
import {
  conversationReports,
  conversations,
  media,
  messages,
  notifications,
  productImages,
  products,
  userBlocks,
  users,
} from '../../db/schema';
import { enqueueJob } from '../../jobs/runner';
import { timeIdPage, timeIdPaging } from '../../lib/cursor';
import { toIso } from '../../lib/db-errors';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { publishEvent } from '../events/service';
import { notifyAdmins, notifyUser } from '../notifications/service';

// Messages between a listing's owner and one other user (issue 14, decision 024). Only the two of them
// read a conversation; an admin reads one only once it was reported; anyone else gets 404, as for a
// conversation that does not exist. People are named by username only: no reply carries an e-mail or phone.

export const MESSAGE_DIGEST_JOB = 'message-digest';

type ConversationRow = typeof conversations.$inferSelect;
export type Reader = { userId: string } | { admin: true };

const owners = alias(users, 'owners');
const others = alias(users, 'others');

// The listing's primary picture.
const listingPicture = sql<string | null>`(
  select ${media.url} from ${productImages}
  inner join ${media} on ${media.id} = ${productImages.mediaId}
  where ${productImages.productId} = ${products.id} and ${productImages.position} = ${products.primaryImageIndex}
  limit 1
)`;

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

// The conversation, if `reader` may read it: one of its two people, or an admin once it was reported.
async function readableConversation(db: Database, id: string, reader: Reader): Promise<ConversationRow> {
  const access =
    'userId' in reader
      ? or(eq(conversations.ownerId, reader.userId), eq(conversations.userId, reader.userId))
      : isNotNull(conversations.lastReportedAt);
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), access))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

const participant = (db: Database, id: string, userId: string) => readableConversation(db, id, { userId });
const otherPerson = (conversation: ConversationRow, userId: string) =>
  conversation.ownerId === userId ? conversation.userId : conversation.ownerId;

async function blockBetween(db: Database, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return row !== undefined;
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
  const { after, orderBy } = timeIdPaging(
    { createdAt: conversations.lastActivityAt, id: conversations.id },
    { cursor: page.cursor, direction: 'newest' },
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
    })
    .from(conversations)
    .innerJoin(products, eq(products.id, conversations.productId))
    .innerJoin(
      others,
      sql`${others.id} = case when ${conversations.ownerId} = ${userId} then ${conversations.userId} else ${conversations.ownerId} end`,
    )
    .where(
      and(
        or(
          and(eq(conversations.ownerId, userId), eq(conversations.listedForOwner, true)),
          eq(conversations.userId, userId),
        ),
        after,
      ),
    )
    .orderBy(...orderBy)
    .limit(page.pageSize + 1);
  const { items, nextCursor } = timeIdPage(rows, page.pageSize, (row) => ({
    createdAt: row.lastActivityAt,
    id: row.id,
  }));
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

// How many messages the user has not read, over all their conversations (the header's badge).
export async function unreadMessages({ db, userId }: { db: Database; userId: string }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(messages)
    .where(and(eq(messages.recipientId, userId), isNull(messages.readAt)));
  return row?.total ?? 0;
}

type MessageRow = typeof messages.$inferSelect & { senderName: string };

function toMessage(row: MessageRow, reader: Reader): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    text: row.body,
    sender: { username: row.senderName },
    isMine: 'userId' in reader && row.senderId === reader.userId,
    createdAt: toIso(row.createdAt),
    readAt: row.readAt ? toIso(row.readAt) : null,
  };
}

// A page of the thread, newest first (the page shows them oldest first; "earlier messages" reads on).
export async function listMessages({
  db,
  id,
  reader,
  page,
}: {
  db: Database;
  id: string;
  reader: Reader;
  page: PageQuery;
}) {
  await readableConversation(db, id, reader);
  const { after, orderBy } = timeIdPaging(messages, { cursor: page.cursor, direction: 'newest' });
  const rows = await db
    .select({ message: messages, senderName: users.username })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.conversationId, id), after))
    .orderBy(...orderBy)
    .limit(page.pageSize + 1);
  const { items, nextCursor } = timeIdPage(rows, page.pageSize, (row) => row.message);
  return {
    data: items.map((row) => toMessage({ ...row.message, senderName: row.senderName }, reader)),
    meta: { pageSize: page.pageSize, nextCursor },
  };
}

// Sends a message. A blocked sender is refused (and so is a sender who blocked the recipient, until they
// unblock). The recipient is notified once per unread run in this conversation, and an e-mail digest is
// due 15 minutes later if it is still unread then (messageJobs).
export async function sendMessage({
  db,
  id,
  senderId,
  senderName,
  text,
}: {
  db: Database;
  id: string;
  senderId: string;
  senderName: string;
  text: string;
}): Promise<{ message: Message; recipientId: string }> {
  return db.transaction(async (tx) => {
    const conversation = await participant(tx, id, senderId);
    const recipientId = otherPerson(conversation, senderId);
    if (await blockBetween(tx, recipientId, senderId)) throw forbidden('MESSAGE_BLOCKED');
    if (await blockBetween(tx, senderId, recipientId)) throw forbidden('MESSAGE_YOU_BLOCKED');

    const [earlierUnread] = await tx
      .select({ total: count() })
      .from(messages)
      .where(
        and(eq(messages.conversationId, id), eq(messages.recipientId, recipientId), isNull(messages.readAt)),
      );
    const [row] = await tx
      .insert(messages)
      .values({ conversationId: id, senderId, recipientId, body: text })
      .returning();
    if (!row) throw new Error('message not written');
    await tx
      .update(conversations)
      .set({ lastActivityAt: row.createdAt, listedForOwner: true })
      .where(eq(conversations.id, id));
    if ((earlierUnread?.total ?? 0) === 0) {
      const [product] = await tx
        .select({ title: products.title })
        .from(products)
        .where(eq(products.id, conversation.productId));
      await notifyUser({
        db: tx,
        userId: recipientId,
        content: {
          code: 'MESSAGE_RECEIVED',
          params: { username: senderName, title: product?.title ?? '', conversationId: id },
        },
      });
    }
    await enqueueJob(tx, {
      kind: MESSAGE_DIGEST_JOB,
      key: `${MESSAGE_DIGEST_JOB}:${row.id}`,
      payload: { messageId: row.id },
      delaySeconds: MESSAGE_DIGEST_DELAY_MINUTES * 60,
    });
    // Live: the recipient's open thread, list and badge take it from the event stream (decision 023).
    const data: MessageEvent = {
      message: toMessage({ ...row, senderName }, { userId: recipientId }),
      unread: await unreadMessages({ db: tx, userId: recipientId }),
    };
    await publishEvent(tx, { to: { userId: recipientId }, type: LIVE_EVENT_TYPES.message, data });
    return { message: toMessage({ ...row, senderName }, { userId: senderId }), recipientId };
  });
}

// The reader has read the thread: the other person's messages, and the notifications about them.
export async function markConversationRead({ db, id, userId }: { db: Database; id: string; userId: string }) {
  await participant(db, id, userId);
  await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(and(eq(messages.conversationId, id), eq(messages.recipientId, userId), isNull(messages.readAt)));
  await db
    .update(notifications)
    .set({ read: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.code, 'MESSAGE_RECEIVED'),
        eq(notifications.read, false),
        sql`${notifications.params}->>'conversationId' = ${id}`,
      ),
    );
}

// Blocks the other person of the conversation (in all their conversations with the reader).
export async function blockOther({ db, id, userId }: { db: Database; id: string; userId: string }) {
  const conversation = await participant(db, id, userId);
  await db
    .insert(userBlocks)
    .values({ blockerId: userId, blockedId: otherPerson(conversation, userId) })
    .onConflictDoNothing();
}

export async function unblockOther({ db, id, userId }: { db: Database; id: string; userId: string }) {
  const conversation = await participant(db, id, userId);
  await db
    .delete(userBlocks)
    .where(
      and(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, otherPerson(conversation, userId))),
    );
}

// A participant reports the conversation: once each; admins are told and may read it from then on.
export async function reportConversation({
  db,
  id,
  reporter,
  note,
}: {
  db: Database;
  id: string;
  reporter: { id: string; username: string };
  note: string | null;
}) {
  await db.transaction(async (tx) => {
    const conversation = await participant(tx, id, reporter.id);
    const [inserted] = await tx
      .insert(conversationReports)
      .values({ conversationId: id, reporterId: reporter.id, note })
      .onConflictDoNothing()
      .returning({ id: conversationReports.id });
    if (!inserted) throw conflict('CONVERSATION_ALREADY_REPORTED');
    await tx
      .update(conversations)
      .set({ lastReportedAt: sql`now()` })
      .where(eq(conversations.id, id));
    const [product] = await tx
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, conversation.productId));
    await notifyAdmins({
      db: tx,
      content: {
        code: 'CONVERSATION_REPORTED',
        params: { reporter: reporter.username, title: product?.title ?? '', conversationId: id },
      },
    });
  });
}

// Reported conversations for admins, the latest report first.
export async function listReportedConversations({ db, page }: { db: Database; page: PageQuery }) {
  const { after, orderBy } = timeIdPaging(
    { createdAt: conversations.lastReportedAt, id: conversations.id },
    { cursor: page.cursor, direction: 'newest' },
  );
  const rows = await db
    .select({
      id: conversations.id,
      listing: { id: products.id, title: products.title, picture: listingPicture },
      owner: { username: owners.username },
      user: { username: others.username },
      reports: sql<number>`(select count(*)::int from ${conversationReports} where ${conversationReports.conversationId} = ${conversations.id})`,
      lastReportedAt: conversations.lastReportedAt,
    })
    .from(conversations)
    .innerJoin(products, eq(products.id, conversations.productId))
    .innerJoin(owners, eq(owners.id, conversations.ownerId))
    .innerJoin(others, eq(others.id, conversations.userId))
    .where(and(isNotNull(conversations.lastReportedAt), after))
    .orderBy(...orderBy)
    .limit(page.pageSize + 1);
  const reported = rows.flatMap((row) =>
    row.lastReportedAt ? [{ ...row, lastReportedAt: row.lastReportedAt }] : [],
  );
  const { items, nextCursor } = timeIdPage(reported, page.pageSize, (row) => ({
    createdAt: row.lastReportedAt,
    id: row.id,
  }));
  const data: ReportedConversation[] = items.map((row) => ({
    ...row,
    reports: Number(row.reports),
    lastReportedAt: toIso(row.lastReportedAt),
  }));
  return { data, meta: { pageSize: page.pageSize, nextCursor } };
}

// The unread messages a digest carries, claimed by the run that mails them (digestedAt), so no batch is
// mailed twice; used by messageJobs.
export async function claimDigest(tx: Database, messageId: string) {
  const [trigger] = await tx
    .select({ recipientId: messages.recipientId })
    .from(messages)
    .where(and(eq(messages.id, messageId), isNull(messages.readAt), isNull(messages.digestedAt)))
    .limit(1);
  if (!trigger) return null;
  // Note: under parallel runs the row locks of the UPDATE order them; the later one sees the rows
  // already digested and claims none.
  const claimed = await tx
    .update(messages)
    .set({ digestedAt: sql`now()` })
    .where(
      and(
        eq(messages.recipientId, trigger.recipientId),
        isNull(messages.readAt),
        isNull(messages.digestedAt),
      ),
    )
    .returning({ id: messages.id });
  if (claimed.length === 0) return null;
  const [recipient] = await tx
    .select({ email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, trigger.recipientId));
  const lines = await tx
    .select({
      conversationId: messages.conversationId,
      sender: users.username,
      title: products.title,
      text: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(products, eq(products.id, conversations.productId))
    .where(
      inArray(
        messages.id,
        claimed.map((row) => row.id),
      ),
    )
    .orderBy(messages.createdAt, messages.id);
  return recipient ? { recipient, lines } : null;
}

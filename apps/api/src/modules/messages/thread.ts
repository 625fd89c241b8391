import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import { LIVE_EVENT_TYPES } from '@marketplace/shared/live-event-types';
import {
  MESSAGE_DIGEST_DELAY_MINUTES,
  type Message,
  type MessageEvent,
} from '@marketplace/shared/schemas/messages';
import type { Database } from '../../db/client';
import { conversations, messages, notifications, products, users } from '../../db/schema';
import { enqueueJob } from '../../jobs/runner';
import { microTimeIdPage, microTimeIdPaging, rowLimit } from '../../lib/cursor';
import { toIso } from '../../lib/db-errors';
import { AppError, forbidden } from '../../lib/errors';
import { isDeletedUsername, usernameOf } from '../accounts/index';
import { publishEvent } from '../events/index';
import { notifyUser } from '../notifications/index';
import { blockBetween, otherPerson, participant, readableConversation, type Reader } from './access';
import { MESSAGE_DIGEST_JOB } from './digest';

// The thread: its messages, sending one, reading them, and the unread count (decision 024).

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
  // On the columns themselves: the index on (conversation_id, created_at, id) gives any page of a long thread
  // without reading the rest of it (issue 34).
  const { after, orderBy, key } = microTimeIdPaging(messages, { cursor: page.cursor, direction: 'newest' });
  const rows = await db
    .select({ message: messages, senderName: users.username, key })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.conversationId, id), after))
    .orderBy(...orderBy)
    .limit(rowLimit(page.pageSize + 1));
  const { items, nextCursor } = microTimeIdPage(rows, page.pageSize, (row) => ({
    key: row.key,
    id: row.message.id,
  }));
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
    // A deleted account (decision 050) is renamed deleted-…, a username nobody can choose: nobody would read
    // the message, and its digest would go to an address that cannot receive mail.
    const recipientName = await usernameOf(tx, recipientId);
    if (recipientName !== undefined && isDeletedUsername(recipientName)) {
      throw new AppError(410, 'MESSAGE_ACCOUNT_DELETED');
    }

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

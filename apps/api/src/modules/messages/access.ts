import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { conversations, media, productImages, products, userBlocks, users } from '../../db/schema';
import { notFound } from '../../lib/errors';

// Messages between a listing's owner and one other user (issue 14, decision 024). Only the two of them
// read a conversation; an admin reads one only once it was reported; anyone else gets 404, as for a
// conversation that does not exist. People are named by username only: no reply carries an e-mail or phone.
// This file: who may read a conversation, and what conversations.ts, thread.ts and blocks-reports.ts share.

export type ConversationRow = typeof conversations.$inferSelect;
export type Reader = { userId: string } | { admin: true };

export const owners = alias(users, 'owners');
export const others = alias(users, 'others');

// The listing's primary picture.
export const listingPicture = sql<string | null>`(
  select ${media.url} from ${productImages}
  inner join ${media} on ${media.id} = ${productImages.mediaId}
  where ${productImages.productId} = ${products.id} and ${productImages.position} = ${products.primaryImageIndex}
  limit 1
)`;

// The conversation, if `reader` may read it: one of its two people, or an admin once it was reported.
export async function readableConversation(
  db: Database,
  id: string,
  reader: Reader,
): Promise<ConversationRow> {
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

export const participant = (db: Database, id: string, userId: string) =>
  readableConversation(db, id, { userId });
export const otherPerson = (conversation: ConversationRow, userId: string) =>
  conversation.ownerId === userId ? conversation.userId : conversation.ownerId;

export async function blockBetween(db: Database, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return row !== undefined;
}

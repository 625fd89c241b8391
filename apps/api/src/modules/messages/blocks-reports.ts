import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import type { ReportedConversation } from '@marketplace/shared/schemas/messages';
import type { Database } from '../../db/client';
import { conversationReports, conversations, products, userBlocks } from '../../db/schema';
import { microTimeIdPage, microTimeIdPaging, rowLimit } from '../../lib/cursor';
import { toIso } from '../../lib/db-errors';
import { conflict } from '../../lib/errors';
import { notifyAdmins } from '../notifications/index';
import { listingPicture, otherPerson, others, owners, participant } from './access';

// Blocking the other person and reporting a conversation; admins' list of reported ones (decision 024).

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
  // On the columns themselves: the partial index on (last_reported_at, id) gives any page (issue 34).
  const { after, orderBy, key } = microTimeIdPaging(
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
      key,
    })
    .from(conversations)
    .innerJoin(products, eq(products.id, conversations.productId))
    .innerJoin(owners, eq(owners.id, conversations.ownerId))
    .innerJoin(others, eq(others.id, conversations.userId))
    .where(and(isNotNull(conversations.lastReportedAt), after))
    .orderBy(...orderBy)
    .limit(rowLimit(page.pageSize + 1));
  const reported = rows.flatMap(({ key: rowKey, ...row }) =>
    row.lastReportedAt ? [{ row: { ...row, lastReportedAt: row.lastReportedAt }, key: rowKey }] : [],
  );
  const { items, nextCursor } = microTimeIdPage(reported, page.pageSize, ({ row, key: rowKey }) => ({
    key: rowKey,
    id: row.id,
  }));
  const data: ReportedConversation[] = items.map(({ row }) => ({
    ...row,
    reports: Number(row.reports),
    lastReportedAt: toIso(row.lastReportedAt),
  }));
  return { data, meta: { pageSize: page.pageSize, nextCursor } };
}

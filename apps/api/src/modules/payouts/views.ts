import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AdminPayout, Dispute, Protection } from '@marketplace/shared/schemas/payouts';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import { runNamed, type Database } from '../../db/client';
import { disputes, orders, payouts, transactions, users } from '../../db/schema';
import {
  decodeCursor,
  encodeCursor,
  inMicroTimeIdOrder,
  microTimeIdPage,
  microTimeIdPaging,
  rowLimit,
  totalOf,
  type ListMeta,
} from '../../lib/cursor';
import { toIso } from '../../lib/db-errors';
import { releaseDueAt } from './release';

const buyers = alias(users, 'dispute_buyers');
const sellers = alias(users, 'dispute_sellers');

// Each order's buyer protection (the buyer's orders, the seller's sales), by order id; an order without a
// payout (not paid, or paid straight to the seller in split mode) is not in the map.
export async function protectionOfOrders(
  db: Database,
  orderIds: string[],
  windowSeconds: number,
): Promise<Map<string, Protection>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: payouts.orderId,
      status: payouts.status,
      amount: payouts.amount,
      paidAt: payouts.paidAt,
      releaseAt: releaseDueAt(windowSeconds),
      isDue: sql<boolean>`coalesce(${releaseDueAt(windowSeconds)} <= now(), false)`,
      disputeId: disputes.id,
    })
    .from(payouts)
    .innerJoin(orders, eq(orders.id, payouts.orderId))
    .leftJoin(disputes, eq(disputes.orderId, payouts.orderId))
    .where(inArray(payouts.orderId, orderIds));
  return new Map(
    rows.map((row) => [
      row.orderId,
      {
        payoutStatus: row.status,
        payoutAmount: row.amount,
        releaseAt: row.releaseAt ? toIso(row.releaseAt) : null,
        paidAt: row.paidAt ? toIso(row.paidAt) : null,
        disputeId: row.disputeId,
        canConfirmReceipt: row.status === 'held',
        canDispute: row.status === 'held' && !row.isDue && row.disputeId === null,
      },
    ]),
  );
}

const disputeColumns = (windowSeconds: number) => ({
  dispute: disputes,
  order: orders,
  payout: {
    status: payouts.status,
    amount: payouts.amount,
    isDue: sql<boolean>`coalesce(${releaseDueAt(windowSeconds)} <= now(), false)`,
  },
  buyer: { id: buyers.id, username: buyers.username },
  seller: { id: sellers.id, username: sellers.username },
  paidAmount: sql<number>`coalesce((select ${transactions.amount} from ${transactions} where ${transactions.orderId} = ${orders.id} and ${transactions.status} in ('success', 'refunded') limit 1), 0)::int`,
});

type DisputeRow = {
  dispute: typeof disputes.$inferSelect;
  order: typeof orders.$inferSelect;
  payout: { status: Protection['payoutStatus']; amount: number } | null;
  buyer: { id: string; username: string };
  seller: { id: string; username: string };
  paidAmount: number;
};

export function toDispute(row: DisputeRow, viewerRole: Dispute['viewerRole']): Dispute {
  const { dispute } = row;
  return {
    id: dispute.id,
    orderId: dispute.orderId,
    reason: dispute.reason,
    details: dispute.details,
    status: dispute.status,
    outcome: dispute.outcome,
    refundAmount: dispute.refundAmount,
    isChargeback: dispute.isChargeback,
    dueAt: dispute.dueAt ? toIso(dispute.dueAt) : null,
    createdAt: toIso(dispute.createdAt),
    resolvedAt: dispute.resolvedAt ? toIso(dispute.resolvedAt) : null,
    productTitle: row.order.productTitle,
    paidAmount: Number(row.paidAmount),
    payout: row.payout ? { status: row.payout.status, amount: row.payout.amount } : null,
    buyer: row.buyer,
    seller: row.seller,
    viewerRole,
  };
}

function disputeQuery(db: Database, windowSeconds: number, key: SQL<string> = sql<string>`''`) {
  return db
    .select({ ...disputeColumns(windowSeconds), key })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .leftJoin(payouts, eq(payouts.orderId, disputes.orderId));
}

export async function disputeView(db: Database, disputeId: string, windowSeconds: number) {
  const [row] = await disputeQuery(db, windowSeconds).where(eq(disputes.id, disputeId));
  return row ?? null;
}

// A list's state written into its statement's text instead of sent as a value: its named statement's plan
// (runNamed) then knows how many rows have that state. With a value, the held payouts' plan (tens of thousands)
// served the disputed ones (hundreds) too, and walked 25,000 payouts for a page of them at a million listings.
function inState(
  column: AnyPgColumn,
  state: 'held' | 'disputed' | 'paid' | 'failed' | 'open' | 'resolved',
): SQL {
  return sql`${column} = ${sql.raw(`'${state}'`)}`;
}

// Which part of the admin's list a cursor is in (open or settled disputes) and where in it: the part's own
// cursor, or null for its start.
const DisputeCursorSchema = z.tuple([z.enum(['open', 'resolved']), z.string().min(1).max(120).nullable()]);

// One part of the admin's list, `size` at a time: open disputes oldest (most waiting) first, on
// disputes_status_idx; settled ones most recently settled first, on disputes_resolved_idx. `hasMore`: rows
// remain past these.
async function disputesPart(
  db: Database,
  windowSeconds: number,
  status: 'open' | 'resolved',
  cursor: string | undefined,
  size: number,
) {
  const { after, orderBy, key } = microTimeIdPaging(
    { createdAt: status === 'open' ? disputes.createdAt : disputes.resolvedAt, id: disputes.id },
    { cursor, direction: status === 'open' ? 'oldest' : 'newest' },
  );
  const rows = await runNamed(
    disputeQuery(db, windowSeconds, key)
      .where(and(inState(disputes.status, status), after))
      .orderBy(...orderBy)
      .limit(rowLimit(size + 1)),
  );
  const page = microTimeIdPage(rows, size, (row) => ({ key: row.key, id: row.dispute.id }));
  return { ...page, hasMore: rows.length > size };
}

// The admin disputes screen, a page at a time: open ones first, oldest (most waiting) first; then settled
// ones, newest first. A page that ends the open ones goes on with the settled ones (decision 089).
export async function listDisputes(
  db: Database,
  windowSeconds: number,
  page: PageQuery,
): Promise<{ items: Dispute[]; meta: ListMeta }> {
  const [part, within] = page.cursor
    ? decodeCursor(page.cursor, DisputeCursorSchema)
    : (['open', null] as const);
  const walk = async () => {
    const rows = [];
    if (part === 'open') {
      const open = await disputesPart(db, windowSeconds, 'open', within ?? undefined, page.pageSize);
      if (open.nextCursor) return { rows: open.items, nextCursor: encodeCursor(['open', open.nextCursor]) };
      rows.push(...open.items);
    }
    // The settled ones from their start after the open ones, the rest of the page (after a full page of open
    // ones: none, only whether there is one, the next page's start).
    const settledFrom = part === 'resolved' ? (within ?? undefined) : undefined;
    const room = page.pageSize - rows.length;
    const settled = await disputesPart(db, windowSeconds, 'resolved', settledFrom, room);
    rows.push(...settled.items);
    return { rows, nextCursor: settled.hasMore ? encodeCursor(['resolved', settled.nextCursor]) : null };
  };
  const [{ rows, nextCursor }, total] = await Promise.all([walk(), totalOf(db, 'disputes', disputes)]);
  return {
    items: rows.map((row) => toDispute(row, 'admin')),
    meta: { pageSize: page.pageSize, nextCursor, ...total },
  };
}

// The admin payouts screen: newest first, a page at a time, by state (due: held and past its window).
export async function listPayouts(
  db: Database,
  {
    page,
    status,
    windowSeconds,
  }: { page: PageQuery; status?: 'held' | 'due' | 'paid' | 'failed' | undefined; windowSeconds: number },
): Promise<{ items: AdminPayout[]; nextCursor: string | null }> {
  const due = sql<boolean>`coalesce(${releaseDueAt(windowSeconds)} <= now(), false)`;
  // Held is held or disputed: two states on payouts_status_idx, each a page of its own, read in one statement
  // (inMicroTimeIdOrder), at one moment: a payout disputed between two statements would show twice on a page or
  // not at all.
  const parts: (SQL | undefined)[] = {
    held: [inState(payouts.status, 'held'), inState(payouts.status, 'disputed')],
    due: [and(inState(payouts.status, 'held'), due)],
    paid: [inState(payouts.status, 'paid')],
    failed: [inState(payouts.status, 'failed')],
    all: [undefined],
  }[status ?? 'all'];
  // On the columns themselves: the index on (created_at, id), or on (status, created_at) for one state, gives
  // any page without reading the rest of the payouts (issue 34).
  const { after, orderBy, key } = microTimeIdPaging(payouts, { cursor: page.cursor, direction: 'newest' });
  const [first, second] = parts.map((part) =>
    db
      .select({
        payout: payouts,
        title: orders.productTitle,
        seller: { id: users.id, username: users.username },
        releaseAt: releaseDueAt(windowSeconds),
        isDue: due,
        key,
      })
      .from(payouts)
      .innerJoin(orders, eq(orders.id, payouts.orderId))
      .innerJoin(users, eq(users.id, payouts.sellerId))
      .where(and(part, after))
      .orderBy(...orderBy)
      .limit(rowLimit(page.pageSize + 1)),
  );
  if (!first) throw new Error('a list of payouts has at least one part');
  const rows = await runNamed(second ? unionAll(first, second) : first);
  const keyOf = (row: { key: string; payout: { id: string } }) => ({ key: row.key, id: row.payout.id });
  const { items, nextCursor } = microTimeIdPage(inMicroTimeIdOrder(rows, keyOf), page.pageSize, keyOf);
  return {
    items: items.map(({ payout, title, seller, releaseAt, isDue }) => ({
      id: payout.id,
      orderId: payout.orderId,
      productTitle: title,
      seller,
      amount: payout.amount,
      status: payout.status,
      isDue: payout.status === 'held' && isDue,
      releaseAt: releaseAt ? toIso(releaseAt) : null,
      transferReference: payout.transferReference,
      transferAttempts: payout.transferAttempts,
      failureReason: payout.failureReason,
      paidAt: payout.paidAt ? toIso(payout.paidAt) : null,
      createdAt: toIso(payout.createdAt),
    })),
    nextCursor,
  };
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { HoldLimits } from '../../config';
import type { Database } from '../../db/client';
import { orders, transactions } from '../../db/schema';
import { tooManyRequests } from '../../lib/errors';

// Checkout holds: who holds a listing now, whether it is sold, the limits on one buyer's holds, and the sweep
// that ends the holds whose time ran out. checkout.ts takes them; the payment's completion ends them.

type Executor = Pick<Database, 'select'>;

// A hold is active while its order is pending and its time has not run out (the database's clock, so
// every API process agrees).
export const activeHold = sql`${orders.status} = 'pending' and ${orders.holdExpiresAt} > now()`;

export async function isSold(db: Executor, productId: string): Promise<boolean> {
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.productId, productId), eq(orders.status, 'paid')))
    .limit(1);
  return Boolean(paid);
}

export async function findActiveHold(db: Executor, productId: string) {
  const [hold] = await db
    .select({ orderId: orders.id, buyerId: orders.buyerId, holdExpiresAt: orders.holdExpiresAt })
    .from(orders)
    .where(and(eq(orders.productId, productId), activeHold))
    .limit(1);
  return hold ?? null;
}

// Whether a listing is sold or someone is paying for it now: then it may not be made available again
// (an owner's or admin's edit), which would let it be bought twice.
export async function isSoldOrHeld(db: Executor, productId: string): Promise<boolean> {
  return (await isSold(db, productId)) || (await findActiveHold(db, productId)) !== null;
}

// A hold that ended unpaid: cancelled (ran out, declined, or the item went elsewhere), or still pending with
// its time run out before the sweep got to it. `endedAt` is when it ended (a cancelled order was last
// updated then).
const endedUnpaid = sql`(${orders.status} = 'cancelled' or (${orders.status} = 'pending' and ${orders.holdExpiresAt} <= now()))`;
const endedAt = sql`case when ${orders.status} = 'pending' then ${orders.holdExpiresAt} else ${orders.updatedAt} end`;

// Why this buyer may not take one more hold now (decision 049), or nothing. Runs inside the hold's
// transaction, under the lock on the buyer's row, so parallel starts by one buyer are counted one after the
// other and the limit holds exactly.
// Note: one account could otherwise hold every listing, renewably (issue 27): at most `perBuyer` holds at
// once; not the same item again right after a hold on it ran out; and too many holds ending unpaid in 24
// hours stop new holds until the oldest of them leaves the window.
export async function assertMayHold(
  db: Executor,
  { buyerId, productId, limits }: { buyerId: string; productId: string; limits: HoldLimits },
) {
  const [active] = await db
    .select({ holds: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), activeHold));
  if ((active?.holds ?? 0) >= limits.perBuyer) throw tooManyRequests('HOLD_LIMIT_REACHED');

  const [unpaid] = await db
    .select({
      holds: sql<number>`count(*)::int`,
      // Seconds until the oldest counted hold is 24 hours old.
      retryAfter: sql<
        number | null
      >`ceil(extract(epoch from min(${endedAt}) + interval '24 hours' - now()))::int`,
    })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), endedUnpaid, sql`${endedAt} > now() - interval '24 hours'`));
  if ((unpaid?.holds ?? 0) >= limits.unpaidPerDay) {
    throw tooManyRequests('UNPAID_HOLDS_LIMIT', Math.max(1, unpaid?.retryAfter ?? 1));
  }

  if (limits.cooldownSeconds > 0) {
    const [recent] = await db
      .select({
        retryAfter: sql<number>`ceil(extract(epoch from max(${endedAt}) + make_interval(secs => ${limits.cooldownSeconds}) - now()))::int`,
      })
      .from(orders)
      .where(
        and(
          eq(orders.buyerId, buyerId),
          eq(orders.productId, productId),
          endedUnpaid,
          sql`${endedAt} > now() - make_interval(secs => ${limits.cooldownSeconds})`,
        ),
      );
    if (recent?.retryAfter) throw tooManyRequests('HOLD_COOLDOWN', Math.max(1, recent.retryAfter));
  }
}

// Ends the holds whose time ran out: the order is cancelled and its payment marked abandoned (a payment
// that still arrives later goes through the completion path, which sells or refunds). Several API
// processes may sweep at once: each row is taken by one (SKIP LOCKED). Locks are taken in the
// completion path's order (the transaction first, then the order) so the two never deadlock.
export async function expireHolds({ db }: { db: Database }): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .select({ transactionId: transactions.id, orderId: orders.id })
      .from(transactions)
      .innerJoin(orders, eq(orders.id, transactions.orderId))
      .where(
        and(
          eq(orders.status, 'pending'),
          eq(transactions.status, 'pending'),
          sql`${orders.holdExpiresAt} <= now()`,
        ),
      )
      .limit(200)
      .for('update', { of: transactions, skipLocked: true });
    if (expired.length === 0) return 0;
    await tx
      .update(transactions)
      .set({ status: 'abandoned' })
      .where(
        and(
          inArray(
            transactions.id,
            expired.map((row) => row.transactionId),
          ),
          eq(transactions.status, 'pending'),
        ),
      );
    await tx
      .update(orders)
      .set({ status: 'cancelled', holdExpiresAt: null })
      .where(
        and(
          inArray(
            orders.id,
            expired.map((row) => row.orderId),
          ),
          eq(orders.status, 'pending'),
        ),
      );
    return expired.length;
  });
}

import { asc, eq } from 'drizzle-orm';
import {
  SHIPMENT_STEPS,
  SPEC_SHIPMENT_WORDS,
  type ShipmentStatus,
} from '@marketplace/shared/schemas/shipping';
import type { ShipmentTrackingResult } from '@marketplace/shared/schemas/shipping';
import type { ShipmentEvent } from '@marketplace/shared/schemas/events';
import { LIVE_EVENT_TYPES } from '@marketplace/shared/live-event-types';
import type { Database } from '../../db/client';
import { orders, shipmentEvents, transactions } from '../../db/schema';
import { toIso } from '../../lib/db-errors';
import { AppError, notFound } from '../../lib/errors';
import { CourierError, type CourierProvider, type ShipmentTracking } from '../../providers/courier/index';
import { publishEvent } from '../events/index';
import { notifyUser } from '../notifications/index';
import { shipmentNotices } from './notices';

const isShipmentStatus = (status: string | null): status is ShipmentStatus =>
  status !== null && (SHIPMENT_STEPS as readonly string[]).concat('cancelled').includes(status);

// Tells buyer and seller, live, that the shipment's status changed (issue 32): their orders, transactions and
// tracking pages read it again without a reload. In the caller's transaction, so a rolled-back change sends
// nothing.
export async function publishShipmentStatus(
  tx: Database,
  order: Pick<
    typeof orders.$inferSelect,
    'id' | 'buyerId' | 'sellerId' | 'shipmentReference' | 'shipmentStatus'
  >,
): Promise<void> {
  if (!isShipmentStatus(order.shipmentStatus)) return;
  const data: ShipmentEvent = {
    orderId: order.id,
    shipmentReference: order.shipmentReference,
    status: order.shipmentStatus,
  };
  for (const userId of new Set([order.buyerId, order.sellerId])) {
    await publishEvent(tx, { to: { userId }, type: LIVE_EVENT_TYPES.shipment, data });
  }
}

// Records what the courier says of a shipment, once per change: the order's status (and its delivery
// time), a timeline entry, and a notification to buyer and seller. A status the courier service reports
// but we cannot place changes nothing. Returns whether it changed.
// Note: the order row is locked (FOR UPDATE), so the poll job and a tracking page asking at the same
// moment record and notify a change once.
export async function recordShipmentStatus({
  db,
  orderId,
  tracking,
}: {
  db: Database;
  orderId: string;
  tracking: ShipmentTracking;
}): Promise<boolean> {
  if (tracking.status === 'unknown') return false;
  const status = tracking.status;
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.shipmentStatus === status) return false;
    // A shipment never goes back a step (a late answer from a slower call).
    const before = SHIPMENT_STEPS.indexOf(order.shipmentStatus as (typeof SHIPMENT_STEPS)[number]);
    const after = SHIPMENT_STEPS.indexOf(status as (typeof SHIPMENT_STEPS)[number]);
    if (
      order.shipmentStatus === 'delivered' ||
      order.shipmentStatus === 'cancelled' ||
      (after >= 0 && after < before)
    )
      return false;
    await tx
      .update(orders)
      .set({ shipmentStatus: status, ...(status === 'delivered' ? { deliveredAt: new Date() } : {}) })
      .where(eq(orders.id, orderId));
    await tx
      .insert(shipmentEvents)
      .values({ orderId, status, courierStatus: tracking.courierStatus.slice(0, 200) });
    const notice = shipmentNotices.statusChanged(
      status,
      order.productTitle,
      order.shipmentReference ?? tracking.reference,
    );
    if (notice) {
      await notifyUser({ db: tx, userId: order.buyerId, content: notice });
      await notifyUser({ db: tx, userId: order.sellerId, content: notice });
    }
    await publishShipmentStatus(tx, { ...order, shipmentStatus: status });
    return true;
  });
}

// GET /track-shipment/{shipmentReference}: the buyer, the seller or an admin; anyone else 404.
export async function trackShipment({
  db,
  courier,
  shipmentReference,
  caller,
}: {
  db: Database;
  courier: CourierProvider;
  shipmentReference: string;
  caller: { userId: string | null; isAdmin: boolean };
}): Promise<ShipmentTrackingResult> {
  const [found] = await db
    .select({ order: orders })
    .from(orders)
    .where(eq(orders.shipmentReference, shipmentReference))
    .limit(1);
  const order = found?.order;
  if (!order || (!caller.isAdmin && caller.userId !== order.buyerId && caller.userId !== order.sellerId)) {
    throw notFound('SHIPMENT_NOT_FOUND');
  }
  let tracking: ShipmentTracking;
  try {
    tracking = await courier.trackShipment(shipmentReference);
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    const failure = new AppError(
      error.kind === 'rate-limited' ? 429 : 502,
      error.kind === 'rate-limited' ? 'COURIER_BUSY' : 'TRACKING_FAILED',
    );
    failure.cause = error;
    throw failure;
  }
  await recordShipmentStatus({ db, orderId: order.id, tracking });
  const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
  const events = await db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.orderId, order.id))
    .orderBy(asc(shipmentEvents.createdAt));
  const [payment] = await db
    .select({ reference: transactions.reference })
    .from(transactions)
    .where(eq(transactions.orderId, order.id))
    .limit(1);
  const stored = after?.shipmentStatus ?? null;
  const status: ShipmentStatus | 'unknown' = isShipmentStatus(stored) ? stored : tracking.status;
  const reachedIndex = SHIPMENT_STEPS.indexOf(status as (typeof SHIPMENT_STEPS)[number]);
  const timeline: ShipmentTrackingResult['timeline'] = SHIPMENT_STEPS.map((step, index) => {
    const event = events.find((entry) => entry.status === step);
    return {
      status: step,
      at: event ? toIso(event.createdAt) : null,
      isReached: event !== undefined || (reachedIndex >= 0 && index <= reachedIndex),
    };
  });
  const cancelled = events.find((entry) => entry.status === 'cancelled');
  if (status === 'cancelled')
    timeline.push({
      status: 'cancelled',
      at: cancelled ? toIso(cancelled.createdAt) : null,
      isReached: true,
    });
  return {
    // spec §7: data.data.current_status in the spec's words (§4) where one fits; the courier's own beside.
    data: {
      current_status: status === 'unknown' ? tracking.courierStatus : SPEC_SHIPMENT_WORDS[status],
      courier_status: tracking.courierStatus,
    },
    shipmentReference,
    status,
    courier: order.courierName,
    productTitle: order.productTitle,
    reference: payment?.reference ?? null,
    deliveredAt: after?.deliveredAt ? toIso(after.deliveredAt) : null,
    timeline,
  };
}

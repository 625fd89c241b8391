import { and, eq, isNull, ne } from 'drizzle-orm';
import { RateInputSchema } from '@marketplace/shared/schemas/shipping';
import type { Database } from '../../db/client';
import { jobs, orders, shipmentEvents, transactions } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { enqueueJob, type JobHandler } from '../../jobs/runner';
import { CourierError, type CourierProvider } from '../../providers/courier/index';
import { notifyAdmins, notifyUser } from '../notifications/index';
import { shipmentNotices } from './notices';
import { publishShipmentStatus, recordShipmentStatus } from './tracking';

// Booking a paid courier delivery, and following it, as database jobs (decision 018).

export const BOOK_SHIPMENT = 'book-shipment';
export const TRACK_SHIPMENT = 'track-shipment';
// With a 30 s first wait: about 30 s, 1, 2, 4 and 8 minutes between the six tries.
export const BOOKING_MAX_ATTEMPTS = 6;
const TRACKING_MAX_ATTEMPTS = 20;

// How often an open shipment is asked about (issue 32: statuses move by themselves). GoShiip is asked every
// SHIPMENT_TRACK_SECONDS; the sandbox courier, which moves a step every SANDBOX_SHIPMENT_STEP_SECONDS, is asked
// six times a step (at most SHIPMENT_TRACK_SECONDS apart), so a step shows within a sixth of a step.
export function trackingIntervalSeconds(config: {
  goshiipApiKey: string | undefined;
  shipmentTrackSeconds: number;
  sandboxShipmentStepSeconds: number;
}): number {
  if (config.goshiipApiKey) return config.shipmentTrackSeconds;
  return Math.min(config.shipmentTrackSeconds, Math.max(1, Math.ceil(config.sandboxShipmentStepSeconds / 6)));
}

const bookingKeyOf = (orderId: string) => `${BOOK_SHIPMENT}:${orderId}`;

// Called by the completion path, in its transaction, when a courier delivery is paid.
export async function queueBooking(tx: Database, orderId: string): Promise<void> {
  await tx.update(orders).set({ bookingStatus: 'pending' }).where(eq(orders.id, orderId));
  await enqueueJob(tx, {
    kind: BOOK_SHIPMENT,
    key: bookingKeyOf(orderId),
    payload: { orderId },
    maxAttempts: BOOKING_MAX_ATTEMPTS,
  });
}

// An admin asks for a booking that failed for good to be tried again: the courier is quoted afresh first
// (the first quote's booking key may have run out), then booked with the same retries.
export async function retryBooking({ db, orderId }: { db: Database; orderId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.delivery !== 'courier') throw notFound('ORDER_NOT_FOUND');
    if (order.bookingStatus !== 'failed') throw conflict('BOOKING_NOT_FAILED');
    await tx.update(orders).set({ bookingStatus: 'pending' }).where(eq(orders.id, orderId));
    const [revived] = await tx
      .update(jobs)
      .set({
        status: 'queued',
        attempts: 0,
        runAt: new Date(),
        lockedUntil: null,
        payload: { orderId, requote: true },
      })
      .where(eq(jobs.key, bookingKeyOf(orderId)))
      .returning({ id: jobs.id });
    if (!revived) {
      await enqueueJob(tx, {
        kind: BOOK_SHIPMENT,
        key: bookingKeyOf(orderId),
        payload: { orderId, requote: true },
        maxAttempts: BOOKING_MAX_ATTEMPTS,
      });
    }
  });
}

function orderIdOf(payload: Record<string, unknown>): string {
  return typeof payload.orderId === 'string' ? payload.orderId : '';
}

export function shippingJobs({
  db,
  courier,
  trackEverySeconds,
}: {
  db: Database;
  courier: CourierProvider;
  trackEverySeconds: number;
}): Record<string, JobHandler> {
  const bookShipment: JobHandler = {
    async run(payload) {
      const orderId = orderIdOf(payload);
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (
        !order ||
        order.status !== 'paid' ||
        order.delivery !== 'courier' ||
        order.bookingStatus === 'booked'
      )
        return;
      const [payment] = await db
        .select({ reference: transactions.reference })
        .from(transactions)
        .where(eq(transactions.orderId, orderId))
        .limit(1);

      let { shipmentId } = order;
      if (!shipmentId) {
        let bookingKey = order.courierBookingKey ?? '';
        if (payload.requote === true && order.courierRateRequest) {
          const rate = await courier.getRate(RateInputSchema.parse(order.courierRateRequest));
          bookingKey = rate.bookingKey;
          await db.update(orders).set({ courierBookingKey: bookingKey }).where(eq(orders.id, orderId));
        }
        const booked = await courier.bookShipment({
          bookingKey,
          deliveryNote: `Oja order ${payment?.reference ?? orderId}: ${order.productTitle}`.slice(0, 200),
        });
        // Note: kept at once, before the courier is assigned, so that a run after a crash or a failed
        // assignment assigns this shipment instead of booking a second one.
        await db
          .update(orders)
          .set({ shipmentId: booked.shipmentId, shipmentReference: booked.reference })
          .where(and(eq(orders.id, orderId), isNull(orders.shipmentId)));
        shipmentId = booked.shipmentId;
      }
      await courier.assignCourier(shipmentId);

      await db.transaction(async (tx) => {
        const [booked] = await tx
          .update(orders)
          .set({ bookingStatus: 'booked', shipmentStatus: 'pending' })
          .where(and(eq(orders.id, orderId), ne(orders.bookingStatus, 'booked')))
          .returning();
        if (!booked) return;
        const reference = booked.shipmentReference ?? '';
        await tx.insert(shipmentEvents).values({ orderId, status: 'pending', courierStatus: 'Booked' });
        const notice = shipmentNotices.booked(booked.productTitle, booked.courierName ?? '', reference);
        await notifyUser({ db: tx, userId: booked.buyerId, content: notice });
        await notifyUser({ db: tx, userId: booked.sellerId, content: notice });
        await publishShipmentStatus(tx, booked);
        await enqueueJob(tx, {
          kind: TRACK_SHIPMENT,
          key: `${TRACK_SHIPMENT}:${orderId}`,
          payload: { orderId },
          delaySeconds: trackEverySeconds,
          maxAttempts: TRACKING_MAX_ATTEMPTS,
        });
      });
    },
    // The courier refused this booking (a bad or expired key, a route it does not serve): the same call
    // will not succeed later. An admin's retry quotes again.
    isPermanent: (error) =>
      error instanceof CourierError && (error.kind === 'invalid-request' || error.kind === 'unavailable'),
    async onGiveUp(payload, run) {
      const orderId = orderIdOf(payload);
      await db.transaction(async (tx) => {
        const [order] = await tx
          .update(orders)
          .set({ bookingStatus: 'failed' })
          .where(eq(orders.id, orderId))
          .returning();
        if (!order) return;
        const [payment] = await tx
          .select({ reference: transactions.reference })
          .from(transactions)
          .where(eq(transactions.orderId, orderId))
          .limit(1);
        const error = run.error;
        const reason =
          error instanceof CourierError
            ? (error.courierMessage ??
              `the courier service ${error.kind === 'failed' ? 'did not answer' : `answered ${error.kind}`}`)
            : 'an unexpected error';
        await notifyAdmins({
          db: tx,
          content: shipmentNotices.bookingFailed(
            order.productTitle,
            payment?.reference ?? '',
            run.attempt,
            reason,
          ),
        });
      });
    },
  };

  const trackShipment: JobHandler = {
    async run(payload) {
      const orderId = orderIdOf(payload);
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order?.shipmentReference || order.bookingStatus !== 'booked') return;
      if (order.shipmentStatus === 'delivered' || order.shipmentStatus === 'cancelled') return;
      const tracking = await courier.trackShipment(order.shipmentReference);
      await recordShipmentStatus({ db, orderId, tracking });
      if (tracking.status === 'delivered' || tracking.status === 'cancelled') return;
      return { runAgainInSeconds: trackEverySeconds };
    },
  };

  return { [BOOK_SHIPMENT]: bookShipment, [TRACK_SHIPMENT]: trackShipment };
}

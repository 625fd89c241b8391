import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, jobs, notifications, orders } from '../../db/schema';
import { trackingIntervalSeconds } from './booking';
import { createSandboxCourier } from '../../providers/courier/sandbox';
import { paidCourierOrder } from '../../../test/checkout';
import { bearer, buildTestApp, loginAsAdmin, registerUser, type TestApp } from '../../../test/helper';

// The courier sandbox on a clock the test moves: one step every 60 seconds.
let clock = Date.parse('2026-11-20T09:00:00Z');
const courier = createSandboxCourier({ stepSeconds: 60, now: () => clock });

let testApp: TestApp;
let adminToken: string;
beforeAll(async () => {
  testApp = await buildTestApp({
    providers: { courier },
    env: { SHIPMENT_TRACK_SECONDS: '120', SANDBOX_SHIPMENT_STEP_SECONDS: '720' },
  });
  adminToken = (await loginAsAdmin(testApp.app)).token;
});
afterAll(async () => {
  await testApp.close();
});

const app = () => testApp.app;

async function bookedOrder() {
  const bought = await paidCourierOrder(app());
  await app().jobQueue.runDue();
  const [order] = await app().db.select().from(orders).where(eq(orders.id, bought.orderId));
  if (!order?.shipmentReference) throw new Error('not booked');
  return { ...bought, shipmentReference: order.shipmentReference };
}

function track(reference: string, headers: Record<string, string> = {}) {
  return app().inject({ url: `/api/track-shipment/${reference}`, headers });
}

async function codesOf(userId: string) {
  const rows = await app()
    .db.select({ code: notifications.code })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return rows.map((row) => row.code);
}

describe('GET /api/track-shipment/{shipmentReference}', () => {
  it('answers the buyer, the seller and an admin; 404 for anyone else, 401 without a login', async () => {
    const { shipmentReference, buyer, seller } = await bookedOrder();
    for (const token of [buyer.token, seller.token, adminToken]) {
      const response = await track(shipmentReference, bearer(token));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        ok: true,
        message: 'Shipment status fetched.',
        data: { data: { current_status: 'pending', courier_status: 'Pending' }, status: 'pending' },
      });
    }
    const stranger = await registerUser(app());
    const forbidden = await track(shipmentReference, bearer(stranger.token));
    expect(forbidden.statusCode).toBe(404);
    expect(forbidden.json()).toMatchObject({
      ok: false,
      message: 'This shipment could not be found.',
      error: { code: 'SHIPMENT_NOT_FOUND' },
    });
    expect((await track('SBX-NOSUCH-00000000', bearer(buyer.token))).statusCode).toBe(404);
    expect((await track(shipmentReference)).statusCode).toBe(401);
  });

  it('follows the parcel to delivered: a timeline, buyer and seller told of each step, the order marked delivered', async () => {
    const { shipmentReference, orderId, buyer, seller } = await bookedOrder();
    clock += 60_000;
    const pickedUp = (await track(shipmentReference, bearer(buyer.token))).json().data;
    expect(pickedUp).toMatchObject({
      data: { current_status: 'shipped', courier_status: 'Picked up' },
      status: 'picked-up',
      courier: 'GIG Logistics',
      deliveredAt: null,
    });
    expect(
      pickedUp.timeline.map((step: { status: string; isReached: boolean }) => [step.status, step.isReached]),
    ).toEqual([
      ['pending', true],
      ['picked-up', true],
      ['in-transit', false],
      ['delivered', false],
    ]);
    // Asking again tells nobody twice.
    await track(shipmentReference, bearer(seller.token));
    expect((await codesOf(buyer.user.id)).filter((code) => code === 'SHIPMENT_PICKED_UP')).toHaveLength(1);
    expect(await codesOf(seller.user.id)).toContain('SHIPMENT_PICKED_UP');

    // The tracking job looks again on its own, every SHIPMENT_TRACK_SECONDS.
    const trackingJob = () =>
      app()
        .db.select()
        .from(jobs)
        .where(eq(jobs.key, `track-shipment:${orderId}`));
    clock += 60_000;
    await app()
      .db.update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.key, `track-shipment:${orderId}`));
    await app().jobQueue.runDue();
    expect((await app().db.select().from(orders).where(eq(orders.id, orderId)))[0]?.shipmentStatus).toBe(
      'in-transit',
    );
    const [waiting] = await trackingJob();
    expect(waiting?.status).toBe('queued');
    expect((waiting?.runAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(100_000);

    clock += 60_000;
    await app()
      .db.update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.key, `track-shipment:${orderId}`));
    await app().jobQueue.runDue();
    const [delivered] = await app().db.select().from(orders).where(eq(orders.id, orderId));
    expect(delivered).toMatchObject({ shipmentStatus: 'delivered', status: 'paid' });
    expect(delivered?.deliveredAt).toBeInstanceOf(Date);
    expect((await trackingJob())[0]?.status).toBe('done');
    for (const userId of [buyer.user.id, seller.user.id]) {
      expect(await codesOf(userId)).toEqual(
        expect.arrayContaining([
          'SHIPMENT_BOOKED',
          'SHIPMENT_PICKED_UP',
          'SHIPMENT_IN_TRANSIT',
          'SHIPMENT_DELIVERED',
        ]),
      );
    }
    const final = (await track(shipmentReference, bearer(buyer.token))).json().data;
    expect(final.status).toBe('delivered');
    expect(final.deliveredAt).not.toBeNull();
    expect(
      final.timeline.every(
        (step: { isReached: boolean; at: string | null }) => step.isReached && step.at !== null,
      ),
    ).toBe(true);

    // The buyer's orders say so too.
    const mine = await app().inject({
      url: `/api/orders/user/${buyer.user.id}`,
      headers: bearer(buyer.token),
    });
    expect(mine.json().data[0]).toMatchObject({
      shipmentReference,
      shipmentStatus: 'delivered',
      delivery: 'courier',
      bookingStatus: 'booked',
    });
  });
});

describe('statuses that move by themselves (issue 32)', () => {
  async function shipmentEventsOf(userId: string) {
    const rows = await app().db.select().from(events).where(eq(events.userId, userId));
    return rows
      .filter((row) => row.type === 'shipment')
      .map((row) => row.data as { orderId: string; status: string });
  }

  it('moves the order to delivered with no tracking page open, telling buyer and seller live at each step', async () => {
    const { orderId, buyer, seller } = await bookedOrder();
    for (let step = 0; step < 3; step += 1) {
      clock += 60_000;
      await app()
        .db.update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.key, `track-shipment:${orderId}`));
      await app().jobQueue.runDue();
    }
    const mine = await app().inject({
      url: `/api/orders/user/${buyer.user.id}`,
      headers: bearer(buyer.token),
    });
    expect(mine.json().data.find((order: { id: string }) => order.id === orderId)).toMatchObject({
      shipmentStatus: 'delivered',
    });
    for (const userId of [buyer.user.id, seller.user.id]) {
      const seen = (await shipmentEventsOf(userId)).filter((event) => event.orderId === orderId);
      expect(seen.map((event) => event.status)).toEqual(['pending', 'picked-up', 'in-transit', 'delivered']);
      expect(await codesOf(userId)).toContain('SHIPMENT_DELIVERED');
    }
  });

  it('asks the sandbox courier six times a step, and GoShiip every SHIPMENT_TRACK_SECONDS', () => {
    expect(
      trackingIntervalSeconds({
        goshiipApiKey: undefined,
        shipmentTrackSeconds: 300,
        sandboxShipmentStepSeconds: 60,
      }),
    ).toBe(10);
    expect(
      trackingIntervalSeconds({
        goshiipApiKey: undefined,
        shipmentTrackSeconds: 5,
        sandboxShipmentStepSeconds: 60,
      }),
    ).toBe(5);
    expect(
      trackingIntervalSeconds({
        goshiipApiKey: 'key',
        shipmentTrackSeconds: 300,
        sandboxShipmentStepSeconds: 60,
      }),
    ).toBe(300);
  });
});

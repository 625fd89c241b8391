import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNotifications, jobs, notifications, orders } from '../../db/schema';
import { CourierError, createCourierProvider, type CourierProvider } from '../../providers/courier/index';
import { paidCourierOrder } from '../../../test/checkout';
import { bearer, buildTestApp, loginAsAdmin, type TestApp } from '../../../test/helper';

// A sandbox courier whose booking and assignment can be made to fail or to hang, counting the calls.
function controllableCourier() {
  const sandbox = createCourierProvider({
    goshiipApiKey: undefined,
    goshiipBaseUrl: '',
    sandboxShipmentStepSeconds: 60,
  });
  const state = {
    bookCalls: 0,
    assignCalls: 0,
    failBooking: 0,
    failAlways: false,
    hangAssign: null as null | Promise<void>,
  };
  const courier: CourierProvider = {
    ...sandbox,
    async bookShipment(input) {
      state.bookCalls += 1;
      if (state.failAlways || state.failBooking > 0) {
        state.failBooking -= 1;
        throw new CourierError('failed', 'goshiip POST /bookshipment: 503');
      }
      return sandbox.bookShipment(input);
    },
    async assignCourier(shipmentId) {
      state.assignCalls += 1;
      if (state.hangAssign) await state.hangAssign;
      return sandbox.assignCourier(shipmentId);
    },
  };
  return { courier, state };
}

let testApp: TestApp;
let control: ReturnType<typeof controllableCourier>;
let adminToken: string;
beforeAll(async () => {
  control = controllableCourier();
  testApp = await buildTestApp({ providers: { courier: control.courier } });
  adminToken = (await loginAsAdmin(testApp.app)).token;
});
afterAll(async () => {
  await testApp.close();
});

const app = () => testApp.app;

function resetCourier() {
  Object.assign(control.state, {
    bookCalls: 0,
    assignCalls: 0,
    failBooking: 0,
    failAlways: false,
    hangAssign: null,
  });
}

async function verify(reference: string, token: string) {
  const response = await app().inject({
    url: `/api/verify-transaction/${reference}`,
    headers: bearer(token),
  });
  return response.json<{
    data: {
      bookingStatus: string | null;
      bookingStatusCode: string | null;
      transactionDetails: { order: Record<string, unknown> };
    };
  }>().data;
}

async function orderOf(orderId: string) {
  const [order] = await app().db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error('no order');
  return order;
}

async function jobOf(orderId: string) {
  const [job] = await app()
    .db.select()
    .from(jobs)
    .where(eq(jobs.key, `book-shipment:${orderId}`));
  if (!job) throw new Error('no job');
  return job;
}

// Time passes: the booking's next try is due now.
async function retryIsDue(orderId: string) {
  await app()
    .db.update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.key, `book-shipment:${orderId}`));
}

describe('booking a paid courier delivery', () => {
  it('queues the booking with the payment, then books and assigns the courier; buyer and seller are told', async () => {
    resetCourier();
    const { reference, orderId, buyer, seller } = await paidCourierOrder(app());
    // The sale and its booking job are one: the job exists as soon as the payment is recorded.
    expect(await jobOf(orderId)).toMatchObject({ kind: 'book-shipment', status: 'queued' });
    expect(await verify(reference, buyer.token)).toMatchObject({
      bookingStatus: 'Your shipment is being booked with the courier.',
      bookingStatusCode: 'BOOKING_PENDING',
    });

    await app().jobQueue.runDue();
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ bookingStatus: 'booked', shipmentStatus: 'pending' });
    expect(order.shipmentReference).toMatch(/^SBX-/);
    expect(control.state).toMatchObject({ bookCalls: 1, assignCalls: 1 });
    const seen = await verify(reference, seller.token);
    expect(seen).toMatchObject({
      bookingStatus: 'Your shipment is booked with the courier.',
      bookingStatusCode: 'BOOKING_BOOKED',
    });
    expect(seen.transactionDetails.order).toMatchObject({
      shipmentReference: order.shipmentReference,
      bookingStatus: 'booked',
      courierName: 'GIG Logistics',
    });
    for (const userId of [buyer.user.id, seller.user.id]) {
      const told = await app().db.select().from(notifications).where(eq(notifications.userId, userId));
      expect(told.map((row) => row.code)).toContain('SHIPMENT_BOOKED');
    }
    // Running again books nothing more.
    await app().jobQueue.runDue();
    expect(control.state.bookCalls).toBe(1);
  });

  it('retries with back-off until the courier books it', async () => {
    resetCourier();
    control.state.failBooking = 2;
    const { reference, orderId, buyer } = await paidCourierOrder(app());

    await app().jobQueue.runDue();
    let job = await jobOf(orderId);
    expect(job).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'goshiip POST /bookshipment: 503',
    });
    // The first retry waits 30 seconds; nothing runs before.
    expect(job.runAt.getTime() - Date.now()).toBeGreaterThan(25_000);
    await app().jobQueue.runDue();
    expect(control.state.bookCalls).toBe(1);

    await retryIsDue(orderId);
    await app().jobQueue.runDue();
    job = await jobOf(orderId);
    // The second waits twice as long.
    expect(job.attempts).toBe(2);
    expect(job.runAt.getTime() - Date.now()).toBeGreaterThan(55_000);
    expect((await verify(reference, buyer.token)).bookingStatusCode).toBe('BOOKING_PENDING');

    await retryIsDue(orderId);
    await app().jobQueue.runDue();
    expect(await jobOf(orderId)).toMatchObject({ status: 'done', attempts: 3 });
    expect(control.state.bookCalls).toBe(3);
    expect((await verify(reference, buyer.token)).bookingStatusCode).toBe('BOOKING_BOOKED');
  });

  it("gives up after six tries with 'Failed to book shipment', tells the admins, and books when an admin retries", async () => {
    resetCourier();
    control.state.failAlways = true;
    const { reference, orderId, buyer } = await paidCourierOrder(app());
    for (let attempt = 1; attempt <= 6; attempt++) {
      await retryIsDue(orderId);
      await app().jobQueue.runDue();
    }
    expect(control.state.bookCalls).toBe(6);
    expect(await jobOf(orderId)).toMatchObject({ status: 'failed', attempts: 6 });
    expect((await orderOf(orderId)).bookingStatus).toBe('failed');
    expect(await verify(reference, buyer.token)).toMatchObject({
      bookingStatus: 'Failed to book shipment',
      bookingStatusCode: 'BOOKING_FAILED',
    });
    const told = (await app().db.select().from(adminNotifications)).filter(
      (row) => row.code === 'SHIPMENT_BOOKING_FAILED' && row.params.reference === reference,
    );
    expect(told.map((row) => [row.params.attempts, row.params.reason])).toEqual([
      ['6', 'the courier service did not answer'],
    ]);
    // Nothing more is tried on its own.
    await retryIsDue(orderId);
    await app().jobQueue.runDue();
    expect(control.state.bookCalls).toBe(6);

    // Only an admin may retry, and only a failed booking.
    const asUser = await app().inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/retry-booking`,
      headers: bearer(buyer.token),
    });
    expect(asUser.statusCode).toBe(401);
    control.state.failAlways = false;
    const retried = await app().inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/retry-booking`,
      headers: bearer(adminToken),
    });
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({
      message: 'The shipment booking will be tried again now.',
      data: { bookingStatus: 'pending' },
    });
    expect((await verify(reference, buyer.token)).bookingStatusCode).toBe('BOOKING_PENDING');
    await app().jobQueue.runDue();
    expect((await verify(reference, buyer.token)).bookingStatusCode).toBe('BOOKING_BOOKED');
    const again = await app().inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/retry-booking`,
      headers: bearer(adminToken),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('BOOKING_NOT_FAILED');
  });

  it('books once when two API processes look for the job at the same moment', async () => {
    resetCourier();
    const second = await buildTestApp({
      providers: { courier: control.courier },
      sharedDatabase: testApp.database,
    });
    try {
      const { orderId } = await paidCourierOrder(app());
      await Promise.all([app().jobQueue.runDue(), second.app.jobQueue.runDue(), app().jobQueue.runDue()]);
      expect(control.state.bookCalls).toBe(1);
      expect((await orderOf(orderId)).bookingStatus).toBe('booked');
    } finally {
      await second.close();
    }
  });

  it('a restart in the middle of a booking books once: the next process assigns the shipment already booked', async () => {
    resetCourier();
    let releaseFirst = () => {};
    control.state.hangAssign = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const { orderId, buyer } = await paidCourierOrder(app());
    // The first process books, then stops answering before the courier is assigned (it died).
    const firstRun = app().jobQueue.runDue();
    await waitUntil(async () => (await orderOf(orderId)).shipmentId !== null);
    const booked = await orderOf(orderId);
    expect(control.state.bookCalls).toBe(1);

    // Its lease runs out; another process (after the restart) takes the job.
    control.state.hangAssign = null;
    await app()
      .db.update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.key, `book-shipment:${orderId}`));
    const restarted = await buildTestApp({
      providers: { courier: control.courier },
      sharedDatabase: testApp.database,
    });
    try {
      await restarted.app.jobQueue.runDue();
      expect(control.state.bookCalls).toBe(1);
      const order = await orderOf(orderId);
      expect(order).toMatchObject({ bookingStatus: 'booked', shipmentReference: booked.shipmentReference });

      // The first process wakes up late: it neither books again nor tells anyone twice.
      releaseFirst();
      await firstRun;
      expect(control.state.bookCalls).toBe(1);
      expect(await jobOf(orderId)).toMatchObject({ status: 'done' });
      const told = await app().db.select().from(notifications).where(eq(notifications.userId, buyer.user.id));
      expect(told.filter((row) => row.code === 'SHIPMENT_BOOKED')).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createSandboxCourier } from '../../providers/courier/sandbox';
import { paidCourierOrder } from '../../../test/checkout';
import { buildTestApp, type TestApp } from '../../../test/helper';

// GoShiip's status webhook: the status moves when GoShiip calls, with no tracking page open and before the
// poll job's next turn (issue 32, point 2).
const SECRET = 'goshiip-webhook-secret-0123456789';
let clock = Date.parse('2026-11-20T09:00:00Z');
const courier = createSandboxCourier({ stepSeconds: 60, now: () => clock });

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({
    providers: { courier },
    // The poll job would track only every hour here: what moves the status is the webhook.
    env: {
      GOSHIIP_WEBHOOK_SECRET: SECRET,
      SHIPMENT_TRACK_SECONDS: '3600',
      SANDBOX_SHIPMENT_STEP_SECONDS: '720',
    },
  });
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
  return { orderId: order.id, reference: order.shipmentReference };
}

const statusOf = async (orderId: string) =>
  (await app().db.select({ status: orders.shipmentStatus }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.status;

function webhook(body: unknown, secret: string | null = SECRET) {
  const query = secret === null ? '' : `?secret=${encodeURIComponent(secret)}`;
  return app().inject({ method: 'POST', url: `/api/shipping/webhook${query}`, payload: body as object });
}

describe('POST /api/shipping/webhook', () => {
  it("moves the order's status to what GoShiip says when GoShiip calls, once", async () => {
    const { orderId, reference } = await bookedOrder();
    expect(await statusOf(orderId)).toBe('pending');
    clock += 60_000;
    const response = await webhook({ event: 'shipment.updated', data: { reference, status: 'whatever' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, message: 'Event received.', data: { changed: 1 } });
    expect(await statusOf(orderId)).toBe('picked-up');
    // The same call again changes nothing.
    expect((await webhook({ data: { reference } })).json().data).toEqual({ changed: 0 });
  });

  it('believes only GoShiip itself, not the status the body claims', async () => {
    const { orderId, reference } = await bookedOrder();
    const response = await webhook({ reference, status: 'delivered' });
    expect(response.json().data).toEqual({ changed: 0 });
    expect(await statusOf(orderId)).toBe('pending');
  });

  it('refuses a call without the secret or with a wrong one, and changes nothing', async () => {
    const { orderId, reference } = await bookedOrder();
    clock += 60_000;
    for (const secret of [null, 'not-the-secret-at-all-0123456789']) {
      const response = await webhook({ reference }, secret);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'WEBHOOK_SIGNATURE_INVALID' } });
    }
    expect(await statusOf(orderId)).toBe('pending');
  });

  it('answers 200 for a shipment that is not ours, and 400 for no JSON at all', async () => {
    expect((await webhook({ reference: 'GS-NOT-OURS-123' })).json()).toMatchObject({
      ok: true,
      data: { changed: 0 },
    });
    const broken = await app().inject({
      method: 'POST',
      url: `/api/shipping/webhook?secret=${SECRET}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"reference":',
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('without GOSHIIP_WEBHOOK_SECRET', () => {
  it('has no webhook: 404', async () => {
    const plain = await buildTestApp();
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/shipping/webhook?secret=x',
        payload: {},
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

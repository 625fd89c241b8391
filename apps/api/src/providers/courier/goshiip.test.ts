import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { courierFailureOf as failureOf, rateRequest } from '../../../test/couriers';
import { startFakeGoShiip, type FakeGoShiip } from '../../../test/fake-goshiip';
import { createGoShiipCourier, shipmentStatusOf } from './goshiip';

const apiKey = 'gs_test_fake_0123456789';
let fake: FakeGoShiip;

beforeAll(async () => {
  fake = await startFakeGoShiip({ apiKey });
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  for (const area of Object.keys(fake.behaviour) as (keyof FakeGoShiip['behaviour'])[])
    fake.behaviour[area] = 'normal';
  fake.requests.length = 0;
});

const goshiip = (timeoutMs = 2000) => createGoShiipCourier({ apiKey, baseUrl: fake.baseUrl, timeoutMs });

const request = rateRequest();

describe('the GoShiip adapter', () => {
  it('lists the courier partners of a type, sending the API key', async () => {
    const couriers = await goshiip().listCouriers('interstate');
    expect(couriers).toEqual([
      { carrierName: 'gig', name: 'GIG Logistics', logo: null },
      { carrierName: 'dhl', name: 'DHL', logo: 'https://goshiip.test/dhl.png' },
    ]);
    expect(fake.requests[0]).toMatchObject({
      method: 'GET',
      path: '/shipments/courier-partners',
      query: { type: 'interstate' },
      authorization: `Bearer ${apiKey}`,
    });
  });

  it('keeps a type’s courier list for a while, and asks again after a failure', async () => {
    const adapter = goshiip();
    await adapter.listCouriers('intrastate');
    await adapter.listCouriers('intrastate');
    expect(fake.requests).toHaveLength(1);

    const failing = goshiip();
    fake.behaviour.couriers = 'server-error';
    await failureOf(failing.listCouriers('all'));
    fake.behaviour.couriers = 'normal';
    expect(await failing.listCouriers('all')).toHaveLength(3);
  });

  it('prices one courier with the type, both addresses, the parcel and the items', async () => {
    const quote = await goshiip().getRate(request);
    expect(quote).toMatchObject({
      courier: 'GIG Logistics',
      carrierName: 'gig',
      amount: 3000,
      currency: 'NGN',
      estimated_days: '2 - 3 days',
      pickup: 'Within 24 hours',
    });
    expect(JSON.parse(quote.bookingKey)).toEqual({ redis_key: 'redis-gig-abc', rate_id: 'rate-gig-1' });
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/tariffs/getpricesingle/gig',
      body: {
        type: 'interstate',
        toAddress: request.toAddress,
        fromAddress: request.fromAddress,
        parcels: request.parcels,
        items: request.items,
      },
    });
  });

  it("reports a rate whose status is false as unavailable, with GoShiip's reason", async () => {
    fake.behaviour.rate = 'refused';
    const error = await failureOf(goshiip().getRate(request));
    expect(error.kind).toBe('unavailable');
    expect(error.courierMessage).toBe('Truq cannot service this shipment because of the weight.');
  });

  it("reports GoShiip's 400 validation error as a refused request", async () => {
    fake.behaviour.rate = 'validation-error';
    const error = await failureOf(goshiip().getRate(request));
    expect(error.kind).toBe('invalid-request');
    expect(error.courierMessage).toBe('The given data was invalid.');
  });

  it('reports a refused key, too many calls, a server error and a page that is not JSON apart', async () => {
    const wrongKey = createGoShiipCourier({ apiKey: 'gs_wrong', baseUrl: fake.baseUrl });
    expect((await failureOf(wrongKey.getRate(request))).kind).toBe('unauthorized');
    fake.behaviour.rate = 'rate-limited';
    expect((await failureOf(goshiip().getRate(request))).kind).toBe('rate-limited');
    fake.behaviour.rate = 'server-error';
    expect((await failureOf(goshiip().getRate(request))).kind).toBe('failed');
    fake.behaviour.rate = 'not-json';
    expect((await failureOf(goshiip().getRate(request))).kind).toBe('failed');
  });

  it('gives up after its timeout, and never names the key in its error', async () => {
    fake.behaviour.couriers = 'hang';
    const started = Date.now();
    const error = await failureOf(goshiip(300).listCouriers('interstate'));
    expect(error.kind).toBe('failed');
    expect(error.message).toBe('goshiip GET /shipments/courier-partners: timed out');
    expect(error.message).not.toContain(apiKey);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a refused connection as a failure', async () => {
    const nowhere = createGoShiipCourier({ apiKey, baseUrl: 'http://127.0.0.1:1', timeoutMs: 1000 });
    expect((await failureOf(nowhere.listCouriers('all'))).kind).toBe('failed');
  });

  it('books the quoted rate, assigns the courier with the shipment id, tracks and cancels it', async () => {
    const adapter = goshiip();
    const quote = await adapter.getRate(request);
    const booked = await adapter.bookShipment({ bookingKey: quote.bookingKey, deliveryNote: 'Order 42' });
    expect(booked).toEqual({
      shipmentId: expect.any(String),
      reference: expect.stringMatching(/^GS\d+REF$/),
    });
    expect(fake.requests.find((request) => request.path === '/bookshipment')?.body).toEqual({
      redis_key: 'redis-gig-abc',
      rate_id: 'rate-gig-1',
      platform: 'web2',
      delivery_note: 'Order 42',
    });

    await adapter.assignCourier(booked.shipmentId);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/shipment/assign',
      body: { shipment_id: booked.shipmentId },
    });
    expect(fake.shipments.get(booked.reference)?.isAssigned).toBe(true);

    expect(await adapter.trackShipment(booked.reference)).toEqual({
      reference: booked.reference,
      status: 'pending',
      courierStatus: 'pending',
    });
    const shipment = fake.shipments.get(booked.reference);
    if (shipment) shipment.status = 'In Transit';
    expect((await adapter.trackShipment(booked.reference)).status).toBe('in-transit');

    await adapter.cancelShipment(booked.reference);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/shipment/cancel/${booked.reference}`,
    });
    expect((await adapter.trackShipment(booked.reference)).status).toBe('cancelled');
  });

  it('reports a refused booking, an unknown shipment and a refused cancellation clearly', async () => {
    const adapter = goshiip();
    const quote = await adapter.getRate(request);
    fake.behaviour.book = 'refused';
    const refused = await failureOf(adapter.bookShipment({ bookingKey: quote.bookingKey }));
    expect(refused.kind).toBe('unavailable');
    expect(refused.courierMessage).toBe('Rate has expired, please fetch a new rate.');
    expect((await failureOf(adapter.bookShipment({ bookingKey: 'not a key' }))).kind).toBe('invalid-request');
    expect((await failureOf(adapter.assignCourier('999999'))).kind).toBe('unavailable');
    expect((await failureOf(adapter.trackShipment('NOPE'))).kind).toBe('not-found');
    expect((await failureOf(adapter.cancelShipment('NOPE'))).kind).toBe('unavailable');
    fake.behaviour.track = 'rate-limited';
    expect((await failureOf(adapter.trackShipment('NOPE'))).kind).toBe('rate-limited');
  });
});

describe("GoShiip's shipment words", () => {
  it.each([
    ['pending', 'pending'],
    ['Awaiting Pickup', 'pending'],
    ['picked_up', 'picked-up'],
    ['In Transit', 'in-transit'],
    ['Out for delivery', 'in-transit'],
    ['delivered', 'delivered'],
    ['Cancelled', 'cancelled'],
    ['lost at sea', 'unknown'],
  ])('places %s as %s', (words, status) => {
    expect(shipmentStatusOf(words)).toBe(status);
  });
});

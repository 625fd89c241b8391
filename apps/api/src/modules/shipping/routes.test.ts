import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { abuja, lekki as lekkiAddress, rateRequest } from '../../../test/couriers';
import { startFakeGoShiip, type FakeGoShiip } from '../../../test/fake-goshiip';
import { createCourierProvider, type CourierProvider } from '../../providers/courier/index';

// The buyer's phone as people type it, spaces and all.
const lekki = { ...lekkiAddress, phone: '0805 123 4567' };
const rateInput = (overrides: Record<string, unknown> = {}) => ({
  ...rateRequest({ toAddress: lekki }),
  ...overrides,
});

// One app for the file (building one is the slow part); the GoShiip tests put the GoShiip adapter in.
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.close();
});

describe('couriers and rates in the sandbox', () => {
  it('uses the sandbox when no GoShiip key is set', () => {
    expect(test.app.providers.courier.kind).toBe('sandbox');
  });

  it('lists the couriers of a type to a visitor', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/couriers?type=intrastate' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      message: 'Couriers fetched successfully.',
      data: [
        { carrierName: 'kwik', name: 'Kwik Delivery', logo: null },
        { carrierName: 'gokada', name: 'Gokada', logo: null },
        { carrierName: 'gig', name: 'GIG Logistics', logo: null },
      ],
    });
    const all = await test.app.inject({ method: 'GET', url: '/api/couriers?type=all' });
    expect(all.json<{ data: unknown[] }>().data).toHaveLength(7);
  });

  it.each([['?type=overnight'], ['?type='], ['']])('refuses the courier type %j with 400', async (query) => {
    const response = await test.app.inject({ method: 'GET', url: `/api/couriers${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      ok: false,
      message:
        'Please choose a courier type: interstate, intrastate, international, frozen-international or all.',
      error: { code: 'COURIER_TYPE_INVALID' },
    });
  });

  it("answers a rate as a list of the spec's shipment rates, without the booking key", async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/rates', payload: rateInput() });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      ok: boolean;
      message: string;
      data: { quotes: Record<string, unknown>[] };
    }>();
    expect(body).toMatchObject({ ok: true, message: 'Rate fetched successfully.' });
    expect(body.data.quotes).toHaveLength(1);
    expect(body.data.quotes[0]).toEqual({
      courier: 'GIG Logistics',
      carrierName: 'gig',
      amount: 3700,
      currency: 'NGN',
      estimated_days: '2-4',
      pickup: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('prices a delivery within Lagos below one from Abuja to Lagos', async () => {
    const ikeja = { ...abuja, address: '3 Allen Avenue, Ikeja, Lagos' };
    const within = await test.app.inject({
      method: 'POST',
      url: '/api/rates',
      payload: rateInput({ type: 'intrastate', fromAddress: ikeja }),
    });
    const across = await test.app.inject({ method: 'POST', url: '/api/rates', payload: rateInput() });
    const amountOf = (response: typeof within) =>
      response.json<{ data: { quotes: { amount: number }[] } }>().data.quotes[0]?.amount ?? NaN;
    expect(amountOf(within)).toBeLessThan(amountOf(across));
  });

  it("says 'Please select a courier.' without a courier", async () => {
    for (const carrierName of [undefined, '', '   ']) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/rates',
        payload: rateInput({ carrierName }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Please select a courier.',
        error: { code: 'COURIER_REQUIRED' },
      });
    }
  });

  it('refuses a bad address, parcel or item field by field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ toAddress: { ...lekki, address: ' ' } }, 'SHIPPING_ADDRESS_REQUIRED', 'toAddress.address'],
      [{ fromAddress: { ...abuja, email: 'not-an-email' } }, 'EMAIL_INVALID', 'fromAddress.email'],
      [{ toAddress: { ...lekki, phone: 'call me' } }, 'PHONE_INVALID', 'toAddress.phone'],
      [{ parcels: { width: 10, length: 0, height: 5, weight: 2 } }, 'DIMENSION_INVALID', 'parcels.length'],
      [{ parcels: { width: 10, length: 10, height: 5, weight: -1 } }, 'WEIGHT_INVALID', 'parcels.weight'],
      [{ items: [] }, 'ITEMS_REQUIRED', 'items'],
      [
        { items: [{ name: 'Blender', weight: 2, category: 'Household-Items', amount: 15000, quantity: 0 }] },
        'QUANTITY_INVALID',
        'items.0.quantity',
      ],
      [{ type: 'overnight' }, 'COURIER_TYPE_INVALID', 'type'],
    ];
    for (const [overrides, code, path] of cases) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/rates',
        payload: rateInput(overrides),
      });
      expect(response.statusCode, code).toBe(400);
      const body = response.json<{ error: { code: string; details: { path: string; code: string }[] } }>();
      expect(body.error.code, path).toBe(code);
      expect(body.error.details[0]).toMatchObject({ path, code });
    }
  });

  it('accepts sizes and amounts sent as text, as older clients send them', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/rates',
      payload: rateInput({
        parcels: { width: '10', length: '10', height: '5', weight: '2' },
        items: [
          {
            name: 'Blender',
            description: '',
            weight: '2',
            category: 'Household-Items',
            amount: '15000',
            quantity: '1',
          },
        ],
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { quotes: { amount: number }[] } }>().data.quotes[0]?.amount).toBe(3700);
  });

  it("answers a courier's refusal with 422 and its reason, never a 500", async () => {
    const twoStates = await test.app.inject({
      method: 'POST',
      url: '/api/rates',
      payload: rateInput({ type: 'intrastate', carrierName: 'kwik' }),
    });
    expect(twoStates.statusCode).toBe(422);
    expect(twoStates.json()).toMatchObject({
      message:
        'This courier cannot deliver this parcel between these addresses. Please choose another courier.',
      error: {
        code: 'RATE_UNAVAILABLE',
        details: { courierMessage: 'Kwik Delivery delivers within one state only.' },
      },
    });
    const nowhere = await test.app.inject({
      method: 'POST',
      url: '/api/rates',
      payload: rateInput({ toAddress: { ...lekki, address: 'Nowhere Street' } }),
    });
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json()).toMatchObject({ error: { code: 'RATE_REJECTED' } });
  });
});

describe('couriers and rates through GoShiip', () => {
  const apiKey = 'gs_test_fake_route_key';
  let fake: FakeGoShiip;
  let sandbox: CourierProvider;
  beforeAll(async () => {
    fake = await startFakeGoShiip({ apiKey });
    sandbox = test.app.providers.courier;
    test.app.providers.courier = createCourierProvider({
      ...test.config,
      goshiipApiKey: apiKey,
      goshiipBaseUrl: fake.baseUrl,
    });
  });
  afterAll(async () => {
    test.app.providers.courier = sandbox;
    await fake.close();
  });

  it('goes to GoShiip when its key is set', async () => {
    expect(test.app.providers.courier.kind).toBe('goshiip');
    const couriers = await test.app.inject({ method: 'GET', url: '/api/couriers?type=interstate' });
    expect(couriers.json()).toMatchObject({
      data: [
        { carrierName: 'gig', name: 'GIG Logistics', logo: null },
        { carrierName: 'dhl', name: 'DHL', logo: 'https://goshiip.test/dhl.png' },
      ],
    });
    const rate = await test.app.inject({ method: 'POST', url: '/api/rates', payload: rateInput() });
    expect(rate.statusCode).toBe(200);
    expect(rate.json()).toMatchObject({
      data: {
        quotes: [
          {
            courier: 'GIG Logistics',
            amount: 3000,
            currency: 'NGN',
            estimated_days: '2 - 3 days',
            pickup: 'Within 24 hours',
          },
        ],
      },
    });
  });

  it("turns GoShiip's errors into the spec's sentences and honest statuses", async () => {
    const cases: [keyof FakeGoShiip['behaviour'], string, number, string, string][] = [
      ['rate', 'server-error', 502, 'RATE_FETCH_FAILED', 'Failed to fetch rate.'],
      ['rate', 'not-json', 502, 'RATE_FETCH_FAILED', 'Failed to fetch rate.'],
      [
        'rate',
        'rate-limited',
        429,
        'COURIER_BUSY',
        'The courier service is busy. Please try again in a minute.',
      ],
      [
        'rate',
        'validation-error',
        422,
        'RATE_REJECTED',
        'The courier could not use these addresses or this parcel. Please check them and try again.',
      ],
      [
        'rate',
        'refused',
        422,
        'RATE_UNAVAILABLE',
        'This courier cannot deliver this parcel between these addresses. Please choose another courier.',
      ],
      ['couriers', 'server-error', 502, 'COURIERS_FETCH_FAILED', 'Failed to fetch couriers.'],
      [
        'couriers',
        'rate-limited',
        429,
        'COURIER_BUSY',
        'The courier service is busy. Please try again in a minute.',
      ],
    ];
    for (const [area, behaviour, status, code, message] of cases) {
      fake.behaviour[area] = behaviour as FakeGoShiip['behaviour'][typeof area];
      const response =
        area === 'rate'
          ? await test.app.inject({ method: 'POST', url: '/api/rates', payload: rateInput() })
          : await test.app.inject({ method: 'GET', url: '/api/couriers?type=frozen-international' });
      fake.behaviour[area] = 'normal';
      expect(response.statusCode, `${area} ${behaviour}`).toBe(status);
      expect(response.json(), `${area} ${behaviour}`).toMatchObject({ ok: false, message, error: { code } });
    }
  });

  it('says only that the rate failed when GoShiip refuses our key', async () => {
    fake.behaviour.rate = 'unauthorized';
    const response = await test.app.inject({ method: 'POST', url: '/api/rates', payload: rateInput() });
    fake.behaviour.rate = 'normal';
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      ok: false,
      message: 'Failed to fetch rate.',
      error: { code: 'RATE_FETCH_FAILED' },
      requestId: expect.any(String),
    });
  });
});

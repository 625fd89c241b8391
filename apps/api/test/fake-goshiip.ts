import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, serveFake } from './fake-server';

// A local stand-in for GoShiip's API that answers with its shapes (`{ status, message, data }`) and its
// failures (400 validation errors, 401, 429, a rate whose `status` is false), so tests can drive the real
// adapter over HTTP (127.0.0.1, a random port). Used by tests only.

export type FakeGoShiipBehaviour =
  | 'normal'
  | 'validation-error'
  | 'refused'
  | 'unauthorized'
  | 'rate-limited'
  | 'server-error'
  | 'not-json'
  | 'hang';

export type FakeGoShiipArea = 'couriers' | 'rate' | 'book' | 'assign' | 'track' | 'cancel';

export type FakeGoShiipRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
};

export type FakeGoShiipPartner = {
  id: number;
  name: string;
  code: string;
  image: string | null;
  types: string[];
};

export type FakeGoShiip = {
  baseUrl: string;
  requests: FakeGoShiipRequest[];
  partners: FakeGoShiipPartner[];
  // Booked shipments by reference, with GoShiip's word for where each is.
  shipments: Map<string, { shipmentId: number; status: string; isAssigned: boolean }>;
  behaviour: Record<FakeGoShiipArea, FakeGoShiipBehaviour>;
  close: () => Promise<void>;
};

export const FAKE_PARTNERS: FakeGoShiipPartner[] = [
  { id: 1, name: 'Kwik', code: 'kwik', image: 'https://goshiip.test/kwik.png', types: ['intrastate'] },
  { id: 2, name: 'GIG Logistics', code: 'gig', image: null, types: ['intrastate', 'interstate'] },
  {
    id: 3,
    name: 'DHL',
    code: 'dhl',
    image: 'https://goshiip.test/dhl.png',
    types: ['interstate', 'international'],
  },
];

function areaOf(method: string, path: string): FakeGoShiipArea | null {
  if (method === 'GET' && path === '/shipments/courier-partners') return 'couriers';
  if (method === 'POST' && path.startsWith('/tariffs/getpricesingle/')) return 'rate';
  if (method === 'POST' && path === '/bookshipment') return 'book';
  if (method === 'POST' && path === '/shipment/assign') return 'assign';
  if (method === 'GET' && path.startsWith('/shipment/track/')) return 'track';
  if (method === 'POST' && path.startsWith('/shipment/cancel/')) return 'cancel';
  return null;
}

export async function startFakeGoShiip(options: { apiKey: string }): Promise<FakeGoShiip> {
  const fake: FakeGoShiip = {
    baseUrl: '',
    requests: [],
    partners: FAKE_PARTNERS.map((partner) => ({ ...partner })),
    shipments: new Map(),
    behaviour: {
      couriers: 'normal',
      rate: 'normal',
      book: 'normal',
      assign: 'normal',
      track: 'normal',
      cancel: 'normal',
    },
    close: () => server.close(),
  };
  let nextShipmentId = 1000;

  const handle = (request: IncomingMessage, response: ServerResponse, rawBody: string) => {
    const url = new URL(request.url ?? '/', 'http://fake.goshiip');
    const method = request.method ?? 'GET';
    const body: unknown = rawBody ? JSON.parse(rawBody) : null;
    const query = Object.fromEntries(url.searchParams);
    fake.requests.push({
      method,
      path: url.pathname,
      query,
      body,
      authorization: request.headers.authorization,
    });

    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendJson(response, 401, { status: false, message: 'Unauthenticated.' });
    }
    const area = areaOf(method, url.pathname);
    if (!area) return sendJson(response, 404, { status: false, message: 'Route not found' });
    const behaviour = fake.behaviour[area];
    if (behaviour === 'hang') return; // never answers: the adapter's timeout has to end it
    if (behaviour === 'server-error')
      return sendJson(response, 500, { status: false, message: 'Server Error' });
    if (behaviour === 'unauthorized')
      return sendJson(response, 401, { status: false, message: 'Unauthenticated.' });
    if (behaviour === 'rate-limited') return sendJson(response, 429, { message: 'Too Many Attempts.' });
    if (behaviour === 'not-json') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<html>Bad gateway</html>');
    }
    if (behaviour === 'validation-error') {
      return sendJson(response, 400, {
        status: false,
        message: 'The given data was invalid.',
        errors: { 'toAddress.address': ['The to address.address field is required.'] },
      });
    }
    const input = (body ?? {}) as Record<string, unknown>;

    if (area === 'couriers') {
      if (behaviour === 'refused') return sendJson(response, 200, { status: false, message: 'Invalid type' });
      const type = query.type ?? '';
      const data = fake.partners
        .filter((partner) => type === 'all' || partner.types.includes(type))
        .map(({ id, name, code, image }) => ({ id, name, code, image, status: 1 }));
      return sendJson(response, 200, { status: true, message: 'Courier partners fetched', data });
    }

    if (area === 'rate') {
      const carrierName = decodeURIComponent(url.pathname.split('/').at(-1) ?? '');
      const partner = fake.partners.find((candidate) => candidate.code === carrierName);
      if (behaviour === 'refused' || !partner) {
        // GoShiip's way of saying one courier cannot price it: the rate itself has `status: false`.
        return sendJson(response, 200, {
          status: true,
          message: 'Rates fetched',
          data: {
            rates: { status: false, message: 'Truq cannot service this shipment because of the weight.' },
          },
        });
      }
      const parcels = input.parcels as { weight: number };
      return sendJson(response, 200, {
        status: true,
        message: 'Rates fetched successfully',
        data: {
          rates: {
            courier: { id: partner.id, name: partner.name, icon: partner.image },
            id: `rate-${partner.code}-1`,
            amount: String(2000 + 500 * Math.ceil(parcels.weight)),
            currency: 'NGN',
            estimated_days: '2 - 3 days',
            pickup_eta: 'Within 24 hours',
            status: true,
            message: 'Rate fetched',
          },
          redis_key: `redis-${partner.code}-abc`,
        },
      });
    }

    if (area === 'book') {
      if (
        behaviour === 'refused' ||
        typeof input.redis_key !== 'string' ||
        typeof input.rate_id !== 'string'
      ) {
        return sendJson(response, 200, {
          status: false,
          message: 'Rate has expired, please fetch a new rate.',
        });
      }
      const shipmentId = nextShipmentId++;
      const reference = `GS${shipmentId}REF`;
      fake.shipments.set(reference, { shipmentId, status: 'pending', isAssigned: false });
      return sendJson(response, 200, {
        status: true,
        message: 'Shipment booked successfully',
        data: { shipmentId, reference },
      });
    }

    if (area === 'assign') {
      const shipment = [...fake.shipments.values()].find(
        (candidate) => candidate.shipmentId === Number(input.shipment_id),
      );
      if (behaviour === 'refused' || !shipment)
        return sendJson(response, 200, { status: false, message: 'Shipment not found' });
      shipment.isAssigned = true;
      return sendJson(response, 200, { status: true, message: 'Shipment assigned to courier' });
    }

    const reference = decodeURIComponent(url.pathname.split('/').at(-1) ?? '');
    const shipment = fake.shipments.get(reference);

    if (area === 'track') {
      if (behaviour === 'refused' || !shipment)
        return sendJson(response, 200, { status: false, message: 'Shipment not found' });
      return sendJson(response, 200, {
        status: true,
        message: 'Shipment tracked',
        data: { reference, current_status: shipment.status, shipment_id: shipment.shipmentId },
      });
    }

    // cancel
    if (behaviour === 'refused' || !shipment || shipment.status === 'delivered') {
      return sendJson(response, 200, { status: false, message: 'Shipment cannot be cancelled' });
    }
    shipment.status = 'cancelled';
    return sendJson(response, 200, { status: true, message: 'Shipment cancelled' });
  };

  const server = await serveFake((request, response, body) =>
    handle(request, response, body.toString('utf8')),
  );
  fake.baseUrl = server.baseUrl;
  return fake;
}

import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  SHIPMENT_STEPS,
  type Courier,
  type CourierType,
  type RateRequest,
} from '@marketplace/shared/schemas/shipping';
import { FCT, nigerianStates } from '../places/gazetteer';
import { CourierError } from './errors';
import type { CourierProvider, ShipmentTracking } from './index';

// The courier sandbox: runs inside the app with no network and keeps GoShiip's semantics. Prices are
// deterministic: from the two addresses' states (the same state is cheaper than another state), the
// parcel (its weight, or its volume when that weighs more) and the declared value of the items. A
// booking's reference carries its booking time, so tracking is computed from it and needs no timer,
// no table and no shared memory between processes: pending, then picked up, in transit and delivered,
// one step every `stepSeconds`.

type Scope = 'intrastate' | 'interstate' | 'international' | 'frozen-international';

type SandboxCourier = Courier & { types: readonly Scope[]; base: number; perKg: number };

export const SANDBOX_COURIERS: readonly SandboxCourier[] = [
  { carrierName: 'kwik', name: 'Kwik Delivery', logo: null, types: ['intrastate'], base: 1200, perKg: 150 },
  { carrierName: 'gokada', name: 'Gokada', logo: null, types: ['intrastate'], base: 1000, perKg: 200 },
  {
    carrierName: 'gig',
    name: 'GIG Logistics',
    logo: null,
    types: ['intrastate', 'interstate'],
    base: 1500,
    perKg: 250,
  },
  {
    carrierName: 'redstar',
    name: 'Red Star Express',
    logo: null,
    types: ['interstate'],
    base: 1800,
    perKg: 300,
  },
  {
    carrierName: 'dhl',
    name: 'DHL Express',
    logo: null,
    types: ['interstate', 'international'],
    base: 4500,
    perKg: 900,
  },
  { carrierName: 'fedex', name: 'FedEx', logo: null, types: ['international'], base: 21000, perKg: 4000 },
  {
    carrierName: 'aramex',
    name: 'Aramex',
    logo: null,
    types: ['international', 'frozen-international'],
    base: 18000,
    perKg: 3500,
  },
];

// How much more another state costs than the same state, and a few days for each kind of delivery.
const SCOPE_FACTOR: Record<Scope, number> = {
  intrastate: 1,
  interstate: 2.2,
  international: 1,
  'frozen-international': 1.5,
};
const ESTIMATED_DAYS: Record<Scope, string> = {
  intrastate: '1-2',
  interstate: '2-4',
  international: '5-10',
  'frozen-international': '3-7',
};
// Volumetric weight: length × width × height in cm divided by this, as couriers count it.
const VOLUMETRIC_DIVISOR = 5000;
const INSURANCE_RATE = 0.01;

export type SandboxCourierOptions = { stepSeconds: number; now?: () => number };

type StateMatcher = { state: string; pattern: RegExp; length: number };

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const stateMatchers: StateMatcher[] = nigerianStates.flatMap(({ state, capital, places }) => {
  const names = [state, capital, ...places.map((place) => place.split(',')[0] ?? place)];
  if (state === FCT) names.push('FCT', 'Abuja');
  return [...new Set(names)].map((name) => ({
    state,
    pattern: new RegExp(`(?:^|[^a-z])${escape(name.toLowerCase())}(?![a-z])`, 'g'),
    length: name.length,
  }));
});

// The state an address is in: the place named last in it ('12 Admiralty Way, Lekki, Lagos' is in Lagos),
// the longer name when two end at the same place. Null when it names no place the gazetteer knows.
export function stateOfAddress(address: string): string | null {
  const text = address.toLowerCase();
  let best: { state: string; end: number; length: number } | null = null;
  for (const matcher of stateMatchers) {
    for (const match of text.matchAll(matcher.pattern)) {
      const end = match.index + match[0].length;
      if (!best || end > best.end || (end === best.end && matcher.length > best.length)) {
        best = { state: matcher.state, end, length: matcher.length };
      }
    }
  }
  return best?.state ?? null;
}

// The next working day (Monday to Saturday) after `now`, as YYYY-MM-DD in Lagos time (UTC+1).
function nextPickupDay(now: number): string {
  const lagos = new Date(now + 60 * 60 * 1000);
  lagos.setUTCDate(lagos.getUTCDate() + 1);
  if (lagos.getUTCDay() === 0) lagos.setUTCDate(lagos.getUTCDate() + 1);
  return lagos.toISOString().slice(0, 10);
}

const BookingKeySchema = z.object({ carrierName: z.string(), amount: z.number(), quotedAt: z.number() });

const REFERENCE_PATTERN = /^SBX-([0-9A-Z]{6,12})-([0-9A-F]{8})$/;

function bookedAtOf(reference: string): number | null {
  const match = REFERENCE_PATTERN.exec(reference);
  if (!match?.[1]) return null;
  const bookedAt = parseInt(match[1], 36);
  return Number.isSafeInteger(bookedAt) ? bookedAt : null;
}

function scopeOf(
  courier: SandboxCourier,
  type: CourierType,
  fromState: string | null,
  toState: string | null,
): Scope {
  if (type === 'international' || type === 'frozen-international') return type;
  const domestic = courier.types.filter((scope) => scope === 'intrastate' || scope === 'interstate');
  if (domestic.length === 0)
    return courier.types.includes('international') ? 'international' : 'frozen-international';
  if (type === 'intrastate' || type === 'interstate') return type;
  return fromState !== null && fromState === toState ? 'intrastate' : 'interstate';
}

export function createSandboxCourier(options: SandboxCourierOptions): CourierProvider {
  const now = options.now ?? Date.now;
  const stepMs = options.stepSeconds * 1000;
  // Cancellations are the one thing the reference cannot carry; the sandbox keeps them in this process.
  const cancelled = new Set<string>();

  function courierNamed(carrierName: string): SandboxCourier {
    const courier = SANDBOX_COURIERS.find((candidate) => candidate.carrierName === carrierName.toLowerCase());
    if (!courier) {
      throw new CourierError('unavailable', `sandbox: no courier ${carrierName}`, {
        courierMessage: `Unknown courier: ${carrierName}`,
      });
    }
    return courier;
  }

  function price(request: RateRequest) {
    const courier = courierNamed(request.carrierName);
    const fromState = stateOfAddress(request.fromAddress.address);
    const toState = stateOfAddress(request.toAddress.address);
    const scope = scopeOf(courier, request.type, fromState, toState);
    if (!courier.types.includes(scope)) {
      throw new CourierError('unavailable', `sandbox: ${courier.carrierName} does not deliver ${scope}`, {
        courierMessage: `${courier.name} does not offer ${scope} deliveries.`,
      });
    }
    if (scope === 'intrastate' || scope === 'interstate') {
      // Like GoShiip's 'Undefined array key "distance"': an address it cannot place has no price.
      if (fromState === null || toState === null) {
        throw new CourierError('invalid-request', 'sandbox: an address names no known place', {
          courierMessage: 'The address could not be located. Please include the city and state.',
        });
      }
      if (scope === 'intrastate' && fromState !== toState) {
        throw new CourierError('unavailable', 'sandbox: intrastate between two states', {
          courierMessage: `${courier.name} delivers within one state only.`,
        });
      }
    }
    const { width, length, height, weight } = request.parcels;
    const itemsWeight = request.items.reduce((total, item) => total + item.weight * item.quantity, 0);
    const chargeableKg = Math.max(weight, itemsWeight, (width * length * height) / VOLUMETRIC_DIVISOR);
    const declaredValue = request.items.reduce((total, item) => total + item.amount * item.quantity, 0);
    // Rounded to whole naira first, so that floating-point dust (1500 × 2.2) never tips a price up by 50.
    const raw = Math.round(
      courier.base * SCOPE_FACTOR[scope] +
        courier.perKg * Math.max(0, Math.ceil(chargeableKg) - 1) +
        declaredValue * INSURANCE_RATE,
    );
    // Whole naira, rounded up to the next 50 as couriers quote.
    const amount = Math.ceil(raw / 50) * 50;
    return { courier, scope, amount };
  }

  return {
    kind: 'sandbox',

    listCouriers(type) {
      const couriers =
        type === 'all'
          ? SANDBOX_COURIERS
          : SANDBOX_COURIERS.filter((courier) => courier.types.includes(type));
      return Promise.resolve(couriers.map(({ carrierName, name, logo }) => ({ carrierName, name, logo })));
    },

    getRate(request) {
      try {
        const { courier, scope, amount } = price(request);
        const quotedAt = now();
        return Promise.resolve({
          courier: courier.name,
          carrierName: courier.carrierName,
          amount,
          currency: 'NGN',
          estimated_days: ESTIMATED_DAYS[scope],
          pickup: nextPickupDay(quotedAt),
          bookingKey: JSON.stringify({ carrierName: courier.carrierName, amount, quotedAt }),
        });
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },

    bookShipment({ bookingKey }) {
      let key: z.infer<typeof BookingKeySchema>;
      try {
        key = BookingKeySchema.parse(JSON.parse(bookingKey));
        courierNamed(key.carrierName);
      } catch (error) {
        return Promise.reject(
          new CourierError('invalid-request', 'sandbox: not a sandbox booking key', { cause: error }),
        );
      }
      const bookedAt = now();
      const reference = `SBX-${bookedAt.toString(36).toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`;
      return Promise.resolve({ shipmentId: `sandbox-${reference}`, reference });
    },

    assignCourier(shipmentId) {
      const reference = shipmentId.replace(/^sandbox-/, '');
      if (!shipmentId.startsWith('sandbox-') || bookedAtOf(reference) === null) {
        return Promise.reject(new CourierError('not-found', `sandbox: no shipment ${shipmentId}`));
      }
      return Promise.resolve();
    },

    trackShipment: track,

    async cancelShipment(reference) {
      const tracking = await track(reference);
      if (tracking.status === 'delivered') {
        throw new CourierError('unavailable', 'sandbox: already delivered', {
          courierMessage: 'This shipment has already been delivered.',
        });
      }
      cancelled.add(reference);
    },
  };

  function track(reference: string): Promise<ShipmentTracking> {
    const bookedAt = bookedAtOf(reference);
    if (bookedAt === null) return Promise.reject(new CourierError('not-found', 'sandbox: no such shipment'));
    if (cancelled.has(reference))
      return Promise.resolve({ reference, status: 'cancelled', courierStatus: 'Cancelled' });
    const steps = Math.floor(Math.max(0, now() - bookedAt) / stepMs);
    const status = SHIPMENT_STEPS[Math.min(steps, SHIPMENT_STEPS.length - 1)] ?? 'pending';
    const courierStatus = {
      pending: 'Pending',
      'picked-up': 'Picked up',
      'in-transit': 'In transit',
      delivered: 'Delivered',
    }[status];
    return Promise.resolve({ reference, status, courierStatus });
  }
}

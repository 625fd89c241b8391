import { z } from 'zod';
import type { Courier, CourierType } from '@marketplace/shared/schemas/shipping';
import { createCachedLoader, createProviderClient, type ProviderReply } from '../http-client';
import { CourierError } from './errors';
import type { CourierProvider, CourierQuote, ShipmentTracking } from './index';

// The GoShiip adapter: its REST API with fetch, the API key as a bearer token. GoShiip answers
// `{ status, message, data }`. Where its documentation is silent about a shape, the assumption is written
// down in docs/decisions/014-courier-port.md and parsed leniently here (numbers that may come as text,
// a courier that may be an object or a name).

export type GoShiipOptions = {
  apiKey: string;
  baseUrl: string;
  timeoutMs?: number;
  courierListTtlMs?: number;
};

const DEFAULT_TIMEOUT_MS = 10_000;
// GoShiip's partners change rarely; every visit to the rate form asks for them.
const DEFAULT_COURIER_LIST_TTL_MS = 10 * 60 * 1000;

type Reply = ProviderReply;

const text = z.union([z.string(), z.number()]).transform(String);
const amount = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);

const PartnerSchema = z.object({
  name: z.string().min(1),
  code: text.nullish(),
  slug: text.nullish(),
  logo: z.string().nullish(),
  image: z.string().nullish(),
  icon: z.string().nullish(),
});
const PartnersReplySchema = z.object({ status: z.literal(true), data: z.array(z.unknown()) });

const RateSchema = z.object({
  status: z.boolean().nullish(),
  message: z.string().nullish(),
  courier: z.union([z.string(), z.object({ name: z.string() }).loose()]).nullish(),
  amount: amount.nullish(),
  currency: z.string().nullish(),
  estimated_days: text.nullish(),
  delivery_eta: text.nullish(),
  pickup_eta: text.nullish(),
  pickup: text.nullish(),
  id: text.nullish(),
  rate_id: text.nullish(),
  redis_key: z.string().nullish(),
  user_id: text.nullish(),
});
const RateReplySchema = z.object({
  status: z.boolean(),
  message: z.string().nullish(),
  data: z
    .object({ rates: z.union([RateSchema, z.array(RateSchema)]).nullish(), redis_key: z.string().nullish() })
    .loose()
    .nullish(),
});
const FailureSchema = z
  .object({ status: z.literal(false).optional(), message: z.string().optional() })
  .loose();
const BookingReplySchema = z.object({
  status: z.literal(true),
  data: z.object({ shipmentId: text.nullish(), shipment_id: text.nullish(), reference: text }).loose(),
});
const TrackReplySchema = z.object({
  status: z.literal(true),
  data: z.object({ current_status: z.string().min(1) }).loose(),
});
const StatusReplySchema = z.object({ status: z.boolean(), message: z.string().nullish() });

// What booking a GoShiip rate needs, kept in the quote's opaque booking key.
const BookingKeySchema = z.object({
  redis_key: z.string().min(1),
  rate_id: z.string().min(1),
  user_id: z.string().optional(),
});

function courierMessageOf(body: unknown): string | undefined {
  const parsed = FailureSchema.safeParse(body);
  return parsed.success && parsed.data.message ? parsed.data.message : undefined;
}

// A courier's key in GoShiip's URLs: its code or slug when the list gives one, else its name, lower-cased.
function carrierNameOf(partner: z.infer<typeof PartnerSchema>): string {
  const key = partner.code ?? partner.slug ?? partner.name;
  return key
    .toLowerCase()
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// GoShiip's words for a shipment's state, placed on our steps.
export function shipmentStatusOf(courierStatus: string): ShipmentTracking['status'] {
  const words = courierStatus.toLowerCase().replace(/[-_]+/g, ' ');
  if (/cancel/.test(words)) return 'cancelled';
  if (/out for delivery|transit|shipped|dispatched|on the way/.test(words)) return 'in-transit';
  if (/delivered/.test(words)) return 'delivered';
  if (/picked|pick up complete|collected/.test(words)) return 'picked-up';
  if (/pending|booked|assigned|awaiting|processing|created|pickup/.test(words)) return 'pending';
  return 'unknown';
}

// GoShiip's own words for days and pickup times are passed on as they are.
function dayText(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

export function createGoShiipCourier(options: GoShiipOptions): CourierProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const courierListTtlMs = options.courierListTtlMs ?? DEFAULT_COURIER_LIST_TTL_MS;

  const call = createProviderClient({
    name: 'goshiip',
    baseUrl: options.baseUrl,
    headers: { authorization: `Bearer ${options.apiKey}` },
    timeoutMs,
    toError: (message, cause) => new CourierError('failed', message, { cause }),
  });
  const cachedCouriers = createCachedLoader(courierListTtlMs, fetchCouriers);

  // An HTTP failure, by status: GoShiip's validation errors, our key refused, too many calls, or its own failure.
  function failure(what: string, reply: Reply): CourierError {
    const courierMessage = courierMessageOf(reply.body);
    const message = `${what} answered ${reply.status}${courierMessage ? `: ${courierMessage}` : ''}`;
    if (reply.status === 400 || reply.status === 422)
      return new CourierError('invalid-request', message, { courierMessage });
    if (reply.status === 401 || reply.status === 403) return new CourierError('unauthorized', message);
    if (reply.status === 404) return new CourierError('not-found', message, { courierMessage });
    if (reply.status === 429) return new CourierError('rate-limited', message);
    return new CourierError('failed', message);
  }

  // A 2xx whose body says `status: false`: GoShiip understood, and says no.
  function refusal(what: string, reply: Reply): CourierError {
    const courierMessage = courierMessageOf(reply.body);
    return new CourierError('unavailable', `${what} refused${courierMessage ? `: ${courierMessage}` : ''}`, {
      courierMessage,
    });
  }

  async function fetchCouriers(type: CourierType): Promise<Courier[]> {
    const what = 'goshiip GET /shipments/courier-partners';
    const reply = await call('GET', '/shipments/courier-partners', { query: { type } });
    if (reply.status < 200 || reply.status >= 300) throw failure(what, reply);
    const parsed = PartnersReplySchema.safeParse(reply.body);
    if (!parsed.success) {
      if (StatusReplySchema.safeParse(reply.body).success) throw refusal(what, reply);
      throw new CourierError('failed', `${what}: unexpected reply`);
    }
    const couriers = new Map<string, Courier>();
    for (const item of parsed.data.data) {
      const partner = PartnerSchema.safeParse(item);
      if (!partner.success) continue;
      const carrierName = carrierNameOf(partner.data);
      if (!carrierName || couriers.has(carrierName)) continue;
      couriers.set(carrierName, {
        carrierName,
        name: partner.data.name,
        logo: partner.data.logo ?? partner.data.image ?? partner.data.icon ?? null,
      });
    }
    return [...couriers.values()];
  }

  return {
    kind: 'goshiip',

    listCouriers(type) {
      return cachedCouriers(type);
    },

    async getRate(request) {
      const path = `/tariffs/getpricesingle/${encodeURIComponent(request.carrierName)}`;
      const what = 'goshiip POST /tariffs/getpricesingle';
      const reply = await call('POST', path, {
        body: {
          type: request.type,
          toAddress: request.toAddress,
          fromAddress: request.fromAddress,
          parcels: request.parcels,
          items: request.items,
        },
      });
      if (reply.status < 200 || reply.status >= 300) {
        // A rate GoShiip could not compute sometimes comes back as an error status with `rates.status: false`.
        const rates = z
          .object({ data: z.object({ rates: RateSchema }).loose() })
          .loose()
          .safeParse(reply.body);
        if (rates.success && rates.data.data.rates.status === false) {
          const courierMessage = rates.data.data.rates.message ?? undefined;
          throw new CourierError('unavailable', `${what} refused: ${courierMessage ?? reply.status}`, {
            courierMessage,
          });
        }
        throw failure(what, reply);
      }
      const parsed = RateReplySchema.safeParse(reply.body);
      if (!parsed.success) throw new CourierError('failed', `${what}: unexpected reply`);
      if (!parsed.data.status) throw refusal(what, reply);
      const rates = parsed.data.data?.rates;
      const rate = Array.isArray(rates) ? rates[0] : rates;
      if (!rate)
        throw new CourierError('unavailable', `${what}: no rate`, {
          courierMessage: parsed.data.message ?? undefined,
        });
      if (rate.status === false) {
        throw new CourierError('unavailable', `${what} refused: ${rate.message ?? ''}`, {
          courierMessage: rate.message ?? undefined,
        });
      }
      if (rate.amount === null || rate.amount === undefined)
        throw new CourierError('failed', `${what}: the rate has no amount`);
      const courier =
        typeof rate.courier === 'string' ? rate.courier : (rate.courier?.name ?? request.carrierName);
      const bookingKey = JSON.stringify({
        redis_key: rate.redis_key ?? parsed.data.data?.redis_key ?? '',
        rate_id: rate.rate_id ?? rate.id ?? '',
        ...(rate.user_id ? { user_id: rate.user_id } : {}),
      });
      const quote: CourierQuote = {
        courier,
        carrierName: request.carrierName,
        amount: rate.amount,
        currency: rate.currency ?? 'NGN',
        estimated_days: dayText(rate.estimated_days ?? rate.delivery_eta),
        pickup: dayText(rate.pickup_eta ?? rate.pickup),
        bookingKey,
      };
      return quote;
    },

    async bookShipment({ bookingKey, deliveryNote }) {
      const what = 'goshiip POST /bookshipment';
      let key: z.infer<typeof BookingKeySchema>;
      try {
        key = BookingKeySchema.parse(JSON.parse(bookingKey));
      } catch (error) {
        throw new CourierError('invalid-request', `${what}: the rate has no booking key`, { cause: error });
      }
      const reply = await call('POST', '/bookshipment', {
        body: { ...key, platform: 'web2', delivery_note: deliveryNote ?? '' },
      });
      if (reply.status < 200 || reply.status >= 300) throw failure(what, reply);
      const parsed = BookingReplySchema.safeParse(reply.body);
      if (!parsed.success) {
        if (StatusReplySchema.safeParse(reply.body).success) throw refusal(what, reply);
        throw new CourierError('failed', `${what}: unexpected reply`);
      }
      const shipmentId = parsed.data.data.shipmentId ?? parsed.data.data.shipment_id;
      if (!shipmentId) throw new CourierError('failed', `${what}: the booking has no shipment id`);
      return { shipmentId, reference: parsed.data.data.reference };
    },

    async assignCourier(shipmentId) {
      const what = 'goshiip POST /shipment/assign';
      const reply = await call('POST', '/shipment/assign', { body: { shipment_id: shipmentId } });
      if (reply.status < 200 || reply.status >= 300) throw failure(what, reply);
      const parsed = StatusReplySchema.safeParse(reply.body);
      if (!parsed.success) throw new CourierError('failed', `${what}: unexpected reply`);
      if (!parsed.data.status) throw refusal(what, reply);
    },

    async trackShipment(reference) {
      const what = 'goshiip GET /shipment/track';
      const reply = await call('GET', `/shipment/track/${encodeURIComponent(reference)}`);
      if (reply.status < 200 || reply.status >= 300) throw failure(what, reply);
      const parsed = TrackReplySchema.safeParse(reply.body);
      if (!parsed.success) {
        // `status: false` on a track: GoShiip has no such shipment.
        if (StatusReplySchema.safeParse(reply.body).success) {
          throw new CourierError('not-found', `${what}: no such shipment`, {
            courierMessage: courierMessageOf(reply.body),
          });
        }
        throw new CourierError('failed', `${what}: unexpected reply`);
      }
      const courierStatus = parsed.data.data.current_status;
      return { reference, status: shipmentStatusOf(courierStatus), courierStatus };
    },

    async cancelShipment(reference) {
      const what = 'goshiip POST /shipment/cancel';
      const reply = await call('POST', `/shipment/cancel/${encodeURIComponent(reference)}`);
      if (reply.status < 200 || reply.status >= 300) throw failure(what, reply);
      const parsed = StatusReplySchema.safeParse(reply.body);
      if (!parsed.success) throw new CourierError('failed', `${what}: unexpected reply`);
      if (!parsed.data.status) throw refusal(what, reply);
    },
  };
}

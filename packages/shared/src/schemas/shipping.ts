import { z } from 'zod';
import { COURIER_TYPES } from '../constants';
import type { MessageCode } from '../reply-texts';

const code = (messageCode: MessageCode) => ({ error: messageCode });

// spec §9: interstate, intrastate, international, frozen-international, all.
export const CourierTypeSchema = z.enum(COURIER_TYPES, code('COURIER_TYPE_INVALID'));
export type CourierType = z.infer<typeof CourierTypeSchema>;

// GET /couriers?type= (spec §7).
export const CouriersQuerySchema = z.object({ type: CourierTypeSchema });
export type CouriersQuery = z.infer<typeof CouriersQuerySchema>;

// A courier the rate call can name: `carrierName` is what POST /rates takes.
export const CourierSchema = z.object({
  carrierName: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
});
export type Courier = z.infer<typeof CourierSchema>;

const requiredText = (maxLength: number, messageCode: MessageCode) =>
  z.string(code(messageCode)).trim().min(1, code(messageCode)).max(maxLength, code('TEXT_TOO_LONG'));

// A positive number (sizes in cm, weights in kg), also when a form or an older client sends it as text.
const positiveNumber = (messageCode: MessageCode, max: number) =>
  z.coerce
    .number(code(messageCode))
    .finite(code(messageCode))
    .gt(0, code(messageCode))
    .max(max, code(messageCode));

// spec §3, courier rate input: an address is a name, an e-mail, the address itself and a phone number.
// International deliveries have foreign numbers, so any phone-like text of 7 to 20 characters passes.
export const RateAddressSchema = z.object({
  name: requiredText(120, 'SHIPPING_NAME_REQUIRED'),
  email: z
    .string(code('EMAIL_INVALID'))
    .trim()
    .toLowerCase()
    .pipe(z.email(code('EMAIL_INVALID')).max(254, code('EMAIL_INVALID'))),
  address: requiredText(300, 'SHIPPING_ADDRESS_REQUIRED'),
  phone: z
    .string(code('PHONE_INVALID'))
    .trim()
    .regex(/^\+?[\d\s().-]{7,20}$/, code('PHONE_INVALID')),
});
export type RateAddress = z.infer<typeof RateAddressSchema>;

export const ParcelSchema = z.object({
  width: positiveNumber('DIMENSION_INVALID', 500),
  length: positiveNumber('DIMENSION_INVALID', 500),
  height: positiveNumber('DIMENSION_INVALID', 500),
  weight: positiveNumber('WEIGHT_INVALID', 500),
});
export type Parcel = z.infer<typeof ParcelSchema>;

export const RateItemSchema = z.object({
  name: requiredText(120, 'ITEM_NAME_REQUIRED'),
  description: z.string().trim().max(500, code('TEXT_TOO_LONG')).default(''),
  weight: positiveNumber('WEIGHT_INVALID', 500),
  category: requiredText(60, 'ITEM_CATEGORY_REQUIRED'),
  // The item's declared value, in naira.
  amount: z.coerce
    .number(code('AMOUNT_INVALID'))
    .finite(code('AMOUNT_INVALID'))
    .min(0, code('AMOUNT_INVALID'))
    .max(100_000_000, code('AMOUNT_INVALID')),
  // spec §5: quantity at least 1.
  quantity: z.coerce
    .number(code('QUANTITY_INVALID'))
    .int(code('QUANTITY_INVALID'))
    .min(1, code('QUANTITY_INVALID'))
    .max(1000, code('QUANTITY_INVALID')),
});
export type RateItem = z.infer<typeof RateItemSchema>;

// POST /rates (spec §3 courier rate input, §7). spec §5: 'Please select a courier.' without a carrier.
// `carrierName` is the courier's key (`gig`) or its display name as GET /couriers lists it (`GIG Logistics`):
// the server finds the key (decision 051).
export const RateInputSchema = z.object({
  type: CourierTypeSchema,
  carrierName: z
    .string(code('COURIER_REQUIRED'))
    .trim()
    .min(1, code('COURIER_REQUIRED'))
    .max(60, code('COURIER_REQUIRED'))
    .regex(/^[\w .&'()-]+$/, code('COURIER_REQUIRED')),
  toAddress: RateAddressSchema,
  fromAddress: RateAddressSchema,
  parcels: ParcelSchema,
  items: z
    .array(RateItemSchema, code('ITEMS_REQUIRED'))
    .min(1, code('ITEMS_REQUIRED'))
    .max(20, code('ITEMS_REQUIRED')),
});
export type RateInput = z.input<typeof RateInputSchema>;
export type RateRequest = z.output<typeof RateInputSchema>;

// spec §3, shipment rate: courier name, amount, currency, estimated_days, pickup. `amount` is in the
// currency's main unit (naira) as the courier quotes it; `pickup` is a date (YYYY-MM-DD) when the courier
// gives one, otherwise its own words. `carrierName` is ours: the courier's key for later calls.
export const ShipmentRateSchema = z.object({
  courier: z.string(),
  carrierName: z.string(),
  amount: z.number(),
  currency: z.string(),
  estimated_days: z.string(),
  pickup: z.string(),
});
export type ShipmentRate = z.infer<typeof ShipmentRateSchema>;

// POST /rates reply (decision 051): `rates` is the named courier's rate in spec §3's shape, as a spec client
// reads it (data.rates.courier.name, data.rates.amount, ...); `quotes` the same as our app's list.
export const RateReplySchema = z.object({
  rates: z.object({
    courier: z.object({ name: z.string(), carrierName: z.string() }),
    amount: z.number(),
    currency: z.string(),
    estimated_days: z.string(),
    pickup: z.string(),
  }),
  quotes: z.array(ShipmentRateSchema),
});
export type RateReply = z.infer<typeof RateReplySchema>;

// A booked shipment's steps, in order (the courier sandbox moves through them over time), and the
// status of one that was cancelled before it was delivered.
export const SHIPMENT_STEPS = ['pending', 'picked-up', 'in-transit', 'delivered'] as const;
export const SHIPMENT_STATUSES = [...SHIPMENT_STEPS, 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

// The spec's word (§4: pending, shipped; delivered) for our step of a shipment.
export const SPEC_SHIPMENT_WORDS: Record<ShipmentStatus, string> = {
  pending: 'pending',
  'picked-up': 'shipped',
  'in-transit': 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

// GET /track-shipment/{shipmentReference} (spec §7: data.data.current_status). `current_status` is in the
// spec's words where one fits (§4: pending, shipped; delivered), else ours (cancelled) or, for a status we
// cannot place, the courier's; `courier_status` is always the courier's own words (decision 051).
// Ours beside it: our step (or 'unknown'), the courier, the item, the payment's reference, and the
// timeline of the steps with when each was seen (null when it was passed between two looks).
export const ShipmentTrackingResultSchema = z.object({
  data: z.object({ current_status: z.string(), courier_status: z.string() }),
  shipmentReference: z.string(),
  status: z.enum([...SHIPMENT_STATUSES, 'unknown']),
  courier: z.string().nullable(),
  productTitle: z.string(),
  reference: z.string().nullable(),
  deliveredAt: z.iso.datetime({ offset: true }).nullable(),
  timeline: z.array(
    z.object({
      status: z.enum(SHIPMENT_STATUSES),
      at: z.iso.datetime({ offset: true }).nullable(),
      isReached: z.boolean(),
    }),
  ),
});
export type ShipmentTrackingResult = z.infer<typeof ShipmentTrackingResultSchema>;

import type {
  Courier,
  CourierType,
  RateRequest,
  ShipmentRate,
  ShipmentStatus,
} from '@marketplace/shared/schemas/shipping';
import type { Config } from '../../config';
import { createGoShiipCourier } from './goshiip';
import { createSandboxCourier } from './sandbox';

export { CourierError, type CourierErrorKind } from './errors';

// A price for one courier, with what booking it later needs. The booking key is opaque outside the
// adapter that made it (GoShiip: its redis_key and rate id); it never goes to a browser.
export type CourierQuote = ShipmentRate & { bookingKey: string };

export type BookedShipment = { shipmentId: string; reference: string };

export type ShipmentTracking = {
  reference: string;
  // Our step, or 'unknown' for a courier status we cannot place.
  status: ShipmentStatus | 'unknown';
  // The courier's own words for it.
  courierStatus: string;
};

// The courier port (DESIGN.md): GoShiip when GOSHIIP_API_KEY is set, otherwise the sandbox.
// Every method throws CourierError when the courier service refuses or fails.
export type CourierProvider = {
  kind: 'goshiip' | 'sandbox';
  listCouriers: (type: CourierType) => Promise<Courier[]>;
  getRate: (request: RateRequest) => Promise<CourierQuote>;
  // Books the quoted shipment; the courier is then assigned with its shipment id.
  bookShipment: (input: { bookingKey: string; deliveryNote?: string }) => Promise<BookedShipment>;
  assignCourier: (shipmentId: string) => Promise<void>;
  trackShipment: (reference: string) => Promise<ShipmentTracking>;
  cancelShipment: (reference: string) => Promise<void>;
};

export function createCourierProvider(
  config: Pick<Config, 'goshiipApiKey' | 'goshiipBaseUrl' | 'sandboxShipmentStepSeconds'>,
): CourierProvider {
  return config.goshiipApiKey
    ? createGoShiipCourier({ apiKey: config.goshiipApiKey, baseUrl: config.goshiipBaseUrl })
    : createSandboxCourier({ stepSeconds: config.sandboxShipmentStepSeconds });
}

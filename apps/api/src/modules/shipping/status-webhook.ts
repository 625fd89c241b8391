import { timingSafeEqual } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { CourierError, type CourierProvider } from '../../providers/courier/index';
import { recordShipmentStatus } from './tracking';

// Keys under which a courier's status webhook names the shipment, at any depth up to three.
const REFERENCE_KEYS = new Set([
  'reference',
  'shipment_reference',
  'shipmentReference',
  'reference_number',
  'tracking_number',
]);
const MAX_REFERENCES = 5;

export function isWebhookSecret(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const [a, b] = [Buffer.from(expected), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}

function referencesIn(body: unknown, depth = 0, found = new Set<string>()): Set<string> {
  if (depth > 3 || body === null || typeof body !== 'object') return found;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (found.size >= MAX_REFERENCES) break;
    if (REFERENCE_KEYS.has(key) && typeof value === 'string' && value.length > 0 && value.length <= 100)
      found.add(value);
    else referencesIn(value, depth + 1, found);
  }
  return found;
}

// GoShiip's status webhook (issue 32, decision 055): it tells us a shipment changed. Its documentation does not
// give the body or a signature, so the body is only a hint of which shipment: each one it names that is ours is
// tracked again through GoShiip's API, and what the API says is recorded, as the poll job would. A forged call
// can only make us ask GoShiip sooner. Returns how many shipments changed.
export async function onCourierStatusWebhook({
  db,
  courier,
  body,
}: {
  db: Database;
  courier: CourierProvider;
  body: unknown;
}): Promise<number> {
  const references = [...referencesIn(body)];
  if (references.length === 0) return 0;
  const ours = await db
    .select({ id: orders.id, reference: orders.shipmentReference })
    .from(orders)
    .where(inArray(orders.shipmentReference, references));
  let changed = 0;
  for (const order of ours) {
    if (!order.reference) continue;
    try {
      const tracking = await courier.trackShipment(order.reference);
      if (await recordShipmentStatus({ db, orderId: order.id, tracking })) changed += 1;
    } catch (error) {
      if (!(error instanceof CourierError)) throw error;
      // GoShiip calls again when we do not answer 2xx; the poll job catches up meanwhile.
      const failure = new AppError(502, 'TRACKING_FAILED');
      failure.cause = error;
      throw failure;
    }
  }
  return changed;
}

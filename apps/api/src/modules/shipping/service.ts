import type { Courier, CourierType, RateReply, RateRequest } from '@marketplace/shared/schemas/shipping';
import type { MessageCode } from '@marketplace/shared/reply-texts';
import { AppError } from '../../lib/errors';
import { CourierError, type CourierProvider } from '../../providers/courier/index';

// A courier failure as the API answers it. The user learns what to do next: change the request (422,
// with the courier's own reason in the details), wait a moment (429), or try again later (502 with the
// spec's sentence, the detail for the log only). Never a 500: GoShiip's errors are expected answers.
export function courierFailure(
  error: unknown,
  failedCode: MessageCode,
  options: { isRate: boolean },
): unknown {
  if (!(error instanceof CourierError)) return error;
  let failure: AppError;
  if (error.kind === 'rate-limited') {
    failure = new AppError(429, 'COURIER_BUSY');
  } else if (options.isRate && error.kind === 'invalid-request') {
    failure = new AppError(422, 'RATE_REJECTED', {
      details: { courierMessage: error.courierMessage ?? null },
    });
  } else if (options.isRate && (error.kind === 'unavailable' || error.kind === 'not-found')) {
    failure = new AppError(422, 'RATE_UNAVAILABLE', {
      details: { courierMessage: error.courierMessage ?? null },
    });
  } else {
    // 'unauthorized' (our key refused: a configuration error) and 'failed' (GoShiip down, slow or garbled).
    failure = new AppError(502, failedCode);
  }
  failure.cause = error;
  return failure;
}

// GET /couriers?type= (spec §7): the couriers that deliver that kind of shipment.
export async function listCouriers({
  courier,
  type,
}: {
  courier: CourierProvider;
  type: CourierType;
}): Promise<Courier[]> {
  try {
    return await courier.listCouriers(type);
  } catch (error) {
    throw courierFailure(error, 'COURIERS_FETCH_FAILED', { isRate: false });
  }
}

// The courier's key for `carrierName`, which a spec client may send as the display name GET /couriers lists
// ("GIG Logistics") rather than the key ("gig"). A name no listed courier has (or a list that cannot be had
// now) is passed on as it is: the courier service answers for it.
async function carrierKeyOf(courier: CourierProvider, request: RateRequest): Promise<string> {
  const wanted = request.carrierName.toLowerCase();
  const listed = await courier.listCouriers(request.type).catch(() => []);
  const found =
    listed.find((entry) => entry.carrierName === request.carrierName) ??
    listed.find((entry) => entry.carrierName.toLowerCase() === wanted || entry.name.toLowerCase() === wanted);
  return found?.carrierName ?? request.carrierName;
}

// POST /rates (spec §7): the chosen courier's price for this parcel between these addresses: in spec §3's
// shape as `rates`, and as the list our app reads (decision 051).
// Note: the booking key stays on the server; what a rate tester sees is the price and the days.
export async function getRates({
  courier,
  request,
}: {
  courier: CourierProvider;
  request: RateRequest;
}): Promise<RateReply> {
  try {
    const carrierName = await carrierKeyOf(courier, request);
    const { bookingKey: _bookingKey, ...rate } = await courier.getRate({ ...request, carrierName });
    const { amount, currency, estimated_days, pickup } = rate;
    return {
      rates: {
        courier: { name: rate.courier, carrierName: rate.carrierName },
        amount,
        currency,
        estimated_days,
        pickup,
      },
      quotes: [rate],
    };
  } catch (error) {
    throw courierFailure(error, 'RATE_FETCH_FAILED', { isRate: true });
  }
}

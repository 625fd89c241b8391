import { expect } from 'vitest';
import type { RateRequest } from '@marketplace/shared/schemas/shipping';
import { CourierError } from '../src/providers/courier/errors';

// The courier suites' fixtures (the sandbox, the GoShiip adapter, the shipping routes): addresses in three
// places, a rate request for one blender from Abuja to Lekki, and the error a courier call fails with.
export const abuja = {
  name: 'Hauwa Bello',
  email: 'hauwa@example.ng',
  address: '5 Aminu Kano Crescent, Wuse 2, Abuja',
  phone: '08031234567',
};
export const lekki = {
  name: 'Tunde Bakare',
  email: 'tunde@example.ng',
  address: '12 Admiralty Way, Lekki, Lagos',
  phone: '08051234567',
};
export const ikeja = {
  name: 'Ada Obi',
  email: 'ada@example.ng',
  address: '3 Allen Avenue, Ikeja',
  phone: '08061234567',
};

export function rateRequest(overrides: Partial<RateRequest> = {}): RateRequest {
  return {
    type: 'interstate',
    carrierName: 'gig',
    fromAddress: abuja,
    toAddress: lekki,
    parcels: { width: 10, length: 10, height: 5, weight: 2 },
    items: [
      {
        name: 'Blender',
        description: 'Used, works',
        weight: 2,
        category: 'Household-Items',
        amount: 15000,
        quantity: 1,
      },
    ],
    ...overrides,
  };
}

// The CourierError a call failed with (the test fails if it did not fail with one).
export async function courierFailureOf(promise: Promise<unknown>): Promise<CourierError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CourierError);
  return error as CourierError;
}

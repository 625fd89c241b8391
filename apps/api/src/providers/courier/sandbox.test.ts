import { describe, expect, it } from 'vitest';
import { abuja, courierFailureOf as failureOf, ikeja, lekki, rateRequest } from '../../../test/couriers';
import { createSandboxCourier, stateOfAddress } from './sandbox';

// Sunday 22 November 2026, 10:00 in Lagos.
const sunday = Date.parse('2026-11-22T09:00:00Z');

describe('the courier sandbox', () => {
  it('lists couriers per type, and every courier for all', async () => {
    const sandbox = createSandboxCourier({ stepSeconds: 60 });
    const names = async (type: Parameters<typeof sandbox.listCouriers>[0]) =>
      (await sandbox.listCouriers(type)).map((courier) => courier.carrierName);
    expect(await names('intrastate')).toEqual(['kwik', 'gokada', 'gig']);
    expect(await names('interstate')).toEqual(['gig', 'redstar', 'dhl']);
    expect(await names('international')).toEqual(['dhl', 'fedex', 'aramex']);
    expect(await names('frozen-international')).toEqual(['aramex']);
    expect(await names('all')).toHaveLength(7);
    expect((await sandbox.listCouriers('interstate'))[0]).toEqual({
      carrierName: 'gig',
      name: 'GIG Logistics',
      logo: null,
    });
  });

  it('finds the state an address is in', () => {
    expect(stateOfAddress(lekki.address)).toBe('Lagos');
    expect(stateOfAddress(ikeja.address)).toBe('Lagos');
    expect(stateOfAddress(abuja.address)).toBe('Federal Capital Territory');
    expect(stateOfAddress('14 Aba Road, Port Harcourt')).toBe('Rivers');
    expect(stateOfAddress('Nowhere Street')).toBeNull();
  });

  it('prices the same request the same way every time, and the same state cheaper than another', async () => {
    const sandbox = createSandboxCourier({ stepSeconds: 60, now: () => sunday });
    const interstate = await sandbox.getRate(rateRequest());
    expect(interstate).toMatchObject({
      courier: 'GIG Logistics',
      carrierName: 'gig',
      // 1500 × 2.2 + 250 × (2 kg − 1) + 1 % of 15,000, rounded up to 50
      amount: 3700,
      currency: 'NGN',
      estimated_days: '2-4',
      // the next working day after a Sunday is Monday
      pickup: '2026-11-23',
    });
    expect((await sandbox.getRate(rateRequest())).amount).toBe(interstate.amount);

    const sameState = await sandbox.getRate(rateRequest({ type: 'intrastate', fromAddress: ikeja }));
    expect(sameState).toMatchObject({ amount: 1900, estimated_days: '1-2' });
    expect(sameState.amount).toBeLessThan(interstate.amount);
    const sameStateForAll = await sandbox.getRate(rateRequest({ type: 'all', fromAddress: ikeja }));
    expect(sameStateForAll.amount).toBe(sameState.amount);
  });

  it('charges for the heavier of the parcel, its volume and the items, and for the declared value', async () => {
    const sandbox = createSandboxCourier({ stepSeconds: 60 });
    const base = (await sandbox.getRate(rateRequest())).amount;
    const heavy = await sandbox.getRate(
      rateRequest({ parcels: { width: 10, length: 10, height: 5, weight: 6 } }),
    );
    expect(heavy.amount).toBe(base + 4 * 250);
    const bulky = await sandbox.getRate(
      rateRequest({ parcels: { width: 50, length: 40, height: 30, weight: 1 } }),
    );
    expect(bulky.amount).toBe(base + 10 * 250);
    const twoItems = await sandbox.getRate(
      rateRequest({
        items: [
          {
            name: 'Blender',
            description: '',
            weight: 2,
            category: 'Household-Items',
            amount: 15000,
            quantity: 2,
          },
        ],
      }),
    );
    // 4 kg of items and 30,000 naira declared
    expect(twoItems.amount).toBe(base + 2 * 250 + 150);
  });

  it('refuses an intrastate courier between two states, a courier for another type and an unknown courier', async () => {
    const sandbox = createSandboxCourier({ stepSeconds: 60 });
    const twoStates = await failureOf(
      sandbox.getRate(rateRequest({ type: 'intrastate', carrierName: 'kwik' })),
    );
    expect(twoStates).toMatchObject({
      kind: 'unavailable',
      courierMessage: 'Kwik Delivery delivers within one state only.',
    });
    const wrongType = await failureOf(
      sandbox.getRate(rateRequest({ type: 'interstate', carrierName: 'kwik' })),
    );
    expect(wrongType.kind).toBe('unavailable');
    const unknown = await failureOf(sandbox.getRate(rateRequest({ carrierName: 'pigeon' })));
    expect(unknown.kind).toBe('unavailable');
  });

  it('refuses an address it cannot place, like GoShiip', async () => {
    const sandbox = createSandboxCourier({ stepSeconds: 60 });
    const error = await failureOf(
      sandbox.getRate(rateRequest({ toAddress: { ...lekki, address: 'Nowhere Street' } })),
    );
    expect(error.kind).toBe('invalid-request');
  });

  it('prices an international delivery without placing the destination in Nigeria', async () => {
    const sandbox = createSandboxCourier({ stepSeconds: 60 });
    const quote = await sandbox.getRate(
      rateRequest({
        type: 'international',
        carrierName: 'dhl',
        toAddress: { ...lekki, address: '10 Downing Street, London' },
      }),
    );
    expect(quote).toMatchObject({ courier: 'DHL Express', estimated_days: '5-10' });
    expect(quote.amount).toBe(4500 + 900 + 150);
  });

  it('books a quote and moves the shipment from pending to delivered, one step a minute', async () => {
    let clock = sunday;
    const sandbox = createSandboxCourier({ stepSeconds: 60, now: () => clock });
    const quote = await sandbox.getRate(rateRequest());
    const booked = await sandbox.bookShipment({ bookingKey: quote.bookingKey });
    expect(booked.reference).toMatch(/^SBX-[0-9A-Z]+-[0-9A-F]{8}$/);
    await sandbox.assignCourier(booked.shipmentId);

    const statuses: string[] = [];
    for (const seconds of [0, 59, 60, 150, 180, 3600]) {
      clock = sunday + seconds * 1000;
      statuses.push((await sandbox.trackShipment(booked.reference)).status);
    }
    expect(statuses).toEqual(['pending', 'pending', 'picked-up', 'in-transit', 'delivered', 'delivered']);
    expect(await sandbox.trackShipment(booked.reference)).toEqual({
      reference: booked.reference,
      status: 'delivered',
      courierStatus: 'Delivered',
    });
  });

  it('tracks a booking from another process or before a restart, from its reference alone', async () => {
    const booking = createSandboxCourier({ stepSeconds: 30, now: () => sunday });
    const { reference } = await booking.bookShipment({
      bookingKey: (await booking.getRate(rateRequest())).bookingKey,
    });
    const another = createSandboxCourier({ stepSeconds: 30, now: () => sunday + 65_000 });
    expect((await another.trackShipment(reference)).status).toBe('in-transit');
  });

  it('cancels a shipment on its way but not one delivered, and knows no made-up reference', async () => {
    let clock = sunday;
    const sandbox = createSandboxCourier({ stepSeconds: 60, now: () => clock });
    const first = await sandbox.bookShipment({
      bookingKey: (await sandbox.getRate(rateRequest())).bookingKey,
    });
    await sandbox.cancelShipment(first.reference);
    expect((await sandbox.trackShipment(first.reference)).status).toBe('cancelled');

    const second = await sandbox.bookShipment({
      bookingKey: (await sandbox.getRate(rateRequest())).bookingKey,
    });
    clock += 10 * 60_000;
    expect((await failureOf(sandbox.cancelShipment(second.reference))).kind).toBe('unavailable');

    expect((await failureOf(sandbox.trackShipment('GS1000REF'))).kind).toBe('not-found');
    expect((await failureOf(sandbox.assignCourier('12345'))).kind).toBe('not-found');
    expect((await failureOf(sandbox.bookShipment({ bookingKey: '{"redis_key":"x"}' }))).kind).toBe(
      'invalid-request',
    );
  });
});

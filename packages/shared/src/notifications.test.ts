import { describe, expect, it } from 'vitest';
import { renderNotification } from './notifications';

describe('renderNotification', () => {
  it('writes one report, one user and one attempt in the singular, and more in the plural (issue 32)', () => {
    expect(renderNotification('LISTING_REPORTED', { title: 'Lamp', reports: '1', productId: 'x' })).toBe(
      'Listing reported: "Lamp" (1 open report). Check the reasons on the listing.',
    );
    expect(renderNotification('LISTING_REPORTED', { title: 'Lamp', reports: '2', productId: 'x' })).toBe(
      'Listing reported: "Lamp" (2 open reports). Check the reasons on the listing.',
    );
    expect(renderNotification('LISTING_HIDDEN_FOR_REVIEW', { title: 'Lamp', reports: '1' })).toBe(
      '"Lamp" was reported by 1 user and is hidden until you review it.',
    );
    expect(
      renderNotification('SHIPMENT_BOOKING_FAILED', {
        title: 'Lamp',
        reference: 'R',
        attempts: '6',
        reason: 'no',
      }),
    ).toMatch(/after 6 attempts: no\./);
  });
});

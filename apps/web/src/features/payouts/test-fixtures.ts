import type { Dispute, DisputeMessage } from '@marketplace/shared/schemas/payouts';

export const disputeId = 'd1f0e2c3-0000-4000-8000-000000000001';
export const orderId = '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c01';

// A dispute about a paid pickup order, as GET /api/disputes/{id} returns it.
export function dispute(overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: disputeId,
    orderId,
    reason: 'damaged',
    details: 'One leg of the chair is broken.',
    status: 'open',
    outcome: null,
    refundAmount: null,
    isChargeback: false,
    dueAt: null,
    createdAt: '2025-02-03T09:30:00.000Z',
    resolvedAt: null,
    productTitle: 'Rattan chair',
    paidAmount: 800_000,
    payout: { status: 'disputed', amount: 720_000 },
    buyer: { id: '3c2b1a00-0000-4000-8000-000000000001', username: 'tunde' },
    seller: { id: '3c2b1a00-0000-4000-8000-000000000002', username: 'chidi' },
    viewerRole: 'buyer',
    ...overrides,
  };
}

export function disputeMessage(overrides: Partial<DisputeMessage> = {}): DisputeMessage {
  return {
    id: 'e1f0e2c3-0000-4000-8000-000000000001',
    authorRole: 'seller',
    author: 'chidi',
    body: 'It was fine when the courier took it.',
    photos: [],
    createdAt: '2025-02-03T10:30:00.000Z',
    ...overrides,
  };
}

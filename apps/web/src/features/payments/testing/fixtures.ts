import type {
  AccountSummary,
  CheckoutQuote,
  Transaction,
  UserTransaction,
  VerifyTransactionResult,
} from '@marketplace/shared/schemas/payments';
import { sessionUser } from '../../../test/render-routes';

// Sample replies of the payment calls, for the payments pages' tests.

export const productId = 'a3c1e1c4-7c0e-4d0a-9b7a-2f1d3c4b5a61';
export const sellerId = '8b0f0c3e-1f7a-4a55-9d1b-3f0d9a2e7c11';
const now = '2025-03-01T10:00:00.000Z';

export function quote(overrides: Partial<CheckoutQuote> = {}): CheckoutQuote {
  return {
    product: {
      id: productId,
      title: 'Samsung Galaxy A14',
      price: 45000,
      picture: '/media/images/phone-320.webp',
      condition: 'Fairly Used',
      location: 'Ikeja, Lagos',
    },
    seller: { id: sellerId, username: 'chidi', isBankVerified: true, city: 'Wuse 2', state: 'FCT' },
    buyer: {
      email: sessionUser.email,
      fullName: sessionUser.fullName,
      phoneNumber: '08031234567',
      street: '5 Allen Avenue',
      city: 'Ikeja',
      state: 'Lagos',
      country: 'Nigeria',
      isAddressComplete: true,
    },
    quantity: 1,
    maxQuantity: 1,
    amount: 4_500_000,
    transactionCharge: 450_000,
    sellerAmount: 4_050_000,
    currency: 'NGN',
    delivery: 'pickup',
    courierUnavailableReason: null,
    holdSeconds: 900,
    pendingReference: null,
    blockedBy: null,
    ...overrides,
  };
}

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c01',
    reference: 'OJA-REF-0001',
    amount: 4_500_000,
    currency: 'NGN',
    status: 'success',
    paymentMethod: 'card',
    transactionId: '4099260516',
    customerEmail: sessionUser.email,
    paidAt: now,
    createdAt: now,
    user: {
      username: sessionUser.username,
      fullName: sessionUser.fullName,
      email: sessionUser.email,
      phoneNumber: '08031234567',
      city: 'Ikeja',
      state: 'Lagos',
      country: 'Nigeria',
      street: '5 Allen Avenue',
    },
    order: {
      id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e01',
      status: 'paid',
      product: { id: productId, title: 'Samsung Galaxy A14', picture: null },
      seller: { id: sellerId, username: 'chidi' },
      quantity: 1,
      shipmentReference: null,
      shipmentStatus: null,
      productAmount: 4_500_000,
      transactionCharge: 450_000,
      delivery: 'pickup',
      deliveryFee: 0,
      courierName: null,
      bookingStatus: null,
      deliveredAt: null,
    },
    ...overrides,
  };
}

export function userTransaction(overrides: Partial<UserTransaction> = {}): UserTransaction {
  return { ...transaction(), role: 'buyer', ...overrides };
}

export function verification(overrides: Partial<VerifyTransactionResult> = {}): VerifyTransactionResult {
  return {
    transactionDetails: transaction(),
    bookingStatus: 'Arrange pickup with the seller.',
    bookingStatusCode: 'BOOKING_PICKUP',
    ...overrides,
  };
}

export function accountSummary(overrides: Partial<AccountSummary> = {}): AccountSummary {
  return {
    currency: 'NGN',
    salesCount: 2,
    salesTotal: 5_250_000,
    earned: 4_725_000,
    fees: 525_000,
    pendingPayouts: 4_050_000,
    onHoldCount: 1,
    recentSales: [
      {
        reference: 'OJA-REF-0009',
        productTitle: 'Ankara dress',
        amount: 750_000,
        transactionCharge: 75_000,
        sellerAmount: 675_000,
        paidAt: now,
        buyer: { username: 'tunde' },
      },
    ],
    ...overrides,
  };
}

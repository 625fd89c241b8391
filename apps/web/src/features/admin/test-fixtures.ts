import type { AdminUser } from '@marketplace/shared/schemas/admin';
import type { ProductCard } from '@marketplace/shared/schemas/products';
import type { Transaction } from '@marketplace/shared/schemas/payments';
import { sessionUser } from '../../test/fixtures/accounts';
import { transaction as baseTransaction } from '../../test/fixtures/payments';
import { productCard as baseProductCard, productDetail } from '../../test/fixtures/products';
import type { AdminProduct } from './api/get-admin-product';

// The admin feature's test data: the shared fixtures (test/fixtures) with the admin tests' own listing,
// user and sale.

const now = '2025-01-15T10:00:00.000Z';

// A listing waiting for moderation, by the session user (adaobi).
export function productCard(overrides: Partial<ProductCard> = {}): ProductCard {
  return baseProductCard({
    id: '3b1d7c2e-0a4f-4e8b-9c6d-1f2e3a4b5c01',
    title: 'Red Ankara dress',
    description: 'A bright dress, worn twice.',
    category: 'Clothes',
    price: 8000,
    priceCategory: '500-15000',
    location: 'Yaba, Lagos',
    primaryImage: '/media/dress.webp',
    images: ['/media/dress.webp'],
    media: [{ url: '/media/dress.webp', width: 800, height: 800, variants: [] }],
    status: 'pending',
    uploader: sessionUser.id,
    user: { id: sessionUser.id, username: sessionUser.username, isVerified: true },
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
}

// The listing as the admin's edit page reads it (GET /api/adminProduct/{id}).
export function adminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  const { uploader: _uploader, ...card } = productCard();
  const detail = productDetail({
    ...card,
    specification: 'Size 12',
    primaryImage: '/media/back.webp',
    primaryImageIndex: 1,
    images: ['/media/front.webp', '/media/back.webp'],
    media: [
      { url: '/media/front.webp', width: 800, height: 800, variants: [] },
      { url: '/media/back.webp', width: 800, height: 800, variants: [] },
    ],
    uploader: {
      ...productDetail().uploader,
      id: sessionUser.id,
      username: sessionUser.username,
      email: sessionUser.email,
    },
  });
  const reports = overrides.reports ?? [];
  return {
    ...detail,
    audit: [],
    auditNextCursor: null,
    reports,
    reportsNextCursor: null,
    reportCount: reports.length,
    ...overrides,
  };
}

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: '6f1c1a52-5f0e-4d43-9a4c-1f6e2b0c9a11',
    fullName: 'Ada Obi',
    username: 'adaobi',
    email: 'ada@example.com',
    phoneNumber: '08031234567',
    address: null,
    street: '12 Herbert Macaulay Way',
    city: 'Yaba',
    state: 'Lagos',
    country: 'Nigeria',
    bio: 'I sell the clothes my children outgrow.',
    profilePicture: null,
    accountName: 'ADA OBI',
    accountNumber: '0123456789',
    bankName: 'Access Bank',
    isVerified: true,
    refID: 'ADA123',
    referredBy: null,
    referredById: null,
    referrals: [],
    referralCount: 0,
    accountNameMismatch: false,
    createdAt: '2024-03-02T09:00:00.000Z',
    updatedAt: now,
    ...overrides,
  };
}

// A courier sale of the dress: chidi bought it from amaka.
export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  const base = baseTransaction();
  return baseTransaction({
    amount: 800000,
    customerEmail: 'chidi@example.com',
    paidAt: now,
    createdAt: now,
    user: {
      username: 'chidi',
      fullName: 'Chidi Okeke',
      email: 'chidi@example.com',
      phoneNumber: '08099998888',
      city: 'Ikeja',
      state: 'Lagos',
      country: 'Nigeria',
      street: '3 Allen Avenue',
    },
    order: {
      ...base.order,
      product: {
        id: '3b1d7c2e-0a4f-4e8b-9c6d-1f2e3a4b5c01',
        title: 'Red Ankara dress',
        primaryImage: null,
        price: 8_000,
        picture: null,
      },
      seller: { id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a01', username: 'amaka' },
      shipmentReference: 'SHIP-77',
      shipmentStatus: 'pending',
      productAmount: 8000,
      productAmountKobo: 800000,
      transactionCharge: 80000,
      delivery: 'courier',
      deliveryFee: 330000,
      courierName: 'GIG Logistics',
      bookingStatus: 'booked',
    },
    ...overrides,
  });
}

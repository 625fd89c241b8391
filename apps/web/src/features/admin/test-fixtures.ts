import type { AdminUser } from '@marketplace/shared/schemas/admin';
import type { ProductCard, ProductDetail } from '@marketplace/shared/schemas/products';
import type { Transaction } from '@marketplace/shared/schemas/payments';
import type { AdminProduct } from './api/get-admin-product';

// Sample API data for the admin feature's tests.

const now = '2025-01-15T10:00:00.000Z';

export function productCard(overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    id: '3b1d7c2e-0a4f-4e8b-9c6d-1f2e3a4b5c01',
    title: 'Red Ankara dress',
    description: 'A bright dress, worn twice.',
    category: 'Clothes',
    condition: 'Fairly Used',
    tag: 'For sale',
    price: 8000,
    priceCategory: '500-15000',
    location: 'Yaba, Lagos',
    primaryImage: '/media/dress.webp',
    primaryImageIndex: 0,
    images: ['/media/dress.webp'],
    media: [{ url: '/media/dress.webp', width: 800, height: 800, variants: [] }],
    status: 'pending',
    rejectionReason: null,
    availability: true,
    uploader: '6f1c1a52-5f0e-4d43-9a4c-1f6e2b0c9a11',
    user: { id: '6f1c1a52-5f0e-4d43-9a4c-1f6e2b0c9a11', username: 'adaobi', isVerified: true },
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function adminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  const { uploader: _uploader, ...card } = productCard();
  const detail: ProductDetail = {
    ...card,
    specification: 'Size 12',
    primaryImage: '/media/back.webp',
    primaryImageIndex: 1,
    images: ['/media/front.webp', '/media/back.webp'],
    media: [
      { url: '/media/front.webp', width: 800, height: 800, variants: [] },
      { url: '/media/back.webp', width: 800, height: 800, variants: [] },
    ],
    video: null,
    videoUrl: null,
    uploader: {
      id: '6f1c1a52-5f0e-4d43-9a4c-1f6e2b0c9a11',
      username: 'adaobi',
      profilePicture: null,
      email: 'ada@example.com',
      phoneNumber: '08031234567',
      isVerified: true,
      memberSince: '2024-03-05T09:00:00.000Z',
      rating: { average: null, count: 0 },
    },
    rejectionReason: null,
    relatedProducts: [],
    updatedAt: now,
  };
  return { ...detail, audit: [], reports: [], ...overrides };
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
    referrals: [],
    accountNameMismatch: false,
    createdAt: '2024-03-02T09:00:00.000Z',
    updatedAt: now,
    ...overrides,
  };
}

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c01',
    reference: 'OJA-REF-0001',
    amount: 800000,
    currency: 'NGN',
    status: 'success',
    paymentMethod: 'card',
    transactionId: '4099260516',
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
      id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e01',
      status: 'paid',
      product: { id: '3b1d7c2e-0a4f-4e8b-9c6d-1f2e3a4b5c01', title: 'Red Ankara dress', picture: null },
      seller: { id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a01', username: 'amaka' },
      quantity: 1,
      shipmentReference: 'SHIP-77',
      shipmentStatus: 'pending',
      productAmount: 800000,
      transactionCharge: 80000,
      delivery: 'courier',
      deliveryFee: 330000,
      courierName: 'GIG Logistics',
      bookingStatus: 'booked',
      deliveredAt: null,
    },
    ...overrides,
  };
}

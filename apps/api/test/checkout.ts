import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { products } from '../src/db/schema';
import { bearer, registerUser, verifiedSeller, type RegisteredUser } from './helper';

// Checkout fixtures: an approved listing of a verified seller, a buyer with a complete profile, and
// the calls a checkout makes.

export async function approvedListing(app: FastifyInstance, seller: RegisteredUser, overrides: Partial<typeof products.$inferInsert> = {}) {
  const [product] = await app.db
    .insert(products)
    .values({
      ownerId: seller.user.id,
      title: 'Blue Ankara gown',
      description: 'Worn twice, no stains.',
      specification: 'Size 12',
      category: 'Clothes',
      condition: 'Fairly Used',
      tag: 'For sale',
      price: 12_345,
      priceCategory: '500-15000',
      location: 'Yaba, Lagos',
      status: 'approved',
      ...overrides,
    })
    .returning();
  if (!product) throw new Error('listing not created');
  return product;
}

export async function sellerWithListing(app: FastifyInstance, overrides: Partial<typeof products.$inferInsert> = {}) {
  const seller = await verifiedSeller(app);
  const product = await approvedListing(app, seller, overrides);
  return { seller, product };
}

export const buyer = (app: FastifyInstance) => registerUser(app);

export function initialize(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/payment/initialize-transaction', headers: bearer(token), payload: body });
}

export async function productIsAvailable(app: FastifyInstance, productId: string) {
  const [row] = await app.db.select({ isAvailable: products.isAvailable }).from(products).where(eq(products.id, productId));
  return row?.isAvailable;
}

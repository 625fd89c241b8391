import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { orders, products, transactions, users } from '../src/db/schema';
import { beforeAll } from 'vitest';
import {
  bearer,
  loginAsAdmin,
  registerUser,
  useTestApp,
  verifiedSeller,
  type RegisteredUser,
} from './helper';

// Checkout fixtures: an approved listing of a verified seller, a buyer with a complete profile, and
// the calls a checkout makes.

export async function approvedListing(
  app: FastifyInstance,
  seller: RegisteredUser,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
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

export async function sellerWithListing(
  app: FastifyInstance,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const seller = await verifiedSeller(app);
  const product = await approvedListing(app, seller, overrides);
  return { seller, product };
}

export const buyer = (app: FastifyInstance) => registerUser(app);

export function initialize(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/initialize-transaction',
    headers: bearer(token),
    payload: body,
  });
}

export async function productIsAvailable(app: FastifyInstance, productId: string) {
  const [row] = await app.db
    .select({ isAvailable: products.isAvailable })
    .from(products)
    .where(eq(products.id, productId));
  return row?.isAvailable;
}

// A seller in Abuja and a buyer in Lagos, both with complete addresses (issue #11's journey).
export async function abujaSellerAndLagosBuyer(app: FastifyInstance, price = 20_000) {
  const { seller, product } = await sellerWithListing(app, { price, location: 'Wuse 2, Abuja' });
  await app.db
    .update(users)
    .set({ street: '14 Aminu Kano Crescent', city: 'Wuse 2', state: 'FCT', country: 'Nigeria' })
    .where(eq(users.id, seller.user.id));
  const buyer = await registerUser(app);
  await app.db
    .update(users)
    .set({
      phoneNumber: '08091234567',
      street: '5 Allen Avenue',
      city: 'Ikeja',
      state: 'Lagos',
      country: 'Nigeria',
    })
    .where(eq(users.id, buyer.user.id));
  return { seller, product, buyer };
}

export function quoteDelivery(app: FastifyInstance, productId: string, token: string) {
  return app.inject({
    method: 'POST',
    url: `/api/checkout/${productId}/delivery-quotes`,
    headers: bearer(token),
  });
}

export function payInSandbox(app: FastifyInstance, reference: string, outcome: 'pay' | 'decline' = 'pay') {
  return app.inject({
    method: 'POST',
    url: `/api/payment/sandbox/${reference}/${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

// A courier delivery bought with the cheapest quote and paid in the payment sandbox.
export async function paidCourierOrder(app: FastifyInstance) {
  const people = await abujaSellerAndLagosBuyer(app);
  const quotes = (await quoteDelivery(app, people.product.id, people.buyer.token)).json<{
    data: { id: string }[];
  }>().data;
  const started = await initialize(app, people.buyer.token, {
    product_id: people.product.id,
    delivery_quote_id: quotes[0]?.id,
  });
  if (started.statusCode !== 201) throw new Error(`checkout failed: ${started.body}`);
  const reference = started.json<{ data: { reference: string; orderId: string } }>().data.reference;
  const orderId = started.json<{ data: { reference: string; orderId: string } }>().data.orderId;
  const paid = await payInSandbox(app, reference);
  if (paid.statusCode !== 303) throw new Error(`payment failed: ${paid.body}`);
  return { ...people, reference, orderId };
}

// A paid order and its payment written directly, without a checkout (the checkout itself is tested in
// the payments module): for the lists that read orders and transactions.
export async function paidOrderRow(
  app: FastifyInstance,
  buyerId: string,
  sellerId: string,
  reference: string,
) {
  const [order] = await app.db
    .insert(orders)
    .values({
      buyerId,
      sellerId,
      productTitle: 'Ankara dress',
      productAmount: 800_000,
      transactionCharge: 80_000,
      status: 'paid',
    })
    .returning();
  if (!order) throw new Error('order not created');
  await app.db.insert(transactions).values({
    reference,
    orderId: order.id,
    userId: buyerId,
    amount: 800_000,
    status: 'success',
    paymentMethod: 'card',
    customerEmail: 'buyer@example.ng',
    paidAt: new Date(),
  });
  return order;
}

// A payment and its order as stored, by our reference.
export async function storedPayment(app: FastifyInstance, reference: string) {
  const [row] = await app.db
    .select({ transaction: transactions, order: orders })
    .from(transactions)
    .innerJoin(orders, eq(orders.id, transactions.orderId))
    .where(eq(transactions.reference, reference));
  return row;
}

// The checkout suites' app: an admin signed in, a payment as stored, and the sandbox's Pay and Decline.
export function useCheckoutApp() {
  const testApp = useTestApp();
  const admin = { token: '' };
  beforeAll(async () => {
    admin.token = (await loginAsAdmin(testApp.app)).token;
  });
  const app = () => testApp.app;
  return {
    app,
    admin,
    storedFor: (reference: string) => storedPayment(app(), reference),
    pay: (reference: string, outcome?: 'pay' | 'decline') => payInSandbox(app(), reference, outcome),
  };
}

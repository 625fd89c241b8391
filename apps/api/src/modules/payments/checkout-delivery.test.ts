import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryQuotes, notifications, orders, sandboxPayments } from '../../db/schema';
import {
  abujaSellerAndLagosBuyer as lagosAndAbuja,
  buyer as newBuyer,
  initialize,
  quoteDelivery,
} from '../../../test/checkout';
import { bearer, useTestApp } from '../../../test/helper';

const testApp = useTestApp();

const app = () => testApp.app;

type Quote = {
  id: string;
  courier: string;
  carrierName: string;
  deliveryFee: number;
  amount: number;
  transactionCharge: number;
  sellerAmount: number;
};

const abujaSellerAndLagosBuyer = (price?: number) => lagosAndAbuja(app(), price);
const quotesFor = (productId: string, token: string) => quoteDelivery(app(), productId, token);

describe('POST /api/checkout/{productId}/delivery-quotes', () => {
  it("prices the default parcel from the seller's address to the buyer's, cheapest first, with the totals in kobo", async () => {
    const { product, buyer } = await abujaSellerAndLagosBuyer(20_000);
    const response = await quotesFor(product.id, buyer.token);
    expect(response.statusCode).toBe(201);
    const quotes = response.json<{ data: Quote[] }>().data;
    // The sandbox's interstate couriers: GIG 3,750, Red Star 4,500, DHL 11,000 naira for 2 kg across states.
    expect(quotes.map((quote) => [quote.carrierName, quote.deliveryFee])).toEqual([
      ['gig', 375_000],
      ['redstar', 450_000],
      ['dhl', 1_100_000],
    ]);
    // Item 2,000,000 kobo: the platform keeps its 10 percent plus the delivery fee; the seller still gets 90 percent.
    expect(quotes[0]).toMatchObject({
      courier: 'GIG Logistics',
      amount: 2_375_000,
      transactionCharge: 575_000,
      sellerAmount: 1_800_000,
      currency: 'NGN',
    });
    // The booking key never leaves the server.
    expect(response.body).not.toContain('bookingKey');
    expect(response.body).not.toContain('quotedAt');
  });

  it('asks for a login, and for a complete address before quoting', async () => {
    const { product } = await abujaSellerAndLagosBuyer();
    const anonymous = await app().inject({
      method: 'POST',
      url: `/api/checkout/${product.id}/delivery-quotes`,
    });
    expect(anonymous.statusCode).toBe(401);
    const incomplete = await newBuyer(app());
    const response = await quotesFor(product.id, incomplete.token);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'Please complete your address and phone number in your profile to get courier delivery.',
      error: { code: 'DELIVERY_ADDRESS_INCOMPLETE' },
    });
    const checkout = await app().inject({
      url: `/api/checkout/${product.id}`,
      headers: bearer(incomplete.token),
    });
    expect(checkout.json().data).toMatchObject({
      courierUnavailableReason: 'DELIVERY_ADDRESS_INCOMPLETE',
      seller: { city: 'Wuse 2', state: 'FCT' },
    });
  });

  it('refuses to quote an item the caller may not buy', async () => {
    const { seller, product } = await abujaSellerAndLagosBuyer();
    const own = await quotesFor(product.id, seller.token);
    expect(own.statusCode).toBe(422);
    expect(own.json().error.code).toBe('OWN_PRODUCT');
  });
});

describe('POST /api/payment/initialize-transaction with courier delivery', () => {
  it("charges the item plus the chosen courier's fee, collected whole to the platform's balance", async () => {
    const { product, buyer } = await abujaSellerAndLagosBuyer(20_000);
    const [gig] = (await quotesFor(product.id, buyer.token)).json<{ data: Quote[] }>().data;
    if (!gig) throw new Error('no quote');
    const response = await initialize(app(), buyer.token, {
      product_id: product.id,
      quantity: 1,
      amount: 2_375_000,
      delivery_quote_id: gig.id,
      delivery_fee: 375_000,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      amount: 2_375_000,
      transactionCharge: 575_000,
      deliveryFee: 375_000,
    });
    const [order] = await app().db.select().from(orders).where(eq(orders.productId, product.id));
    expect(order).toMatchObject({
      delivery: 'courier',
      deliveryFee: 375_000,
      courierName: 'GIG Logistics',
      carrierName: 'gig',
      productAmount: 2_000_000,
      transactionCharge: 200_000,
    });
    const reference = response.json().data.reference as string;
    const [payment] = await app()
      .db.select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.reference, reference));
    // Protected payouts (decision 058): the whole payment to the platform's balance, no split.
    expect(payment).toMatchObject({ amount: 2_375_000, subaccount: null, transactionCharge: 0 });

    // Paid: the buyer is told who delivers it.
    const pay = await app().inject({
      method: 'POST',
      url: `/api/payment/sandbox/${reference}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    const told = await app().db.select().from(notifications).where(eq(notifications.userId, buyer.user.id));
    expect(told.map((row) => [row.code, row.params.courier, row.params.amount])).toContainEqual([
      'PAYMENT_MADE_DELIVERY',
      'GIG Logistics',
      '₦23,750.00',
    ]);
  });

  it('refuses a tampered delivery fee or total, and stores nothing', async () => {
    const { product, buyer } = await abujaSellerAndLagosBuyer(20_000);
    const [gig] = (await quotesFor(product.id, buyer.token)).json<{ data: Quote[] }>().data;
    if (!gig) throw new Error('no quote');
    const cheaperFee = await initialize(app(), buyer.token, {
      product_id: product.id,
      amount: 2_000_100,
      delivery_quote_id: gig.id,
      delivery_fee: 100,
    });
    expect(cheaperFee.statusCode).toBe(422);
    expect(cheaperFee.json()).toMatchObject({
      ok: false,
      message: "The delivery fee does not match the courier's price. Please choose a courier again.",
      error: { code: 'DELIVERY_FEE_MISMATCH' },
    });
    const itemOnly = await initialize(app(), buyer.token, {
      product_id: product.id,
      amount: 2_000_000,
      delivery_quote_id: gig.id,
    });
    expect(itemOnly.statusCode).toBe(422);
    expect(itemOnly.json().error.code).toBe('AMOUNT_MISMATCH');
    const feeWithoutQuote = await initialize(app(), buyer.token, {
      product_id: product.id,
      delivery_fee: 375_000,
    });
    expect(feeWithoutQuote.json().error.code).toBe('DELIVERY_FEE_MISMATCH');
    expect(await app().db.select().from(orders).where(eq(orders.productId, product.id))).toEqual([]);
  });

  it("refuses a made-up quote, another buyer's quote, another item's quote and an expired one, with clear messages", async () => {
    const { product, buyer } = await abujaSellerAndLagosBuyer(20_000);
    const [mine] = (await quotesFor(product.id, buyer.token)).json<{ data: Quote[] }>().data;
    if (!mine) throw new Error('no quote');

    const madeUp = await initialize(app(), buyer.token, {
      product_id: product.id,
      delivery_quote_id: '0b3f9c1e-4a2d-4e8f-9b7a-6c5d4e3f2a10',
    });
    expect(madeUp.statusCode).toBe(422);
    expect(madeUp.json()).toMatchObject({
      message: 'This delivery price is not valid for this item. Please choose a courier again.',
      error: { code: 'DELIVERY_QUOTE_INVALID' },
    });
    const notUuid = await initialize(app(), buyer.token, {
      product_id: product.id,
      delivery_quote_id: 'free-delivery',
    });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().error.code).toBe('DELIVERY_QUOTE_INVALID');

    const other = await abujaSellerAndLagosBuyer(20_000);
    const theirs = await initialize(app(), other.buyer.token, {
      product_id: other.product.id,
      delivery_quote_id: mine.id,
    });
    expect(theirs.json().error.code).toBe('DELIVERY_QUOTE_INVALID');
    const [otherQuote] = (await quotesFor(other.product.id, buyer.token)).json<{ data: Quote[] }>().data;
    const otherItem = await initialize(app(), buyer.token, {
      product_id: product.id,
      delivery_quote_id: otherQuote?.id,
    });
    expect(otherItem.json().error.code).toBe('DELIVERY_QUOTE_INVALID');

    await app()
      .db.update(deliveryQuotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deliveryQuotes.id, mine.id));
    const expired = await initialize(app(), buyer.token, {
      product_id: product.id,
      delivery_quote_id: mine.id,
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({
      message: 'This delivery price has expired. Please choose a courier again.',
      error: { code: 'DELIVERY_QUOTE_EXPIRED' },
    });
    expect(await app().db.select().from(orders).where(eq(orders.productId, product.id))).toEqual([]);
  });

  it('a buyer who started paying with pickup cannot start again with a courier', async () => {
    const { product, buyer } = await abujaSellerAndLagosBuyer(20_000);
    expect((await initialize(app(), buyer.token, { product_id: product.id })).statusCode).toBe(201);
    const [gig] = (await quotesFor(product.id, buyer.token)).json<{ data: Quote[] }>().data;
    const again = await initialize(app(), buyer.token, {
      product_id: product.id,
      delivery_quote_id: gig?.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CHECKOUT_IN_PROGRESS');
  });
});

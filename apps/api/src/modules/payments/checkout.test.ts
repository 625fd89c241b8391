import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { media, orders, productImages, products, sandboxPayments } from '../../db/schema';
import {
  approvedListing,
  buyer as newBuyer,
  initialize,
  productIsAvailable,
  sellerWithListing,
  useCheckoutApp,
} from '../../../test/checkout';
import { bearer, multipart, registerUser, verifiedSeller } from '../../../test/helper';
import { png } from '../../../test/fixtures';

// Checkout: the quote, the server's money rules, holds, and listings that cannot be bought.

type Json = Record<string, unknown> & { data: Record<string, unknown> & { data: Record<string, string> } };

const { app, admin, storedFor, pay } = useCheckoutApp();

describe('GET /api/checkout/{productId}', () => {
  it('asks for a login, and answers 404 for an unknown product', async () => {
    const { product } = await sellerWithListing(app());
    const anonymous = await app().inject({ url: `/api/checkout/${product.id}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({
      message: 'Please login first',
      error: { code: 'LOGIN_REQUIRED' },
    });
    const buyer = await newBuyer(app());
    const unknown = await app().inject({
      url: '/api/checkout/7d1f1c52-5f0e-4d43-9a4c-1f6e2b0c9a11',
      headers: bearer(buyer.token),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'PRODUCT_NOT_FOUND' } });
  });

  it('computes the amounts on the server: kobo, the floor of 10 percent, the seller the rest', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 12_345 });
    const buyer = await newBuyer(app());
    const response = await app().inject({ url: `/api/checkout/${product.id}`, headers: bearer(buyer.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      product: { id: product.id, price: 12_345 },
      seller: { id: seller.user.id, username: seller.user.username, isBankVerified: true },
      buyer: { email: buyer.user.email, isAddressComplete: false },
      quantity: 1,
      maxQuantity: 1,
      amount: 1_234_500,
      transactionCharge: 123_450,
      sellerAmount: 1_111_050,
      currency: 'NGN',
      delivery: 'pickup',
      blockedBy: null,
    });
  });

  it("says why the caller cannot pay: own item, seller's bank not verified, donation", async () => {
    const { seller, product } = await sellerWithListing(app());
    const own = await app().inject({ url: `/api/checkout/${product.id}`, headers: bearer(seller.token) });
    expect(own.json().data.blockedBy).toBe('OWN_PRODUCT');

    const unverified = await registerUser(app());
    const unverifiedListing = await approvedListing(app(), unverified);
    const buyer = await newBuyer(app());
    const blocked = await app().inject({
      url: `/api/checkout/${unverifiedListing.id}`,
      headers: bearer(buyer.token),
    });
    expect(blocked.json().data).toMatchObject({
      blockedBy: 'SELLER_BANK_NOT_VERIFIED',
      seller: { isBankVerified: false },
    });

    const donation = await approvedListing(app(), seller, {
      tag: 'Donate',
      price: null,
      priceCategory: null,
    });
    const gift = await app().inject({ url: `/api/checkout/${donation.id}`, headers: bearer(buyer.token) });
    expect(gift.json().data.blockedBy).toBe('PRODUCT_NOT_FOR_SALE');
  });
});

describe('POST /api/payment/initialize-transaction: the money rules', () => {
  it('refuses a client amount that differs from the server price with 422, and stores nothing', async () => {
    const { product } = await sellerWithListing(app(), { price: 8000 });
    const buyer = await newBuyer(app());
    const response = await initialize(app(), buyer.token, {
      product_id: product.id,
      quantity: 1,
      amount: 100,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      ok: false,
      message: 'The amount does not match the price of this item. Please reload the page and try again.',
      error: { code: 'AMOUNT_MISMATCH' },
      requestId: expect.any(String),
    });
    expect(await app().db.select().from(orders).where(eq(orders.productId, product.id))).toEqual([]);
  });

  it("ignores the client's subaccount, charge, seller and buyer: the server's are used and sent to the provider", async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 8001 });
    const buyer = await newBuyer(app());
    const intruder = await verifiedSeller(app());
    const response = await initialize(app(), buyer.token, {
      email: 'someone-else@example.ng',
      amount: 800_100,
      subaccount: 'ACCT_attacker',
      transaction_charge: 1,
      product_id: product.id,
      quantity: 1,
      product_amount: 1,
      seller_id: intruder.user.id,
      user_id: intruder.user.id,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<Json>();
    expect(body.message).toBe('Authorization URL created');
    const reference = body.data.data.reference ?? '';
    expect(body.data).toMatchObject({
      reference,
      amount: 800_100,
      transactionCharge: 80_010,
      currency: 'NGN',
    });
    expect(body.data.data.authorization_url).toBe(`http://oja.test/api/payment/sandbox/${reference}`);

    const stored = await storedFor(reference);
    expect(stored?.order).toMatchObject({
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      productAmount: 800_100,
      transactionCharge: 80_010,
      status: 'pending',
    });
    expect(stored?.transaction).toMatchObject({
      userId: buyer.user.id,
      amount: 800_100,
      customerEmail: buyer.user.email,
      status: 'pending',
    });
    const [atProvider] = await app()
      .db.select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.reference, reference));
    // Protected payouts (decision 058): no split at charge time, whatever the client sent.
    expect(atProvider).toMatchObject({
      amount: 800_100,
      subaccount: null,
      transactionCharge: 0,
      email: buyer.user.email,
      callbackUrl: 'http://oja.test/confirmationPage',
    });
    expect(atProvider?.metadata).toMatchObject({
      product_id: product.id,
      order_id: stored?.order.id,
      buyer_id: buyer.user.id,
    });
  });

  it('refuses bad input with clear messages and stores nothing', async () => {
    const { seller, product } = await sellerWithListing(app());
    const buyer = await newBuyer(app());
    const cases: [Record<string, unknown>, string, number, string][] = [
      [{ product_id: product.id, quantity: 0 }, buyer.token, 400, 'QUANTITY_INVALID'],
      [{ product_id: product.id, quantity: 2 }, buyer.token, 422, 'QUANTITY_NOT_AVAILABLE'],
      [{ product_id: '7d1f1c52-5f0e-4d43-9a4c-1f6e2b0c9a11' }, buyer.token, 404, 'PRODUCT_NOT_FOUND'],
      [{ product_id: 'not-a-uuid' }, buyer.token, 400, 'PRODUCT_NOT_FOUND'],
      [{ product_id: product.id }, seller.token, 422, 'OWN_PRODUCT'],
    ];
    for (const [body, token, status, code] of cases) {
      const response = await initialize(app(), token, body);
      expect({ body, status: response.statusCode, code: response.json().error?.code }).toEqual({
        body,
        status,
        code,
      });
    }
    const unverified = await registerUser(app());
    const listing = await approvedListing(app(), unverified);
    const refused = await initialize(app(), buyer.token, { product_id: listing.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe("The seller's bank account details have not been verified");
    expect(await app().db.select().from(orders).where(eq(orders.buyerId, buyer.user.id))).toEqual([]);
    expect((await initialize(app(), '', { product_id: product.id })).statusCode).toBe(401);
  });

  it('holds the item: another buyer gets 409, the same buyer gets the same payment page again', async () => {
    const { product } = await sellerWithListing(app());
    const first = await newBuyer(app());
    const second = await newBuyer(app());
    const started = (await initialize(app(), first.token, { product_id: product.id })).json<Json>().data;
    const again = await initialize(app(), first.token, { product_id: product.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: 'You already started paying for this item. Continue on the payment page.',
      data: { reference: started.reference },
    });
    const other = await initialize(app(), second.token, { product_id: product.id });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: { code: 'PRODUCT_ON_HOLD' } });
    const quote = await app().inject({ url: `/api/checkout/${product.id}`, headers: bearer(second.token) });
    expect(quote.json().data.blockedBy).toBe('PRODUCT_ON_HOLD');
  });
});

describe('a withdrawn listing', () => {
  it('cannot be checked out', async () => {
    const { product } = await sellerWithListing(app());
    await app().db.update(products).set({ isAvailable: false }).where(eq(products.id, product.id));
    const buyer = await newBuyer(app());
    expect((await initialize(app(), buyer.token, { product_id: product.id })).statusCode).toBe(404);
  });
});

describe('a sold listing stays unavailable (decision 016)', () => {
  const makeAvailable = (token: string, productId: string, url = `/api/myProducts/${productId}`) =>
    app().inject({ method: 'PUT', url, headers: bearer(token), payload: { availability: true } });

  // A listing with a picture of its seller's, so that it passes every rule of an edit.
  async function pictured() {
    const listing = await sellerWithListing(app(), { price: 5000 });
    const body = multipart([
      { name: 'file', value: await png(300, 300), filename: 'p.png', contentType: 'image/png' },
    ]);
    const upload = await app().inject({
      method: 'POST',
      url: '/api/media',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(listing.seller.token) },
    });
    const [picture] = await app()
      .db.select({ id: media.id })
      .from(media)
      .where(eq(media.url, upload.json().data.url.replace('http://oja.test', '')));
    await app()
      .db.insert(productImages)
      .values({ productId: listing.product.id, mediaId: picture?.id ?? '', position: 0 });
    return listing;
  }

  it('refuses the owner and the admin making a sold listing available again, and keeps it sold', async () => {
    const { seller, product } = await pictured();
    const buyer = await newBuyer(app());
    const reference = (await initialize(app(), buyer.token, { product_id: product.id })).json<Json>().data
      .reference as string;
    await pay(reference);
    expect(await productIsAvailable(app(), product.id)).toBe(false);

    const byOwner = await makeAvailable(seller.token, product.id);
    expect(byOwner.statusCode).toBe(409);
    expect(byOwner.json()).toMatchObject({
      message: 'This item has been sold or someone is paying for it, so it cannot be made available again.',
      error: { code: 'PRODUCT_SOLD_STAYS_UNAVAILABLE' },
    });
    const byAdmin = await makeAvailable(admin.token, product.id, `/api/adminProduct/${product.id}`);
    expect(byAdmin.statusCode).toBe(409);
    expect(await productIsAvailable(app(), product.id)).toBe(false);
    // Other edits of the sold listing still work.
    const price = await app().inject({
      method: 'PUT',
      url: `/api/myProducts/${product.id}`,
      headers: bearer(seller.token),
      payload: { price: 6000 },
    });
    expect(price.statusCode).toBe(200);
    expect(await productIsAvailable(app(), product.id)).toBe(false);
  });

  it('refuses it while someone is paying for a withdrawn listing, and allows it once the hold has ended', async () => {
    const { seller, product } = await pictured();
    const buyer = await newBuyer(app());
    expect((await initialize(app(), buyer.token, { product_id: product.id })).statusCode).toBe(201);
    const withdraw = await app().inject({
      method: 'PUT',
      url: `/api/myProducts/${product.id}`,
      headers: bearer(seller.token),
      payload: { availability: false },
    });
    expect(withdraw.statusCode).toBe(200);

    expect((await makeAvailable(seller.token, product.id)).statusCode).toBe(409);
    // The hold runs out (its time is the database's).
    await app()
      .db.update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.productId, product.id));
    const relisted = await makeAvailable(seller.token, product.id);
    expect(relisted.statusCode).toBe(200);
    expect(relisted.json().data.availability).toBe(true);
  });
});

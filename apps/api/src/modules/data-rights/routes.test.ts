import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccountExport } from '@marketplace/shared/schemas/data-rights';
import {
  favourites,
  messages,
  newsletterSubscriptions,
  notifications,
  orders,
  products,
  reviews,
  transactions,
  users,
} from '../../db/schema';
import { paidOrderRow } from '../../../test/checkout';
import { jpegWithExif, png } from '../../../test/fixtures';
import {
  bearer,
  loginAsAdmin,
  registerUser,
  verifiedSeller,
  type RegisteredUser,
} from '../../../test/helper';
import { deletedUsername } from '../accounts/index';
import { listingBody, uploadFile } from '../../../test/listings';
import {
  completeProfile,
  type Failure,
  profileVerifiedSeller,
  saveProfile,
  storedUser,
  type Success,
  testApp,
} from '../../../test/profiles';

// People's rights over their data (Nigeria Data Protection Act 2023; decision 050): GET /userProfile/export
// and DELETE /userProfile.

const app = () => testApp.app;

const exportOf = (token: string) => app().inject({ url: '/api/userProfile/export', headers: bearer(token) });
const deleteAccount = (token: string, password: unknown) =>
  app().inject({ method: 'DELETE', url: '/api/userProfile', headers: bearer(token), payload: { password } });
const login = (email: string, password: string) =>
  app().inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });

// A listing of `seller` with one uploaded picture, approved.
async function listingWithPicture(seller: RegisteredUser, title = 'Blue Ankara shirt') {
  const image = await uploadFile(app(), seller.token, await jpegWithExif(400, 300));
  const response = await app().inject({
    method: 'POST',
    url: '/api/products',
    headers: bearer(seller.token),
    payload: listingBody(image, { title }),
  });
  expect(response.statusCode).toBe(201);
  const id = response.json<Success<{ id: string }>>().data.id;
  await app().db.update(products).set({ status: 'approved' }).where(eq(products.id, id));
  return { id, image };
}

// A conversation the buyer opened on the listing, with one message each way.
async function conversation(productId: string, buyer: RegisteredUser, seller: RegisteredUser) {
  const opened = await app().inject({
    method: 'POST',
    url: `/api/products/${productId}/conversation`,
    headers: bearer(buyer.token),
  });
  expect(opened.statusCode).toBe(200);
  const id = opened.json<Success<{ id: string }>>().data.id;
  for (const [from, text] of [
    [buyer, 'Is it still available?'],
    [seller, 'Yes, come on Saturday.'],
  ] as const) {
    const sent = await app().inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      headers: bearer(from.token),
      payload: { text },
    });
    expect(sent.statusCode).toBe(201);
  }
  return id;
}

// A paid order of `buyer` from `seller`, delivered unless `delivered` is false.
async function order(buyer: RegisteredUser, seller: RegisteredUser, { delivered = true } = {}) {
  const row = await paidOrderRow(app(), buyer.user.id, seller.user.id, `ref-${crypto.randomUUID()}`);
  if (delivered) await app().db.update(orders).set({ deliveredAt: new Date() }).where(eq(orders.id, row.id));
  return row;
}

describe('GET /api/userProfile/export', () => {
  it('answers 401 to a visitor', async () => {
    const response = await app().inject({ url: '/api/userProfile/export' });
    expect(response.statusCode).toBe(401);
  });

  it('downloads everything held about the user as a JSON file, their own bank details in full and other people by username only', async () => {
    const { seller } = await profileVerifiedSeller();
    const listing = await listingWithPicture(seller, 'Tecno Spark 10');
    // The other party has a phone, an address and bank details of their own.
    const buyer = await verifiedSeller(app());
    await app()
      .db.update(users)
      .set({ street: '5 Allen Avenue', city: 'Ikeja' })
      .where(eq(users.id, buyer.user.id));
    const conversationId = await conversation(listing.id, buyer, seller);
    const sale = await order(buyer, seller);
    await app().db.insert(reviews).values({
      orderId: sale.id,
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      rating: 5,
      text: 'Honest seller',
    });
    const bought = await order(seller, buyer);
    await app().db.insert(favourites).values({ userId: seller.user.id, productId: listing.id });
    await app().db.insert(newsletterSubscriptions).values({ email: seller.user.email });

    const response = await exportOf(seller.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="oja-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json<Success<AccountExport>>();
    expect(body.message).toBe('Here is everything we hold about you.');
    const data = body.data;

    expect(data.account).toMatchObject({
      id: seller.user.id,
      email: seller.user.email,
      phoneNumber: completeProfile.phoneNumber,
      street: completeProfile.street,
      accountNumber: '0123456785',
      bankCode: '058',
      isVerified: true,
    });
    expect(data.account).not.toHaveProperty('passwordHash');
    expect(data.account).not.toHaveProperty('tokenVersion');
    expect(data.bankAccountsResolved).toEqual([
      expect.objectContaining({ accountNumber: '0123456785', bankCode: '058' }),
    ]);
    expect(data.listings).toEqual([
      expect.objectContaining({ id: listing.id, title: 'Tecno Spark 10', images: [listing.image] }),
    ]);
    expect(data.uploads).toEqual([expect.objectContaining({ url: listing.image, kind: 'image' })]);
    expect(data.ordersAsSeller).toEqual([
      expect.objectContaining({ id: sale.id, buyer: buyer.user.username, status: 'paid' }),
    ]);
    expect(data.ordersAsBuyer).toEqual([
      expect.objectContaining({ id: bought.id, seller: buyer.user.username }),
    ]);
    expect(data.payments).toEqual([expect.objectContaining({ orderId: bought.id, amount: 800_000 })]);
    expect(data.conversations).toEqual([
      expect.objectContaining({
        id: conversationId,
        with: buyer.user.username,
        isMyListing: true,
        messages: [
          expect.objectContaining({ sentByMe: false, body: 'Is it still available?' }),
          expect.objectContaining({ sentByMe: true, body: 'Yes, come on Saturday.' }),
        ],
      }),
    ]);
    expect(data.reviewsReceived).toEqual([
      expect.objectContaining({ buyer: buyer.user.username, rating: 5, text: 'Honest seller' }),
    ]);
    expect(data.favourites).toEqual([expect.objectContaining({ productId: listing.id })]);
    expect(data.newsletter).toEqual([expect.objectContaining({ email: seller.user.email })]);
    expect(data.notifications.length).toBeGreaterThan(0);

    // Never the other person's private data, nor the user's own credentials.
    const text = response.body;
    expect(text).not.toContain(buyer.user.email);
    expect(text).not.toContain('5 Allen Avenue');
    expect(text).not.toContain(buyer.user.id);
    expect(text).not.toContain('scrypt$');
  });

  it('is limited to ten downloads an hour per account', async () => {
    const user = await registerUser(app());
    for (let index = 0; index < 10; index++) expect((await exportOf(user.token)).statusCode).toBe(200);
    const refused = await exportOf(user.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<Failure>().error.code).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('DELETE /api/userProfile', () => {
  it('answers 401 to a visitor', async () => {
    const response = await app().inject({
      method: 'DELETE',
      url: '/api/userProfile',
      payload: { password: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a wrong or missing password and changes nothing', async () => {
    const { seller } = await profileVerifiedSeller();
    const listing = await listingWithPicture(seller);
    const before = await storedUser(seller.user.id);

    const wrong = await deleteAccount(seller.token, 'not-my-password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json<Failure>()).toMatchObject({
      message: 'This password is not correct. Your account was not deleted.',
      error: { code: 'PASSWORD_INCORRECT' },
    });
    const missing = await deleteAccount(seller.token, '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Failure>().error.code).toBe('PASSWORD_REQUIRED');

    expect(await storedUser(seller.user.id)).toEqual(before);
    const [stored] = await app().db.select().from(products).where(eq(products.id, listing.id));
    expect(stored).toMatchObject({ status: 'approved', isAvailable: true });
    expect(
      (await app().inject({ url: '/api/userProfile/profile', headers: bearer(seller.token) })).statusCode,
    ).toBe(200);
    expect((await login(seller.user.email, seller.password)).statusCode).toBe(200);
  });

  it('erases the seller, withdraws their listings, removes their files, ends their sessions and refuses their sign-in; the e-mail and username are free again', async () => {
    const seller = await registerUser(app());
    const withPicture = await saveProfile(seller.token, completeProfile, {
      bytes: await png(),
      filename: 'me.png',
      type: 'image/png',
    });
    expect(withPicture.statusCode).toBe(200);
    await app()
      .db.update(users)
      .set({
        accountName: 'CHIAMAKA EZE',
        accountNumber: '0123456785',
        bankName: 'Guaranty Trust Bank',
        bankCode: '058',
        isVerified: true,
      })
      .where(eq(users.id, seller.user.id));
    const profilePicture = (await storedUser(seller.user.id)).profilePicture!;
    const listing = await listingWithPicture(seller);
    const mediaDir = path.join(testApp.dataDir, 'media');
    // Replies carry absolute media URLs (decision 051); the file is the path under /media/.
    const fileOf = (url: string) =>
      path.join(mediaDir, new URL(url, 'http://localhost').pathname.replace(/^\/media\//, ''));
    expect(existsSync(fileOf(profilePicture))).toBe(true);
    expect(existsSync(fileOf(listing.image))).toBe(true);
    const otherSession = (await login(seller.user.email, seller.password)).json<Success<{ token: string }>>()
      .data.token;
    const buyer = await registerUser(app());
    await app().db.insert(favourites).values({ userId: buyer.user.id, productId: listing.id });
    const conversationId = await conversation(listing.id, buyer, seller);

    const response = await deleteAccount(seller.token, seller.password);
    expect(response.statusCode).toBe(200);
    expect(response.json<Success<null>>()).toMatchObject({
      message: 'Your account has been deleted.',
      data: null,
    });

    const stored = await storedUser(seller.user.id);
    expect(stored).toMatchObject({
      fullName: 'Deleted account',
      username: `deleted-${seller.user.id.replaceAll('-', '').slice(0, 12)}`,
      email: `deleted-${seller.user.id}@deleted.invalid`,
      phoneNumber: null,
      street: null,
      city: null,
      bio: null,
      profilePicture: null,
      accountNumber: null,
      bankCode: null,
      isVerified: false,
    });
    // The listing is gone from the public, with its pictures and other people's saves of it.
    const [product] = await app().db.select().from(products).where(eq(products.id, listing.id));
    expect(product).toMatchObject({ isAvailable: false, status: 'rejected' });
    expect((await app().inject({ url: `/api/products/${listing.id}` })).statusCode).toBe(404);
    expect(await app().db.select().from(favourites).where(eq(favourites.productId, listing.id))).toEqual([]);
    expect(existsSync(fileOf(profilePicture))).toBe(false);
    expect(existsSync(fileOf(listing.image))).toBe(false);
    expect(
      await app().db.select().from(notifications).where(eq(notifications.userId, seller.user.id)),
    ).toEqual([]);

    // Every session ended; signing in fails as for an unknown account.
    for (const token of [seller.token, otherSession]) {
      expect(
        (await app().inject({ url: '/api/userProfile/profile', headers: bearer(token) })).statusCode,
      ).toBe(401);
    }
    const signIn = await login(seller.user.email, seller.password);
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json<Failure>().error.code).toBe('INVALID_CREDENTIALS');

    // The buyer keeps the conversation; its messages show their sender as the deleted account.
    const thread = await app().inject({
      url: `/api/conversations/${conversationId}/messages`,
      headers: bearer(buyer.token),
    });
    expect(thread.statusCode).toBe(200);
    expect(thread.body).toContain('Yes, come on Saturday.');
    expect(thread.body).toContain(stored.username);
    expect(thread.body).not.toContain(seller.user.username);

    // The e-mail address and the username can be registered again, as a new account.
    const again = await registerUser(app(), { email: seller.user.email, username: seller.user.username });
    expect(again.user.id).not.toBe(seller.user.id);
  });

  it("leaves the account's old username in nobody's notifications, the other party's or the admins'", async () => {
    const { seller } = await profileVerifiedSeller();
    const listing = await listingWithPicture(seller);
    const buyer = await registerUser(app());
    // The seller's answer notifies the buyer with the seller's username; the listing notified the admins.
    await conversation(listing.id, buyer, seller);
    await order(buyer, seller);

    expect((await deleteAccount(seller.token, seller.password)).statusCode).toBe(200);

    const mine = await app().inject({ url: '/api/notify/notifications', headers: bearer(buyer.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(deletedUsername(seller.user.id));
    expect(mine.body).not.toContain(seller.user.username);
    const admin = await loginAsAdmin(app());
    const admins = await app().inject({
      url: '/api/notifyAdmin/notifications',
      headers: bearer(admin.token),
    });
    expect(admins.statusCode).toBe(200);
    expect(admins.body).not.toContain(seller.user.username);
  });

  it('refuses a message to a deleted account: nobody reads it and no digest is mailed for it', async () => {
    const { seller } = await profileVerifiedSeller();
    const listing = await listingWithPicture(seller);
    const buyer = await registerUser(app());
    const conversationId = await conversation(listing.id, buyer, seller);
    expect((await deleteAccount(seller.token, seller.password)).statusCode).toBe(200);

    const sent = await app().inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      headers: bearer(buyer.token),
      payload: { text: 'Are you still there?' },
    });
    expect(sent.statusCode).toBe(410);
    expect(sent.json<Failure>()).toMatchObject({
      message: 'This account has been deleted, so it cannot receive messages.',
      error: { code: 'MESSAGE_ACCOUNT_DELETED' },
    });
    const stored = await app().db.select().from(messages).where(eq(messages.conversationId, conversationId));
    expect(stored).toHaveLength(2);
  });

  it("keeps a buyer's orders, payments and reviews for the records, without their name or e-mail", async () => {
    const seller = await verifiedSeller(app());
    const buyer = await registerUser(app());
    const bought = await order(buyer, seller);
    await app()
      .db.update(transactions)
      .set({ customerEmail: buyer.user.email })
      .where(eq(transactions.orderId, bought.id));
    await app().db.insert(reviews).values({
      orderId: bought.id,
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      rating: 4,
      text: 'Good',
    });

    expect((await deleteAccount(buyer.token, buyer.password)).statusCode).toBe(200);

    const [payment] = await app().db.select().from(transactions).where(eq(transactions.orderId, bought.id));
    expect(payment).toMatchObject({
      userId: buyer.user.id,
      amount: 800_000,
      status: 'success',
      customerEmail: `deleted-${buyer.user.id}@deleted.invalid`,
    });
    const [kept] = await app().db.select().from(orders).where(eq(orders.id, bought.id));
    expect(kept).toMatchObject({ buyerId: buyer.user.id, status: 'paid', productAmount: 800_000 });
    const [review] = await app().db.select().from(reviews).where(eq(reviews.orderId, bought.id));
    expect(review).toMatchObject({ rating: 4, text: 'Good' });
    // The seller's list of sales still has the order, naming the buyer as the deleted account.
    const sales = await app().inject({ url: `/api/userProfile/export`, headers: bearer(seller.token) });
    expect(sales.json<Success<AccountExport>>().data.ordersAsSeller).toEqual([
      expect.objectContaining({
        id: bought.id,
        buyer: `deleted-${buyer.user.id.replaceAll('-', '').slice(0, 12)}`,
      }),
    ]);
    expect(sales.body).not.toContain(buyer.user.email);
  });

  it('refuses with 409 while an order is paid but not yet delivered or collected, for the buyer and the seller, and changes nothing', async () => {
    const seller = await verifiedSeller(app());
    const listing = await listingWithPicture(seller);
    const buyer = await registerUser(app());
    const open = await order(buyer, seller, { delivered: false });

    for (const person of [buyer, seller]) {
      const response = await deleteAccount(person.token, person.password);
      expect(response.statusCode).toBe(409);
      expect(response.json<Failure>()).toMatchObject({
        message:
          'You have an order that is paid but not yet delivered or collected. Your account can be deleted once it is completed.',
        error: { code: 'ACCOUNT_HAS_OPEN_ORDERS' },
      });
      expect((await storedUser(person.user.id)).email).toBe(person.user.email);
    }
    const [product] = await app().db.select().from(products).where(eq(products.id, listing.id));
    expect(product).toMatchObject({ status: 'approved', isAvailable: true });

    await app().db.update(orders).set({ deliveredAt: new Date() }).where(eq(orders.id, open.id));
    expect((await deleteAccount(seller.token, seller.password)).statusCode).toBe(200);
  });
});

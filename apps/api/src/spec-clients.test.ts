import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from './db/schema';
import { createSandboxCourier } from './providers/courier/sandbox';
import {
  bearer,
  buildTestApp,
  loginAsAdmin,
  multipart,
  registerUser,
  verifiedSeller,
  type TestApp,
} from '../test/helper';
import { paidCourierOrder, payInSandbox } from '../test/checkout';
import { rateRequest } from '../test/couriers';
import { jpegWithExif, mp4Bytes, png } from '../test/fixtures';

// The API as a client written against spec §3 and §7 calls it: exact paths, headers and bodies, and
// the reply shapes it reads (docs/decisions/013).

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

async function upload(token: string, bytes: Buffer, filename: string): Promise<string> {
  const body = multipart([{ name: 'file', value: bytes, filename }]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/media',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ data: { url: string } }>().data.url;
}

// A seller with an approved Electronics listing (two pictures, the second primary, and a video).
async function listedProduct() {
  const seller = await verifiedSeller(testApp.app);
  const first = await upload(seller.token, await jpegWithExif(640, 480), 'front.jpg');
  const second = await upload(seller.token, await png(), 'back.png');
  const video = await upload(seller.token, mp4Bytes(), 'proof.mp4');
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { ...bearer(seller.token), 'content-type': 'application/json' },
    payload: JSON.stringify({
      title: 'Tecno Spark 10, 128GB',
      description: 'Screen without scratches, battery holds a day.',
      specification: '128GB, 8GB RAM',
      category: 'Electronics',
      condition: 'Fairly Used',
      price: 45000,
      priceCategory: '25000-50000',
      location: '',
      primaryImageIndex: 1,
      images: `${first},${second}`,
      video,
      uploader: seller.user.id,
    }),
  });
  expect(created.statusCode).toBe(201);
  const product = created.json<{ data: { id: string } }>().data;
  await testApp.app.db.update(products).set({ status: 'approved' }).where(eq(products.id, product.id));
  return { seller, product, first, second, video, created: created.json() };
}

// Absolute: {PUBLIC_URL}/media/... (PUBLIC_URL is http://oja.test in the test suite; decision 051).
const isUrl = (value: unknown) =>
  typeof value === 'string' && /^http:\/\/oja\.test\/media\/[a-z0-9/_-]+\.[a-z0-9]+$/.test(value);

describe('spec §3 reply shapes of a product', () => {
  it('answers POST /products with 201 and the created product, its pictures and video as URL strings', async () => {
    const { created, first, second, video, seller } = await listedProduct();
    expect(created.message).toBe('Product Successfully Uploaded and is pending approval.');
    expect(created.data).toMatchObject({
      primaryImage: second,
      images: [first, second],
      video,
      videoUrl: video,
      user: { id: seller.user.id, username: seller.user.username },
      uploader: { id: seller.user.id, username: seller.user.username },
      status: 'pending',
    });
  });

  it('gives list items the primary picture and every picture as URLs, the seller as user.username, and the description', async () => {
    const { product, seller, first, second } = await listedProduct();
    const list = (await testApp.app.inject({ url: '/api/products/?category=Electronics' })).json();
    const item = list.data.find((entry: { id: string }) => entry.id === product.id);
    expect(item).toMatchObject({
      primaryImage: second,
      images: [first, second],
      primaryImageIndex: 1,
      description: 'Screen without scratches, battery holds a day.',
      uploader: seller.user.id,
      user: { id: seller.user.id, username: seller.user.username },
    });
    // A client that puts primaryImage into <img src> gets the picture.
    const picture = await testApp.app.inject({ url: item.primaryImage });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    // The sizes for a srcset live beside, in `media`, keyed by the same URL.
    expect(item.media).toHaveLength(1);
    expect(item.media[0].url).toBe(second);
    expect(item.media[0].variants.length).toBeGreaterThan(0);
    for (const variant of item.media[0].variants)
      expect((await testApp.app.inject({ url: variant.url })).statusCode).toBe(200);
  });

  it('gives GET /products/{id} every picture as a URL, their sizes in media, and the uploader object of spec §3', async () => {
    const { product, seller, first, second, video } = await listedProduct();
    const { data } = (await testApp.app.inject({ url: `/api/products/${product.id}` })).json();
    expect(data.images).toEqual([first, second]);
    expect(data.images.every(isUrl)).toBe(true);
    expect(data.primaryImage).toBe(second);
    expect(data.media.map((entry: { url: string }) => entry.url)).toEqual([first, second]);
    expect(data.video).toBe(video);
    expect(data.user.username).toBe(seller.user.username);
    // Visitors get the uploader object without the seller's contact details (decision 009-hardening).
    // Our web app's trust signals (decision 022) come beside the spec's fields.
    expect(data.uploader).toEqual({
      id: seller.user.id,
      username: seller.user.username,
      profilePicture: null,
      email: null,
      phoneNumber: null,
      isVerified: true,
      memberSince: expect.any(String),
      // The seller's rating from buyers' reviews (decision 026).
      rating: { average: null, count: 0 },
    });
  });

  it('uses the same shapes in my products and the admin lists', async () => {
    const { product, seller, second } = await listedProduct();
    const mine = (await testApp.app.inject({ url: '/api/myProducts', headers: bearer(seller.token) })).json();
    expect(mine.data[0]).toMatchObject({
      id: product.id,
      primaryImage: second,
      user: { username: seller.user.username },
    });
    const admin = await loginAsAdmin(testApp.app);
    const all = (await testApp.app.inject({ url: '/api/adminProduct', headers: bearer(admin.token) })).json();
    expect(all.data.find((entry: { id: string }) => entry.id === product.id)).toMatchObject({
      primaryImage: second,
      user: { username: seller.user.username },
    });
    const one = (
      await testApp.app.inject({ url: `/api/adminProduct/${product.id}`, headers: bearer(admin.token) })
    ).json();
    expect(one.data.images.every(isUrl)).toBe(true);
  });

  it('answers POST /products/donate with 201 and the created donation', async () => {
    const seller = await verifiedSeller(testApp.app);
    const picture = await upload(seller.token, await png(), 'shirt.png');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/products/donate',
      headers: bearer(seller.token),
      payload: {
        title: 'School shirts',
        description: 'Three white shirts.',
        specification: 'Age 10',
        category: 'Clothes',
        condition: 'Fairly Used',
        primaryImageIndex: 0,
        images: picture,
        video: '',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      tag: 'Donate',
      price: null,
      primaryImage: picture,
      images: [picture],
      video: null,
    });
  });
});

describe('spec §3: the user carries their products', () => {
  it('lists the own listings of every status in GET /userProfile/profile and in the login reply', async () => {
    const { product, seller, first, second } = await listedProduct();
    const pending = await testApp.app.db
      .insert(products)
      .values({
        ownerId: seller.user.id,
        title: 'Still waiting',
        description: 'd',
        specification: 's',
        category: 'Clothes',
        condition: 'New',
        tag: 'Donate',
        location: 'Lekki, Lagos',
        primaryImageIndex: 0,
      })
      .returning({ id: products.id });
    // Each item whole for a "My products" screen (decision 051): description, category, every picture.
    const expected = [
      {
        id: pending[0]?.id,
        title: 'Still waiting',
        description: 'd',
        category: 'Clothes',
        primaryImage: null,
        images: [],
        price: null,
        status: 'pending',
        tag: 'Donate',
      },
      {
        id: product.id,
        title: 'Tecno Spark 10, 128GB',
        description: 'Screen without scratches, battery holds a day.',
        category: 'Electronics',
        primaryImage: second,
        images: [first, second],
        price: 45000,
        status: 'approved',
        tag: 'For sale',
      },
    ];

    const profile = (
      await testApp.app.inject({ url: '/api/userProfile/profile', headers: bearer(seller.token) })
    ).json();
    expect(profile.data.products).toEqual(expected);

    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: seller.user.email, password: seller.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.products).toEqual(expected);
  });

  it('gives a new user an empty list of products', async () => {
    const seller = await verifiedSeller(testApp.app);
    const profile = (
      await testApp.app.inject({ url: '/api/userProfile/profile', headers: bearer(seller.token) })
    ).json();
    expect(profile.data.products).toEqual([]);
  });
});

describe('bodies the way clients send them', () => {
  it('accepts a PATCH with Content-Type application/json and no body as an empty body', async () => {
    const seller = await verifiedSeller(testApp.app);
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/notify/notifications/mark-read',
      headers: { ...bearer(seller.token), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().ok).toBe(true);
  });

  it('accepts a DELETE with Content-Type application/json and no body as an empty body', async () => {
    const { product, seller } = await listedProduct();
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/myProducts/delete/${product.id}`,
      headers: {
        ...bearer(seller.token),
        'content-type': 'application/json; charset=utf-8',
        'content-length': '0',
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await testApp.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);
  });

  it('still refuses a malformed non-empty JSON body with 400 MALFORMED_BODY', async () => {
    const seller = await verifiedSeller(testApp.app);
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/notify/notifications/mark-read',
      headers: { ...bearer(seller.token), 'content-type': 'application/json' },
      payload: '{"read": tru',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('MALFORMED_BODY');
  });

  it('still refuses an empty body where one is required, with the field messages', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().ok).toBe(false);
  });
});

describe('CORS for web clients of other origins', () => {
  let corsApp: TestApp;
  beforeAll(async () => {
    corsApp = await buildTestApp({
      env: { CORS_ORIGINS: 'https://shop.example.com, http://localhost:8081' },
    });
  });
  afterAll(async () => {
    await corsApp.close();
  });

  it('answers the preflight of a listed origin with 204, the origin, the methods and the Authorization and Content-Type headers', async () => {
    const response = await corsApp.app.inject({
      method: 'OPTIONS',
      url: '/api/myProducts/delete/3b1d7c2e-0a4f-4e8b-9c6d-1f2e3a4b5c01',
      headers: {
        origin: 'https://shop.example.com',
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    const methods = String(response.headers['access-control-allow-methods']);
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(methods).toContain(method);
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toMatch(
      /authorization.*content-type|content-type.*authorization/,
    );
  });

  it('lets a listed origin read replies, failures included', async () => {
    const list = await corsApp.app.inject({
      url: '/api/products',
      headers: { origin: 'http://localhost:8081' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe('http://localhost:8081');
    const refused = await corsApp.app.inject({
      url: '/api/userProfile/profile',
      headers: { origin: 'http://localhost:8081' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('http://localhost:8081');
  });

  it('gives an unlisted origin no CORS headers, on the preflight or the call', async () => {
    const preflight = await corsApp.app.inject({
      method: 'OPTIONS',
      url: '/api/products',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    const call = await corsApp.app.inject({
      url: '/api/products',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows no other origin by default', async () => {
    const response = await testApp.app.inject({
      method: 'OPTIONS',
      url: '/api/products',
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'GET' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

// The second pass (issue 28, decision 051): the calls a spec client still could not make or read.

// A spec client's Buy: the body of spec §7, with seller_id as GET /products/{id} gave the uploader (an
// object) and product_amount in naira.
async function boughtAsSpecClient(outcome: 'pay' | 'decline' = 'pay') {
  const listed = await listedProduct();
  const buyer = await registerUser(testApp.app);
  const { data: product } = (
    await testApp.app.inject({ url: `/api/products/${listed.product.id}`, headers: bearer(buyer.token) })
  ).json();
  const started = await testApp.app.inject({
    method: 'POST',
    url: '/api/payment/initialize-transaction',
    headers: { ...bearer(buyer.token), 'content-type': 'application/json' },
    payload: JSON.stringify({
      email: buyer.user.email,
      amount: product.price * 100,
      subaccount: 'ACCT_from_the_client',
      transaction_charge: product.price * 10,
      product_id: product.id,
      quantity: 1,
      product_amount: product.price,
      seller_id: product.uploader,
      user_id: buyer.user.id,
    }),
  });
  const reference: string | undefined = started.json().data?.reference;
  if (reference) await payInSandbox(testApp.app, reference, outcome);
  return { ...listed, buyer, started, reference: reference ?? '' };
}

describe('spec §7: POST /payment/initialize-transaction as a spec client sends it', () => {
  it('accepts seller_id as the uploader object and product_amount in naira, and answers data.data.authorization_url', async () => {
    const { started } = await boughtAsSpecClient();
    expect(started.statusCode).toBe(201);
    expect(started.json().data.data.authorization_url).toMatch(
      /^http:\/\/oja\.test\/api\/payment\/sandbox\//,
    );
  });

  it('never refuses a call for the shape of a field the server ignores', async () => {
    const { product } = await listedProduct();
    const buyer = await registerUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/payment/initialize-transaction',
      headers: bearer(buyer.token),
      payload: {
        product_id: product.id,
        quantity: 1,
        seller_id: [product.id],
        user_id: { id: buyer.user.id },
        email: { address: 'x' },
        product_amount: '45,000',
      },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('spec §2 admin users screen: GET /admin/users', () => {
  it("gives referredBy as the upline's username and referrals as a list with username", async () => {
    const upline = await registerUser(testApp.app);
    const referred = await registerUser(testApp.app, { referredBy: upline.user.refID });
    const admin = await loginAsAdmin(testApp.app);
    const { data } = (
      await testApp.app.inject({ url: '/api/admin/users?pageSize=100', headers: bearer(admin.token) })
    ).json();
    const uplineRow = data.find((row: { id: string }) => row.id === upline.user.id);
    const referredRow = data.find((row: { id: string }) => row.id === referred.user.id);
    expect(referredRow.referredBy).toBe(upline.user.username);
    expect(uplineRow.referredBy).toBeNull();
    expect(uplineRow.referrals[0].username).toBe(referred.user.username);
  });
});

describe('spec §2 admin dashboard: GET /adminProduct', () => {
  it('gives each item its proof video and the uploader object of spec §3', async () => {
    const { product, seller, video } = await listedProduct();
    const admin = await loginAsAdmin(testApp.app);
    const { data } = (
      await testApp.app.inject({ url: '/api/adminProduct?pageSize=100', headers: bearer(admin.token) })
    ).json();
    const item = data.find((entry: { id: string }) => entry.id === product.id);
    expect(item.video).toBe(video);
    expect(item.videoUrl).toBe(video);
    expect(isUrl(item.video)).toBe(true);
    expect(item.uploader).toEqual({
      id: seller.user.id,
      username: seller.user.username,
      profilePicture: null,
      email: seller.user.email,
      phoneNumber: '08031234567',
    });
  });
});

describe('spec §2 profile orders tab: GET /orders/user/{userId}', () => {
  it("gives each order the product's id, title, primaryImage and price, productAmount in naira and transactionCharge in kobo", async () => {
    const { buyer, product, second } = await boughtAsSpecClient();
    const { data } = (
      await testApp.app.inject({ url: `/api/orders/user/${buyer.user.id}`, headers: bearer(buyer.token) })
    ).json();
    expect(data[0].product.id).toBe(product.id);
    expect(data[0].product.title).toBe('Tecno Spark 10, 128GB');
    expect(data[0].product.primaryImage).toBe(second);
    expect(data[0].product.price).toBe(45000);
    expect(data[0].productAmount).toBe(45000);
    expect(data[0].transactionCharge).toBe(450_000);
  });
});

describe('spec §7: GET /transaction/verify/{reference}, no login', () => {
  it("gives transactionId, paymentMethod and the payer's e-mail masked, and says the payment succeeded", async () => {
    const { reference, buyer } = await boughtAsSpecClient();
    const response = await testApp.app.inject({ url: `/api/transaction/verify/${reference}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Payment successful.');
    expect(body.data.status).toBe('success');
    expect(body.data.transactionId).toEqual(expect.any(String));
    expect(body.data.paymentMethod).toEqual(expect.any(String));
    expect(body.data.customerEmail).toBe(`${buyer.user.email[0]}***@${buyer.user.email.split('@')[1]}`);
    expect(response.body).not.toContain(buyer.user.email);
  });

  it('gives the buyer, the seller and an admin the e-mail unmasked', async () => {
    const { reference, buyer, seller } = await boughtAsSpecClient();
    const admin = await loginAsAdmin(testApp.app);
    for (const token of [buyer.token, seller.token, admin.token]) {
      const response = await testApp.app.inject({
        url: `/api/transaction/verify/${reference}`,
        headers: bearer(token),
      });
      expect(response.json().data.customerEmail).toBe(buyer.user.email);
    }
    const stranger = await registerUser(testApp.app);
    const masked = await testApp.app.inject({
      url: `/api/transaction/verify/${reference}`,
      headers: bearer(stranger.token),
    });
    expect(masked.json().data.customerEmail).not.toBe(buyer.user.email);
  });

  it('says a declined payment failed, not "Transaction verified."', async () => {
    const { reference } = await boughtAsSpecClient('decline');
    const body = (await testApp.app.inject({ url: `/api/transaction/verify/${reference}` })).json();
    expect(body.data.status).toBe('failed');
    expect(body.message).toBe('Your payment was not successful.');
  });
});

describe('spec §2 /goshiip rate tester: POST /rates', () => {
  it('takes the courier by the display name GET /couriers lists, and answers data.rates in spec §3 shape', async () => {
    const couriers = (await testApp.app.inject({ url: '/api/couriers?type=interstate' })).json().data;
    const gig = couriers.find((courier: { name: string }) => courier.name === 'GIG Logistics');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/rates',
      payload: rateRequest({ carrierName: gig.name }),
    });
    expect(response.statusCode).toBe(200);
    const { rates } = response.json().data;
    expect(rates.courier.name).toBe('GIG Logistics');
    expect(rates.amount).toEqual(expect.any(Number));
    expect(rates.currency).toBe('NGN');
    expect(rates.estimated_days).toEqual(expect.any(String));
    expect(rates.pickup).toEqual(expect.any(String));
  });

  it('takes the courier by its key too', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/rates',
      payload: rateRequest({ carrierName: 'gig' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.rates.courier.name).toBe('GIG Logistics');
  });
});

describe('spec §7 tracking: GET /track-shipment/{shipmentReference}', () => {
  // The courier sandbox on a clock the test moves: one step every 60 seconds.
  let clock = Date.parse('2026-11-20T09:00:00Z');
  let trackingApp: TestApp;
  beforeAll(async () => {
    trackingApp = await buildTestApp({
      providers: { courier: createSandboxCourier({ stepSeconds: 60, now: () => clock }) },
    });
  });
  afterAll(async () => {
    await trackingApp.close();
  });

  it("answers data.data.current_status in the spec's words: pending, shipped, delivered", async () => {
    const bought = await paidCourierOrder(trackingApp.app);
    await trackingApp.app.jobQueue.runDue();
    const [order] = await trackingApp.app.db.select().from(orders).where(eq(orders.id, bought.orderId));
    const track = async () =>
      (
        await trackingApp.app.inject({
          url: `/api/track-shipment/${order?.shipmentReference}`,
          headers: bearer(bought.buyer.token),
        })
      ).json().data;
    expect((await track()).data.current_status).toBe('pending');
    clock += 60_000;
    const pickedUp = await track();
    expect(pickedUp.data.current_status).toBe('shipped');
    expect(pickedUp.data.courier_status).toBe('Picked up');
    clock += 60_000;
    expect((await track()).data.current_status).toBe('shipped');
    clock += 60_000;
    expect((await track()).data.current_status).toBe('delivered');
  });
});

describe('absolute media URLs for clients on another host', () => {
  it('answers every picture and video URL as {PUBLIC_URL}/media/..., which a client loads', async () => {
    // first, second and video are what POST /api/media answered.
    const { product, seller, created, first, second, video } = await listedProduct();
    const { data } = (await testApp.app.inject({ url: `/api/products/${product.id}` })).json();
    // Its owner's read is built for them, outside the public replies' cache (the reply hook makes its URLs
    // absolute); the list's card comes from that cache, made absolute as it was kept.
    const asOwner = (
      await testApp.app.inject({ url: `/api/products/${product.id}`, headers: bearer(seller.token) })
    ).json().data;
    const card = (await testApp.app.inject({ url: '/api/products' }))
      .json()
      .data.find((entry: { id: string }) => entry.id === product.id);
    const urls = [
      asOwner.primaryImage,
      ...asOwner.images,
      card.primaryImage,
      first,
      second,
      video,
      created.data.primaryImage,
      ...created.data.images,
      data.primaryImage,
      ...data.images,
      data.video,
      data.videoUrl,
      ...data.media.flatMap((entry: { url: string; variants: { url: string }[] }) => [
        entry.url,
        ...entry.variants.map((variant) => variant.url),
      ]),
    ];
    for (const url of urls) {
      expect(url).toMatch(/^http:\/\/oja\.test\/media\//);
      expect((await testApp.app.inject({ url })).statusCode).toBe(200);
    }
  });

  it('takes the absolute URLs back in an edit, by the owner and by an admin', async () => {
    const { product, seller, first, second } = await listedProduct();
    const absolute = (url: string) => (url.startsWith('/') ? `http://oja.test${url}` : url);
    const own = await testApp.app.inject({
      method: 'PUT',
      url: `/api/myProducts/${product.id}`,
      headers: bearer(seller.token),
      payload: { images: `${absolute(second)},${absolute(first)}`, primaryImageIndex: 0 },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.images).toEqual([absolute(second), absolute(first)]);
    const admin = await loginAsAdmin(testApp.app);
    const byAdmin = await testApp.app.inject({
      method: 'PUT',
      url: `/api/adminProduct/${product.id}`,
      headers: bearer(admin.token),
      payload: { images: [absolute(first), absolute(second)], primaryImageIndex: 1 },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.images).toEqual([absolute(first), absolute(second)]);
  });
});

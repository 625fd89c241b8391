import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from './db/schema';
import { bearer, buildTestApp, loginAsAdmin, multipart, verifiedSeller, type TestApp } from '../test/helper';
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
  const response = await testApp.app.inject({ method: 'POST', url: '/api/media', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
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

const isUrl = (value: unknown) => typeof value === 'string' && /^\/media\/[a-z0-9/_-]+\.[a-z0-9]+$/.test(value);

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
    for (const variant of item.media[0].variants) expect((await testApp.app.inject({ url: variant.url })).statusCode).toBe(200);
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
    expect(mine.data[0]).toMatchObject({ id: product.id, primaryImage: second, user: { username: seller.user.username } });
    const admin = await loginAsAdmin(testApp.app);
    const all = (await testApp.app.inject({ url: '/api/adminProduct', headers: bearer(admin.token) })).json();
    expect(all.data.find((entry: { id: string }) => entry.id === product.id)).toMatchObject({ primaryImage: second, user: { username: seller.user.username } });
    const one = (await testApp.app.inject({ url: `/api/adminProduct/${product.id}`, headers: bearer(admin.token) })).json();
    expect(one.data.images.every(isUrl)).toBe(true);
  });

  it('answers POST /products/donate with 201 and the created donation', async () => {
    const seller = await verifiedSeller(testApp.app);
    const picture = await upload(seller.token, await png(), 'shirt.png');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/products/donate',
      headers: bearer(seller.token),
      payload: { title: 'School shirts', description: 'Three white shirts.', specification: 'Age 10', category: 'Clothes', condition: 'Fairly Used', primaryImageIndex: 0, images: picture, video: '' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ tag: 'Donate', price: null, primaryImage: picture, images: [picture], video: null });
  });
});

describe('spec §3: the user carries their products', () => {
  it('lists the own listings of every status in GET /userProfile/profile and in the login reply', async () => {
    const { product, seller, second } = await listedProduct();
    const pending = await testApp.app.db.insert(products).values({
      ownerId: seller.user.id,
      title: 'Still waiting',
      description: 'd',
      specification: 's',
      category: 'Clothes',
      condition: 'New',
      tag: 'Donate',
      location: 'Lekki, Lagos',
      primaryImageIndex: 0,
    }).returning({ id: products.id });
    const expected = [
      { id: pending[0]?.id, title: 'Still waiting', primaryImage: null, price: null, status: 'pending', tag: 'Donate' },
      { id: product.id, title: 'Tecno Spark 10, 128GB', primaryImage: second, price: 45000, status: 'approved', tag: 'For sale' },
    ];

    const profile = (await testApp.app.inject({ url: '/api/userProfile/profile', headers: bearer(seller.token) })).json();
    expect(profile.data.products).toEqual(expected);

    const login = await testApp.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: seller.user.email, password: seller.password } });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.products).toEqual(expected);
  });

  it('gives a new user an empty list of products', async () => {
    const seller = await verifiedSeller(testApp.app);
    const profile = (await testApp.app.inject({ url: '/api/userProfile/profile', headers: bearer(seller.token) })).json();
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
      headers: { ...bearer(seller.token), 'content-type': 'application/json; charset=utf-8', 'content-length': '0' },
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
    const response = await testApp.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().ok).toBe(false);
  });
});

describe('CORS for web clients of other origins', () => {
  let corsApp: TestApp;
  beforeAll(async () => {
    corsApp = await buildTestApp({ env: { CORS_ORIGINS: 'https://shop.example.com, http://localhost:8081' } });
  });
  afterAll(async () => {
    await corsApp.close();
  });

  it('answers the preflight of a listed origin with 204, the origin, the methods and the Authorization and Content-Type headers', async () => {
    const response = await corsApp.app.inject({
      method: 'OPTIONS',
      url: '/api/myProducts/delete/3b1d7c2e-0a4f-4e8b-9c6d-1f2e3a4b5c01',
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    const methods = String(response.headers['access-control-allow-methods']);
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(methods).toContain(method);
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toMatch(/authorization.*content-type|content-type.*authorization/);
  });

  it('lets a listed origin read replies, failures included', async () => {
    const list = await corsApp.app.inject({ url: '/api/products', headers: { origin: 'http://localhost:8081' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe('http://localhost:8081');
    const refused = await corsApp.app.inject({ url: '/api/userProfile/profile', headers: { origin: 'http://localhost:8081' } });
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
    const call = await corsApp.app.inject({ url: '/api/products', headers: { origin: 'https://evil.example.com' } });
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

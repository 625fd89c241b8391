import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products, users } from '../../db/schema';
import { paidOrderRow } from '../../../test/checkout';
import { bearer, loginAsAdmin, registerUser, verifiedSeller } from '../../../test/helper';
import { mp4Bytes, png } from '../../../test/fixtures';
import { approve, post, saleInput, testApp, uploadMedia } from '../../../test/products';

describe('POST /api/products (sell)', () => {
  it('creates a pending listing for the logged-in seller, whatever the body says about uploader and location', async () => {
    const seller = await verifiedSeller(testApp.app);
    const response = await post('/api/products', await saleInput(seller.token), seller.token);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Product Successfully Uploaded and is pending approval.');
    expect(body.data).toMatchObject({
      status: 'pending',
      tag: 'For sale',
      price: 8000,
      location: 'Lekki, Lagos',
      primaryImageIndex: 1,
      uploader: { id: seller.user.id, username: seller.user.username },
    });
    expect(body.data.images).toHaveLength(2);
    expect(body.data.primaryImage).toBe(body.data.images[1]);
  });

  it('is hidden from the public until approved, while the owner sees it', async () => {
    const seller = await verifiedSeller(testApp.app);
    const { data } = (
      await post(
        '/api/products',
        await saleInput(seller.token, { title: 'Hidden until approved' }),
        seller.token,
      )
    ).json();
    expect((await testApp.app.inject({ url: `/api/products/${data.id}` })).statusCode).toBe(404);
    const other = await registerUser(testApp.app);
    expect(
      (await testApp.app.inject({ url: `/api/products/${data.id}`, headers: bearer(other.token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await testApp.app.inject({ url: `/api/products/${data.id}`, headers: bearer(seller.token) }))
        .statusCode,
    ).toBe(200);
    const list = (await testApp.app.inject({ url: '/api/products?q=hidden' })).json();
    expect(list.data).toEqual([]);
    await approve(data.id);
    expect((await testApp.app.inject({ url: `/api/products/${data.id}` })).statusCode).toBe(200);
  });

  it.each([
    [{ title: '' }, 'TITLE_REQUIRED'],
    [{ description: '  ' }, 'DESCRIPTION_REQUIRED'],
    [{ specification: undefined }, 'SPECIFICATION_REQUIRED'],
    [{ category: 'Cars' }, 'CATEGORY_REQUIRED'],
    [{ condition: 'Broken' }, 'CONDITION_REQUIRED'],
    [{ price: undefined }, 'PRICE_REQUIRED'],
    [{ price: 'abc' }, 'PRICE_REQUIRED'],
    [{ price: 499 }, 'PRICE_OUT_OF_RANGE'],
    [{ price: 50001, priceCategory: '25000-50000' }, 'PRICE_OUT_OF_RANGE'],
    [{ price: 1000.5 }, 'PRICE_WHOLE_NAIRA'],
    [{ price: 20000, priceCategory: '500-15000' }, 'PRICE_NOT_IN_RANGE'],
    [{ priceCategory: '1-2' }, 'PRICE_CATEGORY_REQUIRED'],
    [{ images: '' }, 'IMAGE_REQUIRED'],
    [{ primaryImageIndex: 5 }, 'PRIMARY_IMAGE_REQUIRED'],
    [{ category: 'Electronics' }, 'VIDEO_REQUIRED'],
  ])('refuses %j with %s and stores nothing', async (overrides, code) => {
    const seller = await verifiedSeller(testApp.app);
    const response = await post('/api/products', await saleInput(seller.token, overrides), seller.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(code);
    const own = (await testApp.app.inject({ url: '/api/myProducts', headers: bearer(seller.token) })).json();
    expect(own.data).toEqual([]);
  });

  it("uses the spec's messages for the image and video rules", async () => {
    const seller = await verifiedSeller(testApp.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ images: '' }, 'Please add the product image'],
      [
        { images: Array.from({ length: 11 }, (_, index) => `/media/images/x${index}.webp`).join(',') },
        'You can upload a maximum of 10 images',
      ],
      [{ primaryImageIndex: 9 }, 'Please select a primary image for display'],
      [{ category: 'Accessories' }, 'A video is required for the selected category'],
    ];
    for (const [overrides, message] of cases) {
      const response = await post('/api/products', await saleInput(seller.token, overrides), seller.token);
      expect(response.json().message).toBe(message);
    }
  });

  it('accepts Electronics with the seller’s own video', async () => {
    const seller = await verifiedSeller(testApp.app);
    const video = await uploadMedia(seller.token, mp4Bytes(), 'phone.mp4');
    const response = await post(
      '/api/products',
      await saleInput(seller.token, { category: 'Electronics', video }),
      seller.token,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data.videoUrl).toBe(video);
  });

  it('accepts the absolute {PUBLIC_URL}/media/... form of the seller’s own uploads, and refuses another seller’s', async () => {
    const seller = await verifiedSeller(testApp.app);
    const other = await verifiedSeller(testApp.app);
    const picture = await uploadMedia(seller.token, await png(), 'mine.png');
    const video = await uploadMedia(seller.token, mp4Bytes(), 'mine.mp4');
    // PUBLIC_URL is http://oja.test in the test suite; uploads answer in that form already (decision 051).
    const absolute = (url: string) => (url.startsWith('/') ? `http://oja.test${url}` : url);
    const input = await saleInput(seller.token, { category: 'Electronics', primaryImageIndex: 0 });
    const images = `${absolute(picture)},${input.images}`;
    const response = await post('/api/products', { ...input, images, video: absolute(video) }, seller.token);
    expect(response.statusCode).toBe(201);
    const product = response.json().data;
    expect(product.primaryImage).toBe(picture);
    expect(product.images).toEqual([picture, ...input.images.split(',')]);
    expect(product.videoUrl).toBe(video);

    const theirs = await uploadMedia(other.token, await png(), 'theirs.png');
    const theirVideo = await uploadMedia(other.token, mp4Bytes(), 'theirs.mp4');
    const refused = await post(
      '/api/products',
      { ...input, images: absolute(theirs), video: absolute(video) },
      seller.token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('IMAGE_NOT_YOURS');
    const refusedVideo = await post('/api/products', { ...input, video: absolute(theirVideo) }, seller.token);
    expect(refusedVideo.json().error.code).toBe('VIDEO_NOT_YOURS');
    // Another origin's /media/ path is not ours.
    const elsewhere = await post(
      '/api/products',
      { ...input, images: `https://evil.example${picture.replace('http://oja.test', '')}`, video },
      seller.token,
    );
    expect(elsewhere.json().error.code).toBe('IMAGE_NOT_YOURS');
  });

  it('refuses a foreign image URL and another seller’s picture', async () => {
    const seller = await verifiedSeller(testApp.app);
    const other = await verifiedSeller(testApp.app);
    const theirs = await uploadMedia(other.token, await png(), 'theirs.png');
    for (const images of ['https://evil.example/pic.jpg', theirs]) {
      const response = await post(
        '/api/products',
        await saleInput(seller.token, { images, primaryImageIndex: 0 }),
        seller.token,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('IMAGE_NOT_YOURS');
    }
    const theirVideo = await uploadMedia(other.token, mp4Bytes(), 'v.mp4');
    const response = await post(
      '/api/products',
      await saleInput(seller.token, { category: 'Electronics', video: theirVideo }),
      seller.token,
    );
    expect(response.json().error.code).toBe('VIDEO_NOT_YOURS');
  });

  it('refuses a seller with an incomplete profile, then one with an unverified bank, with the spec’s messages', async () => {
    const buyer = await registerUser(testApp.app);
    const incomplete = await post('/api/products', await saleInput(buyer.token), buyer.token);
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().message).toBe('Please complete your profile info before uploading a product.');

    const seller = await verifiedSeller(testApp.app);
    await testApp.app.db.update(users).set({ isVerified: false }).where(eq(users.id, seller.user.id));
    const unverified = await post('/api/products', await saleInput(seller.token), seller.token);
    expect(unverified.statusCode).toBe(422);
    expect(unverified.json().message).toBe(
      'Your bank details are not verified. Please verify your bank details in your profile page.',
    );
  });

  it('needs a login', async () => {
    expect((await post('/api/products', { title: 'x' })).statusCode).toBe(401);
    expect((await post('/api/products/donate', { title: 'x' })).statusCode).toBe(401);
  });
});

describe('POST /api/products/donate', () => {
  it('creates a pending donation with the Donate tag and no price, even if one is sent', async () => {
    const seller = await verifiedSeller(testApp.app);
    const response = await post(
      '/api/products/donate',
      await saleInput(seller.token, { price: 9000 }),
      seller.token,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      tag: 'Donate',
      price: null,
      priceCategory: null,
      status: 'pending',
    });
  });
});

describe('reading listings', () => {
  it('lists approved, available listings only, newest first, by category, in pages', async () => {
    const seller = await verifiedSeller(testApp.app);
    const ids: string[] = [];
    for (const title of ['Reading one', 'Reading two', 'Reading three']) {
      const { data } = (
        await post('/api/products', await saleInput(seller.token, { title }), seller.token)
      ).json();
      await approve(data.id);
      ids.push(data.id);
    }
    const pendingOne = (
      await post('/api/products', await saleInput(seller.token, { title: 'Reading pending' }), seller.token)
    ).json().data;
    const soldOne = (
      await post('/api/products', await saleInput(seller.token, { title: 'Reading sold' }), seller.token)
    ).json().data;
    await approve(soldOne.id);
    await testApp.app.db.update(products).set({ isAvailable: false }).where(eq(products.id, soldOne.id));

    const first = (await testApp.app.inject({ url: '/api/products/?category=Clothes&pageSize=2' })).json();
    const seen = first.data.map((card: { id: string }) => card.id);
    expect(first.meta.nextCursor).toEqual(expect.any(String));
    const second = (
      await testApp.app.inject({
        url: `/api/products?category=Clothes&pageSize=2&cursor=${first.meta.nextCursor}`,
      })
    ).json();
    seen.push(...second.data.map((card: { id: string }) => card.id));
    let cursor = second.meta.nextCursor;
    while (cursor) {
      const page = (
        await testApp.app.inject({ url: `/api/products?category=Clothes&pageSize=2&cursor=${cursor}` })
      ).json();
      seen.push(...page.data.map((card: { id: string }) => card.id));
      cursor = page.meta.nextCursor;
    }
    expect(seen.filter((id: string) => ids.includes(id))).toEqual([...ids].reverse());
    expect(seen).not.toContain(pendingOne.id);
    expect(seen).not.toContain(soldOne.id);
    expect(first.data[0]).toMatchObject({
      uploader: seller.user.id,
      user: { id: seller.user.id, username: seller.user.username },
      status: 'approved',
    });
    expect(
      (await testApp.app.inject({ url: '/api/products?category=Electronics' }))
        .json()
        .data.map((c: { id: string }) => c.id),
    ).not.toContain(ids[0]);
  });

  it('answers 400 for a bad category, page size or cursor, never 500', async () => {
    for (const url of [
      '/api/products?category=Cars',
      '/api/products?pageSize=1000',
      '/api/products?cursor=garbage',
      '/api/products?minPrice=-5',
    ]) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
    }
  });

  it('answers anonymous list queries without words to search for, or with tampered cursors, never with a 500', async () => {
    const seller = await verifiedSeller(testApp.app);
    const listed = (
      await post(
        '/api/products',
        await saleInput(seller.token, { title: 'Listed for the fallback' }),
        seller.token,
      )
    ).json().data;
    await approve(listed.id);
    // No words: relevance falls back to newest first.
    for (const url of [
      '/api/products?sort=relevance',
      '/api/products?sort=relevance&q=!!',
      `/api/products?q=${encodeURIComponent('!!')}`,
      `/api/products?q=${encodeURIComponent('😀')}&sort=relevance`,
    ]) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      expect(response.json().data[0].id, url).toBe(listed.id);
    }
    const cursor = (sort: string, values: unknown[]) =>
      Buffer.from(JSON.stringify({ sort, values })).toString('base64url');
    for (const tampered of [
      cursor('newest', ['2025-01-01T10:00:00+23:59', '00000000-0000-4000-8000-000000000000']),
      cursor('newest', ['0000-01-01T00:00:00Z', '00000000-0000-4000-8000-000000000000']),
      cursor('newest', ['2025-02-30T10:00:00Z', '00000000-0000-4000-8000-000000000000']),
      cursor('newest', [1, 2]),
      cursor('relevance', [1]),
    ]) {
      const response = await testApp.app.inject({ url: `/api/products?cursor=${tampered}` });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe('CURSOR_INVALID');
    }
  });

  it('shows a product with its seller (nothing more than id, username, picture, trust signals; no e-mail or phone to visitors or to logged-in users without a paid order) and their other approved items', async () => {
    const seller = await verifiedSeller(testApp.app);
    const main = (
      await post('/api/products', await saleInput(seller.token, { title: 'Main item' }), seller.token)
    ).json().data;
    const sibling = (
      await post('/api/products', await saleInput(seller.token, { title: 'Sibling item' }), seller.token)
    ).json().data;
    const unapproved = (
      await post(
        '/api/products',
        await saleInput(seller.token, { title: 'Unapproved sibling' }),
        seller.token,
      )
    ).json().data;
    await approve(main.id);
    await approve(sibling.id);

    const response = await testApp.app.inject({ url: `/api/products/${main.id}` });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(Object.keys(data.uploader).sort()).toEqual([
      'email',
      'id',
      'isVerified',
      'memberSince',
      'phoneNumber',
      'profilePicture',
      'rating',
      'username',
    ]);
    expect(response.body).not.toMatch(/accountNumber|0123456785|bankCode|passwordHash/);
    // Visitors do not get the seller's contact details, on the page or in any list; nor do logged-in users who
    // bought nothing from them (issue 27).
    expect(data.uploader).toMatchObject({ email: null, phoneNumber: null });
    expect(response.body).not.toContain(seller.user.email);
    expect(response.body).not.toContain('08031234567');
    const list = await testApp.app.inject({ url: '/api/products?pageSize=50' });
    expect(list.body).not.toContain(seller.user.email);
    expect(list.body).not.toContain('08031234567');
    const buyer = await registerUser(testApp.app);
    const asBuyer = (
      await testApp.app.inject({ url: `/api/products/${main.id}`, headers: bearer(buyer.token) })
    ).json().data;
    expect(asBuyer.uploader).toMatchObject({ email: null, phoneNumber: null });
    const related = data.relatedProducts.map((card: { id: string }) => card.id);
    expect(related).toContain(sibling.id);
    expect(related).not.toContain(unapproved.id);
    expect(related).not.toContain(main.id);
  });

  it('answers 404 for an unknown or malformed id, never 500', async () => {
    expect(
      (await testApp.app.inject({ url: '/api/products/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await testApp.app.inject({ url: '/api/products/not-a-uuid' })).statusCode).toBe(404);
    expect((await testApp.app.inject({ url: "/api/products/1'%20or%201=1" })).statusCode).toBe(404);
  });

  it('answers visitors who ask for several listings at the same moment each with their own (decision 093)', async () => {
    const seller = await verifiedSeller(testApp.app);
    const listing = async (title: string) =>
      (await post('/api/products', await saleInput(seller.token, { title }), seller.token)).json().data as {
        id: string;
      };
    const first = await listing('First of the batch');
    const second = await listing('Second of the batch');
    const pending = await listing('Still pending');
    await approve(first.id);
    await approve(second.id);
    const missing = '00000000-0000-4000-8000-000000000000';

    // Read in one statement; each reply is its own listing's, a pending or unknown one a 404.
    const ids = [first.id, pending.id, missing, second.id, first.id];
    const replies = await Promise.all(ids.map((id) => testApp.app.inject({ url: `/api/products/${id}` })));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 404, 404, 200, 200]);
    expect(replies.map((reply) => (reply.statusCode === 200 ? reply.json().data.title : null))).toEqual([
      'First of the batch',
      null,
      null,
      'Second of the batch',
      'First of the batch',
    ]);
    expect(replies[3]?.json().data.relatedProducts.map((card: { id: string }) => card.id)).toEqual([
      first.id,
    ]);
  });
});

describe("the seller's contact details (issue 27)", () => {
  const page = async (productId: string, token?: string) => {
    const response = await testApp.app.inject({
      url: `/api/products/${productId}`,
      headers: token ? bearer(token) : {},
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.uploader as { email: string | null; phoneNumber: string | null };
  };

  it('shows them only to a buyer with a paid order from that seller, to the seller and to admins', async () => {
    const seller = await verifiedSeller(testApp.app);
    const listing = (
      await post('/api/products', await saleInput(seller.token, { title: 'Contact test item' }), seller.token)
    ).json().data;
    await approve(listing.id);
    const contact = { email: seller.user.email, phoneNumber: '08031234567' };
    const hidden = { email: null, phoneNumber: null };

    const stranger = await registerUser(testApp.app);
    expect(await page(listing.id, stranger.token)).toEqual(expect.objectContaining(hidden));

    // A checkout that ended unpaid is no purchase.
    const cancelled = await registerUser(testApp.app);
    await paidOrderRow(
      testApp.app,
      cancelled.user.id,
      seller.user.id,
      `oja_cancel_${cancelled.user.id.slice(0, 8)}`,
    );
    await testApp.app.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(eq(orders.buyerId, cancelled.user.id));
    expect(await page(listing.id, cancelled.token)).toEqual(expect.objectContaining(hidden));

    const customer = await registerUser(testApp.app);
    await paidOrderRow(
      testApp.app,
      customer.user.id,
      seller.user.id,
      `oja_paid_${customer.user.id.slice(0, 8)}`,
    );
    expect(await page(listing.id, customer.token)).toEqual(expect.objectContaining(contact));
    // A paid order from another seller does not open this one's details.
    const otherSeller = await verifiedSeller(testApp.app);
    const otherCustomer = await registerUser(testApp.app);
    await paidOrderRow(
      testApp.app,
      otherCustomer.user.id,
      otherSeller.user.id,
      `oja_other_${otherCustomer.user.id.slice(0, 8)}`,
    );
    expect(await page(listing.id, otherCustomer.token)).toEqual(expect.objectContaining(hidden));

    expect(await page(listing.id, seller.token)).toEqual(expect.objectContaining(contact));
    const admin = await loginAsAdmin(testApp.app);
    const adminView = await testApp.app.inject({
      url: `/api/adminProduct/${listing.id}`,
      headers: bearer(admin.token),
    });
    expect(adminView.json().data.uploader).toEqual(expect.objectContaining(contact));
    expect(await page(listing.id)).toEqual(expect.objectContaining(hidden));
  });

  it('shows them to every logged-in user (never visitors) once the seller chose to show them', async () => {
    const seller = await verifiedSeller(testApp.app);
    const listing = (
      await post('/api/products', await saleInput(seller.token, { title: 'Open contact item' }), seller.token)
    ).json().data;
    await approve(listing.id);
    await testApp.app.db.update(users).set({ showContactDetails: true }).where(eq(users.id, seller.user.id));
    const stranger = await registerUser(testApp.app);
    expect(await page(listing.id, stranger.token)).toEqual(
      expect.objectContaining({ email: seller.user.email, phoneNumber: '08031234567' }),
    );
    expect(await page(listing.id)).toEqual(expect.objectContaining({ email: null, phoneNumber: null }));
  });
});

describe('search', () => {
  it('finds listings by word prefixes, ranks title matches first, and filters', async () => {
    const seller = await verifiedSeller(testApp.app);
    const video = await uploadMedia(seller.token, mp4Bytes(), 'v.mp4');
    const titleMatch = (
      await post(
        '/api/products',
        await saleInput(seller.token, {
          title: 'Samsung Galaxy A12 phone',
          category: 'Electronics',
          video,
          price: 30000,
          priceCategory: '25000-50000',
          condition: 'Refurbished',
        }),
        seller.token,
      )
    ).json().data;
    const descriptionMatch = (
      await post(
        '/api/products',
        await saleInput(seller.token, {
          title: 'Phone pouch',
          description: 'Fits a Samsung Galaxy nicely',
          category: 'Accessories',
          video,
          price: 2000,
        }),
        seller.token,
      )
    ).json().data;
    const unrelated = (
      await post(
        '/api/products',
        await saleInput(seller.token, { title: 'Wooden stool', category: 'Household-Items', video }),
        seller.token,
      )
    ).json().data;
    for (const product of [titleMatch, descriptionMatch, unrelated]) await approve(product.id);

    const results = (await testApp.app.inject({ url: '/api/products?q=sams%20gala' }))
      .json()
      .data.map((c: { id: string }) => c.id);
    expect(results.slice(0, 2)).toEqual([titleMatch.id, descriptionMatch.id]);
    expect(results).not.toContain(unrelated.id);

    const filtered = (
      await testApp.app.inject({
        url: '/api/products?q=samsung&category=Electronics&condition=Refurbished&minPrice=25000&maxPrice=40000',
      })
    ).json().data;
    expect(filtered.map((c: { id: string }) => c.id)).toEqual([titleMatch.id]);

    const cheapFirst = (await testApp.app.inject({ url: '/api/products?q=samsung&sort=price-asc' }))
      .json()
      .data.map((c: { id: string }) => c.id);
    expect(cheapFirst).toEqual([descriptionMatch.id, titleMatch.id]);

    const byLocation = (await testApp.app.inject({ url: '/api/products?q=samsung&location=lekki' })).json()
      .data;
    expect(byLocation).toHaveLength(2);
    expect((await testApp.app.inject({ url: '/api/products?q=samsung&location=kano' })).json().data).toEqual(
      [],
    );
  });

  it('treats punctuation and operators in the query as plain words', async () => {
    for (const q of ["samsung's", 'a & b | !c', '(((', ':*', "'; drop table products; --"]) {
      const response = await testApp.app.inject({ url: `/api/products?q=${encodeURIComponent(q)}` });
      expect(response.statusCode, q).toBe(200);
    }
  });
});

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingReports, products, users } from '../../db/schema';
import { approvedListing as listingOf, paidOrderRow } from '../../../test/checkout';
import { bearer, buildTestApp, registerUser, verifiedSeller } from '../../../test/helper';
import { moderate, sellerListing, useAdminApp } from '../../../test/listings';

const { testApp, admin } = useAdminApp({ env: { REPORT_HIDE_THRESHOLD: '3' } });

// An account of standing whose only sign is its age (decision 049): registered four days ago.
async function olderUser() {
  const registered = await registerUser(testApp.app);
  await testApp.app.db
    .update(users)
    .set({ createdAt: sql`now() - interval '4 days'` })
    .where(eq(users.id, registered.user.id));
  return registered;
}

// An approved listing of a new seller, as buyers find it.
const approvedListing = (title = 'Samsung Galaxy A14, 64GB') =>
  sellerListing(testApp.app, { fields: { title, price: 9000 }, approved: true });

const report = (
  productId: string,
  token: string | undefined,
  payload: object = { reason: 'scam', note: 'Asked me to send a deposit first.' },
) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/reports`,
    payload,
    headers: token ? bearer(token) : {},
  });

// The admins' notifications about reports of one listing (its upload notified them too).
async function adminNotificationsAbout(productId: string) {
  const response = await testApp.app.inject({
    url: '/api/notifyAdmin/notifications',
    headers: bearer(admin.token),
  });
  return response
    .json<{ data: { code: string; params: Record<string, string>; message: string }[] }>()
    .data.filter(
      (notification) =>
        notification.params.productId === productId && notification.code !== 'LISTING_SUBMITTED',
    );
}

describe('POST /api/products/:id/reports', () => {
  it('records a logged-in buyer’s report, tells the admins, and shows it on the listing’s admin page', async () => {
    const { product } = await approvedListing('Reported phone');
    const buyer = await registerUser(testApp.app);
    const response = await report(product.id, buyer.token);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      ok: true,
      message: 'Thank you. Our team will review this listing.',
    });

    const notifications = await adminNotificationsAbout(product.id);
    expect(notifications).toEqual([
      expect.objectContaining({
        code: 'LISTING_REPORTED',
        params: { title: 'Reported phone', reports: '1', productId: product.id },
        message: 'Listing reported: "Reported phone" (1 open report). Check the reasons on the listing.',
      }),
    ]);
    const adminView = (
      await testApp.app.inject({ url: `/api/adminProduct/${product.id}`, headers: bearer(admin.token) })
    ).json();
    expect(adminView.data.reports).toEqual([
      expect.objectContaining({
        reason: 'scam',
        note: 'Asked me to send a deposit first.',
        reporter: {
          id: buyer.user.id,
          username: buyer.user.username,
          standing: {
            hasStanding: false,
            weight: 0,
            isBankVerified: false,
            hasPurchase: false,
            memberSince: expect.any(String),
            dismissedReports: 0,
            upheldReports: 0,
          },
        },
        reviewedAt: null,
        outcome: null,
      }),
    ]);
    // One report does not hide the listing.
    expect((await testApp.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(200);
  });

  it('refuses visitors, the seller of the listing, and admins’ tokens', async () => {
    const { seller, product } = await approvedListing();
    const visitor = await report(product.id, undefined);
    expect(visitor.statusCode).toBe(401);
    const own = await report(product.id, seller.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      message: 'You cannot report your own listing.',
      error: { code: 'REPORT_OWN_LISTING' },
    });
    expect((await report(product.id, admin.token)).statusCode).toBe(401);
    expect((await adminNotificationsAbout(product.id)).length).toBe(0);
  });

  it('takes one report per user per listing', async () => {
    const { product } = await approvedListing();
    const buyer = await registerUser(testApp.app);
    expect((await report(product.id, buyer.token)).statusCode).toBe(201);
    const again = await report(product.id, buyer.token, { reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'You have already reported this listing.',
      error: { code: 'REPORT_ALREADY_SENT' },
    });
    const adminView = (
      await testApp.app.inject({ url: `/api/adminProduct/${product.id}`, headers: bearer(admin.token) })
    ).json();
    expect(adminView.data.reports).toHaveLength(1);
  });

  it('answers a missing reason, an unknown reason or a long note with a clear 400, and a listing that is not public with 404', async () => {
    const { product } = await approvedListing();
    const buyer = await registerUser(testApp.app);
    for (const payload of [{}, { reason: 'boring' }]) {
      const response = await report(product.id, buyer.token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Please choose why you are reporting this listing.',
        error: { code: 'REPORT_REASON_REQUIRED' },
      });
    }
    const long = await report(product.id, buyer.token, { reason: 'other', note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: { code: 'TEXT_TOO_LONG' } });
    await testApp.app.db.update(products).set({ status: 'pending' }).where(eq(products.id, product.id));
    expect((await report(product.id, buyer.token)).statusCode).toBe(404);
    expect((await report('00000000-0000-4000-8000-000000000000', buyer.token)).statusCode).toBe(404);
    expect((await report('not-an-id', buyer.token)).statusCode).toBe(404);
  });

  it('hides a listing reported by three different users of standing until an admin approves it again', async () => {
    const { seller, product } = await approvedListing('Too good to be true');
    const buyers = await Promise.all([olderUser(), olderUser(), olderUser()]);
    expect((await report(product.id, buyers[0].token)).statusCode).toBe(201);
    expect((await report(product.id, buyers[1].token, { reason: 'counterfeit' })).statusCode).toBe(201);
    // Two reports: still public.
    expect(
      (await testApp.app.inject({ url: '/api/products?q=good%20true' }))
        .json()
        .data.map((card: { id: string }) => card.id),
    ).toEqual([product.id]);

    expect((await report(product.id, buyers[2].token, { reason: 'misleading' })).statusCode).toBe(201);
    expect((await testApp.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);
    expect((await testApp.app.inject({ url: '/api/products?q=good%20true' })).json().data).toEqual([]);
    const pending = (
      await testApp.app.inject({ url: '/api/adminProduct?status=pending', headers: bearer(admin.token) })
    ).json();
    expect(pending.data.map((card: { id: string }) => card.id)).toContain(product.id);
    expect((await adminNotificationsAbout(product.id)).map((notification) => notification.code)).toEqual([
      'LISTING_HIDDEN_FOR_REVIEW',
      'LISTING_REPORTED',
      'LISTING_REPORTED',
    ]);
    const sellerNotifications = (
      await testApp.app.inject({ url: '/api/notify/notifications', headers: bearer(seller.token) })
    ).json();
    expect(sellerNotifications.data.map((notification: { code: string }) => notification.code)).toContain(
      'LISTING_UNDER_REVIEW',
    );

    // The admin reviews and approves it: it is public again, and the reviewed reports no longer count.
    const approved = await moderate(testApp.app, admin.token, product.id);
    expect(approved.statusCode).toBe(200);
    const adminView = (
      await testApp.app.inject({ url: `/api/adminProduct/${product.id}`, headers: bearer(admin.token) })
    ).json();
    expect(adminView.data.reports).toHaveLength(3);
    expect(
      adminView.data.reports.every((entry: { reviewedAt: string | null }) => entry.reviewedAt !== null),
    ).toBe(true);
    const later = await olderUser();
    expect((await report(product.id, later.token)).statusCode).toBe(201);
    expect((await testApp.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(200);
  });

  it('counts parallel reports one after the other: the listing is hidden exactly once', async () => {
    const { product } = await approvedListing();
    const buyers = await Promise.all(Array.from({ length: 4 }, () => olderUser()));
    const responses = await Promise.all(buyers.map((buyer) => report(product.id, buyer.token)));
    const statuses = responses.map((response) => response.statusCode).sort();
    // The fourth report may come after the listing was hidden: then the listing is no longer public (404).
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(3);
    const hidden = (await adminNotificationsAbout(product.id)).filter(
      (notification) => notification.code === 'LISTING_HIDDEN_FOR_REVIEW',
    );
    expect(hidden).toHaveLength(1);
  });

  it('limits how many reports one address sends', async () => {
    const limited = await buildTestApp({
      config: { rateLimits: { ...testApp.config.rateLimits, listingReports: { max: 2, windowMs: 60_000 } } },
    });
    try {
      const buyer = await registerUser(limited.app);
      const url = `/api/products/00000000-0000-4000-8000-000000000000/reports`;
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url,
          payload: { reason: 'scam' },
          headers: bearer(buyer.token),
        });
      expect((await send()).statusCode).toBe(404);
      expect((await send()).statusCode).toBe(404);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    } finally {
      await limited.close();
    }
  });
});

describe('a listing’s reports, a page at a time (decision 090)', () => {
  it('shows the newest 50 with the listing, newest first with a tie to the microsecond, and pages the rest', async () => {
    const { product } = await approvedListing('Infinix Hot 30, 128GB');
    const reporters = [];
    for (let index = 0; index < 5; index++) {
      const reporter = await registerUser(testApp.app);
      expect((await report(product.id, reporter.token)).statusCode).toBe(201);
      reporters.push(reporter);
    }
    // The two newest sent at the same microsecond: the id orders them.
    await testApp.app.db.execute(sql`
      update listing_reports set created_at = (
        select max(created_at) from listing_reports where product_id = ${product.id})
      where product_id = ${product.id} and reporter_id = ${reporters[3]!.user.id}`);
    // 46 older reports of 46 other accounts, the oldest an hour and 46 minutes ago: 51 in all.
    await testApp.app.db.execute(sql`
      with made as (
        insert into users (full_name, username, email, password_hash, ref_id)
        select 'Reporter ' || n, 'reporter_' || ${product.id.slice(0, 8)} || '_' || n,
          'reporter' || n || '.' || ${product.id.slice(0, 8)} || '@example.ng', 'not-a-hash',
          'ref' || ${product.id.slice(0, 8)} || n
        from generate_series(1, 46) as n
        returning id, full_name)
      insert into listing_reports (product_id, reporter_id, reason, created_at)
      select ${product.id}, id, 'scam', now() - make_interval(mins => 60 + substring(full_name from 10)::int)
      from made`);
    const reportIds = async (reporter: { user: { id: string } }) => {
      const [row] = await testApp.app.db
        .select({ id: listingReports.id })
        .from(listingReports)
        .where(eq(listingReports.reporterId, reporter.user.id));
      return row!.id;
    };
    const ids = [];
    for (const reporter of reporters) ids.push(await reportIds(reporter));
    const newestFive = [...[ids[3]!, ids[4]!].sort().reverse(), ids[2], ids[1], ids[0]];

    const detail = (
      await testApp.app.inject({ url: `/api/adminProduct/${product.id}`, headers: bearer(admin.token) })
    ).json<{ data: { reports: { id: string }[]; reportsNextCursor: string | null; reportCount: number } }>()
      .data;
    expect(detail.reports).toHaveLength(50);
    expect(detail.reports.slice(0, 5).map((item) => item.id)).toEqual(newestFive);
    expect(detail.reportCount).toBe(51);
    expect(detail.reportsNextCursor).not.toBeNull();

    type ReportsPage = {
      message: string;
      data: { id: string; reporter: { username: string } }[];
      meta: { nextCursor: string | null; total: number };
    };
    const reportsPage = async (query: string) => {
      const response = await testApp.app.inject({
        url: `/api/admin/products/${product.id}/reports?${query}`,
        headers: bearer(admin.token),
      });
      expect(response.statusCode).toBe(200);
      return response.json<ReportsPage>();
    };
    // The listing's cursor leads to the 51st: the oldest.
    const rest = await reportsPage(`cursor=${detail.reportsNextCursor}`);
    expect(rest.data.map((item) => item.reporter.username)).toEqual([
      `reporter_${product.id.slice(0, 8)}_46`,
    ]);
    expect(rest.meta.nextCursor).toBeNull();

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ReportsPage = await reportsPage(`pageSize=20${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.message).toBe('Reports fetched successfully.');
      expect(page.data.length).toBeLessThanOrEqual(20);
      expect(page.meta.total).toBe(51);
      seen.push(...page.data.map((item) => item.id));
      cursor = page.meta.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...detail.reports.map((item) => item.id), rest.data[0]!.id]);

    const asUser = await testApp.app.inject({
      url: `/api/admin/products/${product.id}/reports`,
      headers: bearer(reporters[0]!.token),
    });
    expect(asUser.statusCode).toBe(401);
    const tampered = await testApp.app.inject({
      url: `/api/admin/products/${product.id}/reports?cursor=bm90LWEtY3Vyc29y`,
      headers: bearer(admin.token),
    });
    expect(tampered.statusCode).toBe(400);
  });
});

describe('who may hide a listing by reporting it (issue 27)', () => {
  it('never hides listings because of accounts made minutes ago, however many reports they send', async () => {
    const seller = await verifiedSeller(testApp.app);
    const listings = await Promise.all(
      Array.from({ length: 7 }, async (_, index) => ({
        product: await listingOf(testApp.app, seller, { title: `Phone number ${index + 1}` }),
      })),
    );
    const newcomers = await Promise.all([
      registerUser(testApp.app),
      registerUser(testApp.app),
      registerUser(testApp.app),
    ]);
    for (const { product } of listings) {
      for (const newcomer of newcomers)
        expect((await report(product.id, newcomer.token)).statusCode).toBe(201);
    }
    for (const { product } of listings) {
      expect((await testApp.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(200);
    }
    // The admins see every report, who sent it, and that none of them has standing.
    const adminView = (
      await testApp.app.inject({
        url: `/api/adminProduct/${listings[0]?.product.id}`,
        headers: bearer(admin.token),
      })
    ).json();
    expect(
      adminView.data.reports
        .map((entry: { reporter: { username: string } }) => entry.reporter.username)
        .sort(),
    ).toEqual(newcomers.map((newcomer) => newcomer.user.username).sort());
    for (const entry of adminView.data.reports) {
      expect(entry.reporter.standing).toMatchObject({ hasStanding: false, weight: 0 });
    }
  });

  it('counts a bank-verified account and a buyer with a paid order as soon as they exist, beside an older account', async () => {
    const { product } = await approvedListing('Reported by people of standing');
    const verified = await verifiedSeller(testApp.app);
    const buyer = await registerUser(testApp.app);
    const someSeller = await verifiedSeller(testApp.app);
    await paidOrderRow(
      testApp.app,
      buyer.user.id,
      someSeller.user.id,
      `oja_report_${buyer.user.id.slice(0, 8)}`,
    );
    const older = await olderUser();
    expect((await report(product.id, verified.token)).statusCode).toBe(201);
    expect((await report(product.id, buyer.token)).statusCode).toBe(201);
    expect((await testApp.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(200);
    expect((await report(product.id, older.token)).statusCode).toBe(201);
    expect((await testApp.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);

    const adminView = (
      await testApp.app.inject({ url: `/api/adminProduct/${product.id}`, headers: bearer(admin.token) })
    ).json();
    const standingOf = (id: string) =>
      adminView.data.reports.find((entry: { reporter: { id: string } }) => entry.reporter.id === id)?.reporter
        .standing;
    expect(standingOf(verified.user.id)).toMatchObject({
      hasStanding: true,
      weight: 1,
      isBankVerified: true,
    });
    expect(standingOf(buyer.user.id)).toMatchObject({
      hasStanding: true,
      weight: 1,
      hasPurchase: true,
      isBankVerified: false,
    });
    expect(standingOf(older.user.id)).toMatchObject({
      hasStanding: true,
      weight: 1,
      hasPurchase: false,
      isBankVerified: false,
    });
  });

  it('gives less weight to reporters whose reports admins dismissed', async () => {
    const reporters = await Promise.all([olderUser(), olderUser(), olderUser()]);
    const { product: first } = await approvedListing('First reported listing');
    for (const reporter of reporters) await report(first.id, reporter.token);
    expect((await testApp.app.inject({ url: `/api/products/${first.id}` })).statusCode).toBe(404);
    // The admin finds nothing wrong and approves it again: the reports are dismissed.
    expect((await moderate(testApp.app, admin.token, first.id)).statusCode).toBe(200);

    const { product: second } = await approvedListing('Second reported listing');
    for (const reporter of reporters) expect((await report(second.id, reporter.token)).statusCode).toBe(201);
    expect((await testApp.app.inject({ url: `/api/products/${second.id}` })).statusCode).toBe(200);
    const adminView = (
      await testApp.app.inject({ url: `/api/adminProduct/${second.id}`, headers: bearer(admin.token) })
    ).json();
    for (const entry of adminView.data.reports) {
      expect(entry.reporter.standing).toMatchObject({
        hasStanding: true,
        weight: 0.5,
        dismissedReports: 1,
        upheldReports: 0,
      });
    }
    const firstView = (
      await testApp.app.inject({ url: `/api/adminProduct/${first.id}`, headers: bearer(admin.token) })
    ).json();
    expect(firstView.data.reports.map((entry: { outcome: string }) => entry.outcome)).toEqual([
      'dismissed',
      'dismissed',
      'dismissed',
    ]);
  });

  it('shows the seller their hidden listing with why, on its page and in My products, until an admin decides', async () => {
    const { seller, product } = await approvedListing('Hidden but still mine');
    const reporters = await Promise.all([olderUser(), olderUser(), olderUser()]);
    await report(product.id, reporters[0].token, { reason: 'scam' });
    await report(product.id, reporters[1].token, { reason: 'counterfeit' });
    await report(product.id, reporters[2].token, { reason: 'scam' });

    const own = await testApp.app.inject({
      url: `/api/products/${product.id}`,
      headers: bearer(seller.token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      status: 'pending',
      hiddenForReview: { hiddenAt: expect.any(String), reasons: ['counterfeit', 'scam'] },
    });
    // Never who reported it.
    for (const reporter of reporters) expect(own.body).not.toContain(reporter.user.username);
    const mine = (await testApp.app.inject({ url: '/api/myProducts', headers: bearer(seller.token) })).json();
    expect(mine.data.find((card: { id: string }) => card.id === product.id)).toMatchObject({
      status: 'pending',
      hiddenForReview: { reasons: ['counterfeit', 'scam'] },
    });
    // Anyone else: the listing does not exist.
    expect(
      (await testApp.app.inject({ url: `/api/products/${product.id}`, headers: bearer(reporters[0].token) }))
        .statusCode,
    ).toBe(404);

    expect((await moderate(testApp.app, admin.token, product.id)).statusCode).toBe(200);
    const after = await testApp.app.inject({
      url: `/api/products/${product.id}`,
      headers: bearer(seller.token),
    });
    expect(after.json().data).toMatchObject({ status: 'approved', hiddenForReview: null });
  });
});

describe('trust signals on listings', () => {
  it('shows whether the seller is bank verified on cards and the page, and since when they are a member', async () => {
    const { seller, product } = await approvedListing('Verified seller item');
    const page = (await testApp.app.inject({ url: `/api/products/${product.id}` })).json();
    expect(page.data.user).toEqual({ id: seller.user.id, username: seller.user.username, isVerified: true });
    expect(page.data.uploader).toMatchObject({ isVerified: true, email: null, phoneNumber: null });
    expect(Date.parse(page.data.uploader.memberSince)).toBeLessThanOrEqual(Date.now());
    const list = (await testApp.app.inject({ url: '/api/products?q=verified%20seller' })).json();
    expect(list.data[0]).toMatchObject({
      id: product.id,
      user: { isVerified: true },
      createdAt: expect.any(String),
    });
  });
});

import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countedTotal } from '../../lib/cursor';
import { bearer, registerUser } from '../../../test/helper';
import { useAdminApp } from '../../../test/listings';
import { walkPages, type CursorPageReply } from '../../../test/paging';

// Lists that used to be read whole (or by page number) are read a page at a time by cursor, in the same
// order on any page, and their totals stop counting at 10,000 (issue 34, decision 052).
const { testApp, admin } = useAdminApp();

type Item = { id: string; reference?: string; params?: Record<string, string> };

const walk = (path: string, pageSize: number, token: string) =>
  walkPages<Item>(testApp.app, path, { pageSize, token, maxPages: 20 });

describe('lists read a page at a time', () => {
  it('GET /api/admin/all-transactions: pages of payments, newest first, every one once, even several in the same microsecond', async () => {
    const buyer = await registerUser(testApp.app);
    const seller = await registerUser(testApp.app);
    // Seven paid orders; the newest three share one time to the microsecond.
    await testApp.app.db.execute(sql`
      with made as (
        insert into orders (buyer_id, seller_id, product_title, product_amount, transaction_charge, status, created_at)
        select ${buyer.user.id}::uuid, ${seller.user.id}::uuid, 'Item ' || g, 100000, 10000, 'paid',
          timestamptz '2026-01-01 00:00:00.000123+00' + least(g, 5) * interval '1 second'
        from generate_series(1, 7) as g
        returning id, created_at, product_title)
      insert into transactions (reference, order_id, user_id, amount, status, customer_email, created_at)
      select 'REF-' || product_title, id, ${buyer.user.id}::uuid, 100000, 'success', 'buyer@oja.test', created_at from made`);

    const pages = await walk('/api/admin/all-transactions', 3, admin.token);
    expect(pages.map((page) => page.data.length)).toEqual([3, 3, 1]);
    const references = pages.flatMap((page) => page.data.map((item) => item.reference));
    expect(new Set(references).size).toBe(7);
    // Newest first: the three of the same time, then 4, 3, 2, 1.
    expect(references.slice(3)).toEqual(['REF-Item 4', 'REF-Item 3', 'REF-Item 2', 'REF-Item 1']);
    expect(pages[0]?.meta).toMatchObject({ pageSize: 3, total: 7 });

    // The one payment of a reference still answers alone.
    const one = await walk('/api/admin/all-transactions?reference=REF-Item%202', 3, admin.token);
    expect(one.map((page) => page.data.map((item) => item.reference))).toEqual([['REF-Item 2']]);
  });

  it('GET /api/notify/notifications: my notices a page at a time, newest first, every one once, and none of anyone else', async () => {
    const reader = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    await testApp.app.db.execute(sql`delete from notifications`);
    await testApp.app.db.execute(sql`
      insert into notifications (user_id, code, params, created_at)
      select ${reader.user.id}::uuid, 'LISTING_APPROVED', jsonb_build_object('title', 'Mine ' || g),
        timestamptz '2026-01-01 00:00:00.000500+00' + least(g, 3) * interval '1 second'
      from generate_series(1, 5) as g
      union all
      select ${other.user.id}::uuid, 'LISTING_APPROVED', jsonb_build_object('title', 'Theirs'), now()`);

    const pages = await walk('/api/notify/notifications', 2, reader.token);
    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 1]);
    const titles = pages.flatMap((page) => page.data.map((item) => item.params?.title));
    expect(new Set(titles).size).toBe(5);
    expect(titles).not.toContain('Theirs');
    expect(titles.slice(3)).toEqual(['Mine 2', 'Mine 1']);
  });

  it('GET /api/admin/payouts: pages of payouts, newest first, every one once, even several in the same microsecond', async () => {
    const buyer = await registerUser(testApp.app);
    const seller = await registerUser(testApp.app);
    await testApp.app.db.execute(sql`delete from payouts`);
    // Six payouts of paid orders; the newest three share one time to the microsecond, and two are paid.
    await testApp.app.db.execute(sql`
      with made as (
        insert into orders (buyer_id, seller_id, product_title, product_amount, transaction_charge, status, created_at)
        select ${buyer.user.id}::uuid, ${seller.user.id}::uuid, 'Payout item ' || g, 100000, 10000, 'paid',
          timestamptz '2026-01-01 00:00:00.000789+00' + least(g, 4) * interval '1 second'
        from generate_series(1, 6) as g
        returning id, created_at, product_title)
      insert into payouts (order_id, seller_id, amount, status, created_at)
      select id, ${seller.user.id}::uuid, 90000, case when product_title in ('Payout item 1', 'Payout item 2') then 'paid' else 'held' end,
        created_at from made`);

    const pages = await walk('/api/admin/payouts', 2, admin.token);
    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 2]);
    const titles = pages.flatMap((page) =>
      page.data.map((item) => (item as { productTitle?: string }).productTitle),
    );
    expect(new Set(titles).size).toBe(6);
    expect(titles.slice(3)).toEqual(['Payout item 3', 'Payout item 2', 'Payout item 1']);
    // One state at a time, on its own index.
    const paid = await walk('/api/admin/payouts?status=paid', 1, admin.token);
    expect(
      paid.flatMap((page) => page.data.map((item) => (item as { productTitle?: string }).productTitle)),
    ).toEqual(['Payout item 2', 'Payout item 1']);
    // Held is held or disputed: two states, read apart and merged in the same order, the tie across them too.
    await testApp.app.db.execute(sql`
      update payouts set status = 'disputed' where order_id in (
        select id from orders where product_title in ('Payout item 4', 'Payout item 6'))`);
    const held = await walk('/api/admin/payouts?status=held', 1, admin.token);
    expect(
      held.flatMap((page) => page.data.map((item) => (item as { productTitle?: string }).productTitle)),
    ).toEqual(titles.filter((title) => title !== 'Payout item 2' && title !== 'Payout item 1'));
  });

  it('refuses a tampered cursor on the newly paged lists with 400', async () => {
    const reader = await registerUser(testApp.app);
    for (const [url, token] of [
      ['/api/admin/all-transactions?cursor=bm90LWEtY3Vyc29y', admin.token],
      ['/api/notify/notifications?cursor=bm90LWEtY3Vyc29y', reader.token],
      ['/api/admin/payouts?cursor=bm90LWEtY3Vyc29y', admin.token],
      ['/api/admin/conversations?cursor=bm90LWEtY3Vyc29y', admin.token],
    ] as const) {
      const response: { statusCode: number; json: <T>() => T } = await testApp.app.inject({
        url,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'CURSOR_INVALID' } });
    }
  });

  it('counts an admin list up to 10,000 and says when there are more, and pages deep into it', async () => {
    // The clock stands still until the test moves it past the 30 s a total past the cap is remembered.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await testApp.app.db.execute(sql`
      insert into users (full_name, username, email, password_hash, ref_id, created_at)
      select 'Many ' || g, 'many' || g, 'many' || g || '@oja.test', 'x', 'MANY' || g,
        timestamptz '2025-01-01 00:00:00+00' + g * interval '1 second'
      from generate_series(1, 10001) as g`);
    const first = await walk('/api/admin/users', 100, admin.token);
    expect(first[0]?.meta).toMatchObject({ total: 10_000, totalCapped: true });
    // The 20th page (walk stops there) follows the 19th without a repeat.
    const ids = first.flatMap((page) => page.data.map((item) => item.id));
    expect(ids).toHaveLength(2000);
    expect(new Set(ids).size).toBe(2000);

    // Seen past the cap, the list is not counted again for 30 s (decision 082): with the many gone, it still
    // says "10,000+", then the exact number.
    await testApp.app.db.execute(sql`delete from users where email like 'many%@oja.test'`);
    const meta = async () => (await walk('/api/admin/users', 100, admin.token))[0]?.meta;
    expect(await meta()).toMatchObject({ total: 10_000, totalCapped: true });
    vi.setSystemTime(Date.now() + 30_001);
    const exact = await meta();
    expect(exact?.totalCapped).toBeUndefined();
    expect(exact?.total).toBeLessThan(100);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the listings without counting them while they were seen past the cap, then counts them again', async () => {
    const products = async () => {
      const response = await testApp.app.inject({ url: '/api/adminProduct', headers: bearer(admin.token) });
      expect(response.statusCode).toBe(200);
      return response.json<CursorPageReply<Item>>();
    };
    const counted = await products();
    expect(counted.meta.totalCapped).toBeUndefined();
    // As a count past the cap a moment ago leaves it (the table here is small).
    countedTotal('products:all', 10_001);
    const remembered = await products();
    expect(remembered.meta).toMatchObject({ total: 10_000, totalCapped: true });
    expect(remembered.data).toEqual(counted.data);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30_001 });
    expect((await products()).meta).toEqual(counted.meta);
  });
});

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminNotifications, products, users } from '../../db/schema';
import { bearer, registerUser, verifiedSeller } from '../../../test/helper';
import { listingRow, useAdminApp } from '../../../test/listings';
import { walkPages, type CursorPageReply } from '../../../test/paging';

// The admin lists are paged like the public lists (cursor, pageSize, meta), so a flood cannot bury
// anything (issue 9).
const { testApp, admin } = useAdminApp();

type Item = { id: string; status?: string; createdAt?: string; title?: string };
type Page = CursorPageReply<Item>;

async function get(url: string) {
  const response = await testApp.app.inject({ url, headers: bearer(admin.token) });
  return { status: response.statusCode, body: response.json<Page>() };
}

const walk = (path: string, pageSize: number) =>
  walkPages<Item>(testApp.app, path, { pageSize, token: admin.token });

describe('paged admin lists', () => {
  it('GET /api/admin/users: pages of users, oldest first, every one once, with the total', async () => {
    for (let index = 0; index < 4; index++) await registerUser(testApp.app);
    // PostgreSQL keeps microseconds, a cursor milliseconds: every user is stamped half a millisecond past one.
    await testApp.app.db.execute(
      sql`update users u set created_at = timestamptz '2026-01-01 00:00:00.0005+00' + r.n * interval '1 second'
          from (select id, row_number() over (order by created_at, id) as n from users) r where u.id = r.id`,
    );
    const everyone = await testApp.app.db.select({ id: users.id }).from(users);
    const pages = await walk('/api/admin/users', 3);
    const ids = pages.flatMap((page) => page.data.map((item) => item.id));
    expect(ids).toHaveLength(everyone.length);
    expect(new Set(ids).size).toBe(everyone.length);
    expect(pages[0]?.meta.total).toBe(everyone.length);
  });

  it('GET /api/notifyAdmin/notifications: a flood does not bury older notices; the unread count covers them all', async () => {
    await testApp.app.db.delete(adminNotifications);
    const rows = Array.from({ length: 130 }, (_, index) => ({
      code: 'USER_REGISTERED' as const,
      params: { username: `user${index}` },
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
    }));
    await testApp.app.db.insert(adminNotifications).values(rows);
    await testApp.app.db
      .update(adminNotifications)
      .set({ read: true })
      .where(eq(adminNotifications.createdAt, new Date(Date.UTC(2026, 0, 1))));
    const pages = await walk('/api/notifyAdmin/notifications', 50);
    expect(pages.map((page) => page.data.length)).toEqual([50, 50, 30]);
    expect(pages[0]?.meta.unread).toBe(129);
    // The oldest notice is on the last page.
    expect(pages.at(-1)?.data.at(-1)).toMatchObject({ params: { username: 'user0' }, read: true });
  });

  it('GET /api/adminProduct: pages of listings, newest first, every one once, by status, with the total', async () => {
    const seller = await verifiedSeller(testApp.app);
    const statuses = ['pending', 'approved', 'rejected'] as const;
    // Seven listings in the same millisecond (PostgreSQL keeps microseconds; a cursor in milliseconds would
    // repeat or skip some of them) and seven a second apart.
    const rows = Array.from({ length: 14 }, (_, index) =>
      listingRow(seller.user.id, `Listing ${index}`, { status: statuses[index % 3] }),
    );
    const inserted = await testApp.app.db.insert(products).values(rows).returning({ id: products.id });
    await testApp.app.db.execute(
      sql`update products p set created_at = case when r.n <= 7
            then timestamptz '2026-01-01 00:00:00.0001+00' + r.n * interval '100 microseconds'
            else timestamptz '2026-01-02 00:00:00.0005+00' + r.n * interval '1 second' end
          from (select id, row_number() over (order by title) as n from products) r where p.id = r.id`,
    );
    const all = await testApp.app.db
      .select({ id: products.id, status: products.status, createdAt: products.createdAt })
      .from(products);
    expect(all.length).toBe(inserted.length);

    const pages = await walk('/api/adminProduct', 3);
    const listed = pages.flatMap((page) => page.data);
    expect(listed.map((item) => item.id).sort()).toEqual(all.map((item) => item.id).sort());
    expect(new Set(listed.map((item) => item.id)).size).toBe(all.length);
    expect(pages.map((page) => page.data.length)).toEqual([3, 3, 3, 3, 2]);
    expect(pages[0]?.meta).toMatchObject({ pageSize: 3, total: all.length });
    // Newest first.
    const times = listed.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(listed[0]?.title).toBe('Listing 9');

    const pending = (await walk('/api/adminProduct?status=pending', 2)).flatMap((page) => page.data);
    expect(pending).toHaveLength(all.filter((item) => item.status === 'pending').length);
    expect(pending.every((item) => item.status === 'pending')).toBe(true);
    expect((await get('/api/adminProduct?status=pending')).body.meta.total).toBe(pending.length);

    // Without paging parameters: the first page of 50, as a client written for the spec asks.
    const first = await get('/api/adminProduct');
    expect(first.body.data).toHaveLength(all.length);
    expect(first.body.meta).toMatchObject({ pageSize: 50, total: all.length, nextCursor: null });
  });

  it('refuses a tampered cursor and a bad page size with 400', async () => {
    for (const path of ['/api/admin/users', '/api/notifyAdmin/notifications', '/api/adminProduct']) {
      const tampered = Buffer.from(JSON.stringify(['2026-01-01T00:00:00+23:59', 'x'])).toString('base64url');
      expect((await get(`${path}?cursor=${tampered}`)).status).toBe(400);
      expect((await get(`${path}?pageSize=0`)).status).toBe(400);
      expect((await get(`${path}?pageSize=101`)).status).toBe(400);
    }
    // The listings' cursor keeps microseconds: odd time zones, impossible days and other sorts' cursors are refused.
    for (const values of [
      ['2026-01-01T00:00:00.000000+23:59', '00000000-0000-4000-8000-000000000000'],
      ['2026-02-30T00:00:00.000000Z', '00000000-0000-4000-8000-000000000000'],
      ['2026-01-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000000'],
      { sort: 'newest', values: ['2026-01-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000000'] },
    ]) {
      const cursor = Buffer.from(JSON.stringify(values)).toString('base64url');
      const response = await get(`/api/adminProduct?cursor=${cursor}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ ok: false, error: { code: 'CURSOR_INVALID' } });
    }
  });
});

describe('the bank name check on the admin users list (decision 016)', () => {
  it('flags a user whose resolved account name is not their profile name, and not one whose name matches', async () => {
    const matching = await registerUser(testApp.app, { fullName: 'Chidi Emeka Okafor' });
    const other = await registerUser(testApp.app, { fullName: 'Chidi Okafor' });
    const without = await registerUser(testApp.app);
    await testApp.app.db
      .update(users)
      .set({ accountName: 'OKAFOR CHIDI E.' })
      .where(eq(users.id, matching.user.id));
    await testApp.app.db.update(users).set({ accountName: 'BELLO AMINA' }).where(eq(users.id, other.user.id));
    const list = (await walk('/api/admin/users', 100)).flatMap((page) => page.data) as {
      id: string;
      accountNameMismatch: boolean;
    }[];
    const flag = (id: string) => list.find((user) => user.id === id)?.accountNameMismatch;
    expect(flag(matching.user.id)).toBe(false);
    expect(flag(other.user.id)).toBe(true);
    expect(flag(without.user.id)).toBe(false);
  });
});

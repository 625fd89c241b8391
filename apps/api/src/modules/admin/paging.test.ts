import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNotifications, users } from '../../db/schema';
import { bearer, buildTestApp, loginAsAdmin, registerUser, type TestApp } from '../../../test/helper';

// The admin lists are paged like the public lists (cursor, pageSize, meta), so a flood cannot bury
// anything (issue 9).
let testApp: TestApp;
let adminToken: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  adminToken = (await loginAsAdmin(testApp.app)).token;
});
afterAll(async () => {
  await testApp.close();
});

type Page = { data: { id: string }[]; meta: { pageSize: number; nextCursor: string | null; total?: number; unread?: number } };

async function get(url: string) {
  const response = await testApp.app.inject({ url, headers: bearer(adminToken) });
  return { status: response.statusCode, body: response.json<Page>() };
}

// Every page of a list, following meta.nextCursor.
async function walk(path: string, pageSize: number) {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const { status, body } = await get(`${path}${separator}pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(status).toBe(200);
    pages.push(body);
    cursor = body.meta.nextCursor;
  } while (cursor);
  return pages;
}

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
    await testApp.app.db.update(adminNotifications).set({ read: true }).where(eq(adminNotifications.createdAt, new Date(Date.UTC(2026, 0, 1))));
    const pages = await walk('/api/notifyAdmin/notifications', 50);
    expect(pages.map((page) => page.data.length)).toEqual([50, 50, 30]);
    expect(pages[0]?.meta.unread).toBe(129);
    // The oldest notice is on the last page.
    expect(pages.at(-1)?.data.at(-1)).toMatchObject({ params: { username: 'user0' }, read: true });
  });

  it('refuses a tampered cursor and a bad page size with 400', async () => {
    for (const path of ['/api/admin/users', '/api/notifyAdmin/notifications']) {
      const tampered = Buffer.from(JSON.stringify(['2026-01-01T00:00:00+23:59', 'x'])).toString('base64url');
      expect((await get(`${path}?cursor=${tampered}`)).status).toBe(400);
      expect((await get(`${path}?pageSize=0`)).status).toBe(400);
      expect((await get(`${path}?pageSize=101`)).status).toBe(400);
    }
  });
});

describe('the bank name check on the admin users list (decision 016)', () => {
  it('flags a user whose resolved account name is not their profile name, and not one whose name matches', async () => {
    const matching = await registerUser(testApp.app, { fullName: 'Chidi Emeka Okafor' });
    const other = await registerUser(testApp.app, { fullName: 'Chidi Okafor' });
    const without = await registerUser(testApp.app);
    await testApp.app.db.update(users).set({ accountName: 'OKAFOR CHIDI E.' }).where(eq(users.id, matching.user.id));
    await testApp.app.db.update(users).set({ accountName: 'BELLO AMINA' }).where(eq(users.id, other.user.id));
    const list = (await walk('/api/admin/users', 100)).flatMap((page) => page.data) as { id: string; accountNameMismatch: boolean }[];
    const flag = (id: string) => list.find((user) => user.id === id)?.accountNameMismatch;
    expect(flag(matching.user.id)).toBe(false);
    expect(flag(other.user.id)).toBe(true);
    expect(flag(without.user.id)).toBe(false);
  });
});

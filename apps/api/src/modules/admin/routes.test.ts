import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { bearer, buildTestApp, loginAsAdmin, registerUser, type TestApp } from '../../../test/helper';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('POST /api/admin/login', () => {
  it('returns an admin token and the admin without secrets', async () => {
    const { token, admin } = await loginAsAdmin(testApp.app, 'Chief@Oja.test', 'chief-password-1');
    expect(token).toEqual(expect.any(String));
    expect(admin).toEqual({ id: expect.any(String), email: 'chief@oja.test', fullName: 'Administrator' });
  });

  it('answers 401 for a wrong password', async () => {
    await loginAsAdmin(testApp.app, 'second@oja.test', 'second-password-1');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'second@oja.test', password: 'wrong-password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'INVALID_CREDENTIALS' } });
  });

  it("never logs a user in as admin with the user's own credentials", async () => {
    const { user, password } = await registerUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: user.email, password },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 429 after five failed admin logins', async () => {
    await loginAsAdmin(testApp.app, 'third@oja.test', 'third-password-1');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: 'third@oja.test', password: 'wrong-password' },
        remoteAddress: '10.1.1.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('POST /api/admin/logout', () => {
  it('ends the admin session on the server', async () => {
    const { token } = await loginAsAdmin(testApp.app, 'leaving@oja.test', 'admin-password-456');
    const users = () => testApp.app.inject({ url: '/api/admin/users', headers: bearer(token) });
    expect((await users()).statusCode).toBe(200);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('You have been logged out.');
    expect((await users()).statusCode).toBe(401);
  });
});

describe('token audiences', () => {
  it('a user token never opens an admin route, and an admin token never opens a user route', async () => {
    const { token: userToken } = await registerUser(testApp.app);
    const { token: adminToken } = await loginAsAdmin(testApp.app);
    for (const url of ['/api/admin/users', '/api/notifyAdmin/notifications']) {
      const asUser = await testApp.app.inject({ url, headers: bearer(userToken) });
      expect(asUser.statusCode, url).toBe(401);
      const asVisitor = await testApp.app.inject({ url });
      expect(asVisitor.statusCode, url).toBe(401);
    }
    for (const url of ['/api/userProfile/profile', '/api/notify/notifications']) {
      const asAdmin = await testApp.app.inject({ url, headers: bearer(adminToken) });
      expect(asAdmin.statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/admin/users', () => {
  it('lists every user with upline and referrals, and no secrets', async () => {
    const upline = await registerUser(testApp.app);
    const referred = await registerUser(testApp.app, { referredBy: upline.user.refID });
    const { token } = await loginAsAdmin(testApp.app);
    const response = await testApp.app.inject({ url: '/api/admin/users', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const uplineRow = body.data.find((row: { id: string }) => row.id === upline.user.id);
    const referredRow = body.data.find((row: { id: string }) => row.id === referred.user.id);
    expect(uplineRow.referrals).toEqual([{ id: referred.user.id, username: referred.user.username }]);
    // spec §3: referredBy is the upline's username (decision 051); its id beside.
    expect(referredRow.referredBy).toBe(upline.user.username);
    expect(referredRow.referredById).toBe(upline.user.id);
    expect(uplineRow.referredBy).toBeNull();
    expect(body.meta.total).toBe(body.data.length);
    expect(response.body).not.toMatch(/passwordHash|scrypt|tokenVersion|subaccountCode/);
  });

  // The admin's list is written by PostgreSQL (decision 084), the profile by toUserFields: one user must read
  // the same in both, to the millisecond, and with several referrals in the order they joined.
  it("shows admins each user's fields as the user's own profile shows them", async () => {
    const upline = await registerUser(testApp.app);
    const user = await registerUser(testApp.app, { referredBy: upline.user.refID });
    const first = await registerUser(testApp.app, { referredBy: user.user.refID });
    const second = await registerUser(testApp.app, { referredBy: user.user.refID });
    await testApp.app.db
      .update(users)
      .set({
        bio: 'Seller of "good" shoes\nin Yaba',
        address: '12 Herbert Macaulay Way',
        street: 'Herbert Macaulay Way',
        city: 'Yaba',
        state: 'Lagos',
        country: 'Nigeria',
        profilePicture: '/media/images/face.webp',
        fullName: 'Chidi Okafor',
        accountName: 'OKAFOR CHIDI',
        accountNumber: '0123456789',
        bankName: 'Access Bank',
        isVerified: true,
        updatedAt: sql`'2026-11-29 10:11:12.345678+00'::timestamptz`,
      })
      .where(eq(users.id, user.user.id));
    const { token } = await loginAsAdmin(testApp.app);
    const list = (
      await testApp.app.inject({ url: '/api/admin/users?pageSize=60', headers: bearer(token) })
    ).json().data;
    const row = list.find((item: { id: string }) => item.id === user.user.id);
    const profile = (
      await testApp.app.inject({ url: '/api/userProfile/profile', headers: bearer(user.token) })
    ).json().data;
    const { notifications: _n, products: _p, bankCode: _b, showContactDetails: _s, ...shared } = profile;
    expect(row).toEqual({
      ...shared,
      referredBy: upline.user.username,
      referredById: upline.user.id,
      referrals: [
        { id: first.user.id, username: first.user.username },
        { id: second.user.id, username: second.user.username },
      ],
      referralCount: 2,
      // The bank's name is the profile's in another order and case.
      accountNameMismatch: false,
    });
    expect(row).toMatchObject({
      updatedAt: '2026-11-29T10:11:12.345Z',
      bio: 'Seller of "good" shoes\nin Yaba',
    });
  });
});

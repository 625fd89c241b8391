import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Referral } from '@marketplace/shared/schemas/accounts';
import { users } from '../../db/schema';
import {
  bearer,
  buildTestApp,
  loginAsAdmin,
  newUserInput,
  registerUser,
  type TestApp,
} from '../../../test/helper';
import { walkPages } from '../../../test/paging';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('registering with a refID', () => {
  it('records the upline from the referrer refID and lists the new user among the referrer referrals', async () => {
    const referrer = await registerUser(testApp.app);
    const referred = await registerUser(testApp.app, { referredBy: referrer.user.refID.toLowerCase() });

    const referredProfile = await testApp.app.inject({
      url: '/api/userProfile/profile',
      headers: bearer(referred.token),
    });
    expect(referredProfile.json().data.referredBy).toEqual({
      id: referrer.user.id,
      username: referrer.user.username,
    });

    const referrerProfile = await testApp.app.inject({
      url: '/api/userProfile/profile',
      headers: bearer(referrer.token),
    });
    const data = referrerProfile.json().data;
    expect(data.referrals.map((referral: { username: string }) => referral.username)).toEqual([
      referred.user.username,
    ]);
    expect(data.notifications[0]).toMatchObject({
      message: `${referred.user.username} joined using your referral link.`,
      code: 'REFERRAL_JOINED',
      params: { username: referred.user.username },
      read: false,
    });
  });

  it('refuses an unknown referral code and creates no account', async () => {
    const input = newUserInput({ referredBy: 'NOPE0000' });
    const response = await testApp.app.inject({ method: 'POST', url: '/api/users/register', payload: input });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('REFERRAL_CODE_UNKNOWN');
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: input.email, password: input.password },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('GET /api/users/generate-refID', () => {
  it('gives the user a new unique refID that the profile then shows', async () => {
    const { token, user } = await registerUser(testApp.app);
    const response = await testApp.app.inject({ url: '/api/users/generate-refID', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const refID = response.json().data;
    expect(refID).toMatch(/^[A-Z0-9]{8}$/);
    expect(refID).not.toBe(user.refID);
    const profile = await testApp.app.inject({ url: '/api/userProfile/profile', headers: bearer(token) });
    expect(profile.json().data.refID).toBe(refID);
  });

  it('needs a login', async () => {
    const response = await testApp.app.inject({ url: '/api/users/generate-refID' });
    expect(response.statusCode).toBe(401);
  });
});

describe("a user's referrals, a page at a time (issue 34)", () => {
  it('walks every referral newest first; the profile and the admin row carry the first 50 and the count', async () => {
    const referrer = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    // 53 referrals a minute apart (two in the same microsecond), and two of another user's.
    const start = Date.parse('2026-03-01T08:00:00.000Z');
    const rows = Array.from({ length: 55 }, (_, index) => ({
      fullName: `Referred ${index}`,
      username: `referred${index}x${referrer.user.refID}`,
      email: `referred${index}.${referrer.user.refID}@example.ng`,
      passwordHash: 'not-a-hash',
      refId: `R${index}${referrer.user.refID}`.slice(0, 12),
      referredById: index < 53 ? referrer.user.id : other.user.id,
      createdAt: new Date(start + Math.min(index, 52) * 60_000 - (index === 51 ? 60_000 : 0)),
    }));
    await testApp.app.db.insert(users).values(rows);

    const pages = await walkPages<Referral>(testApp.app, '/api/users/referrals', {
      pageSize: 20,
      token: referrer.token,
    });
    expect(pages.map((page) => page.data.length)).toEqual([20, 20, 13]);
    expect(pages.every((page) => page.meta.total === 53)).toBe(true);
    const walked = pages.flatMap((page) => page.data);
    expect(new Set(walked.map((row) => row.id)).size).toBe(53);
    expect(walked.map((row) => row.username)).not.toContain(`referred53x${referrer.user.refID}`);
    const times = walked.map((row) => Date.parse(row.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(walked[0]?.username).toBe(`referred52x${referrer.user.refID}`);

    expect((await testApp.app.inject({ url: '/api/users/referrals' })).statusCode).toBe(401);

    // The profile: the newest 50, the same as the walk's first 50.
    const profile = await testApp.app.inject({
      url: '/api/userProfile/profile',
      headers: bearer(referrer.token),
    });
    expect(profile.json().data.referrals.map((row: Referral) => row.id)).toEqual(
      walked.slice(0, 50).map((row) => row.id),
    );

    // The admin: the same walk for that user, and their row's first 50 (in the order they joined) and count.
    const { token: adminToken } = await loginAsAdmin(testApp.app);
    const asAdmin = await walkPages<Referral>(testApp.app, `/api/admin/users/${referrer.user.id}/referrals`, {
      pageSize: 50,
      token: adminToken,
    });
    expect(asAdmin.flatMap((page) => page.data)).toEqual(walked);
    const forbidden = await testApp.app.inject({
      url: `/api/admin/users/${referrer.user.id}/referrals`,
      headers: bearer(referrer.token),
    });
    expect(forbidden.statusCode).toBe(401);
    const adminRows = await walkPages<{ id: string; referrals: { id: string }[]; referralCount: number }>(
      testApp.app,
      '/api/admin/users',
      { pageSize: 100, token: adminToken },
    );
    const row = adminRows.flatMap((page) => page.data).find((user) => user.id === referrer.user.id);
    expect(row?.referralCount).toBe(53);
    expect(row?.referrals).toHaveLength(50);
    expect(row?.referrals.map((referral) => referral.id)).toEqual(
      walked
        .slice(-50)
        .reverse()
        .map((referral) => referral.id),
    );
  });
});

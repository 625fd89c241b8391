import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { products } from '../src/db/schema';
import { jpegWithExif } from './fixtures';
import { bearer, loginAsAdmin, multipart, useTestApp, verifiedSeller } from './helper';

// Listings as sellers post them, for the suites that need one in the state buyers or admins find it: a
// verified seller uploads a picture and posts the listing through the API (every upload rule holds, so its
// seller can edit it); approving it is a database write (moderation has its own tests).

// A listing's row written straight to the database, for tests that need many (lists, paging, search): every
// field a listing must have, with `fields` over them. Its stored card is written as every listing's is.
export function listingRow(
  ownerId: string,
  title: string,
  fields: Partial<typeof products.$inferInsert> = {},
): typeof products.$inferInsert {
  return {
    ownerId,
    title,
    description: 'Kept with care.',
    specification: 'As in the pictures',
    category: 'Household-Items',
    condition: 'Fairly Used',
    tag: 'For sale',
    price: 5000,
    priceCategory: '500-15000',
    location: 'Ikeja, Lagos',
    ...fields,
  };
}

// A test file's app with an admin signed in (admin.token, once the file's beforeAll hooks have run).
export function useAdminApp(options: Parameters<typeof useTestApp>[0] = {}) {
  const testApp = useTestApp(options);
  const admin = { token: '' };
  beforeAll(async () => {
    admin.token = (await loginAsAdmin(testApp.app)).token;
  });
  return { testApp, admin };
}

// A file sent to POST /api/media by the holder of `token`; the stored file's URL.
export async function uploadFile(
  app: FastifyInstance,
  token: string,
  bytes: Buffer,
  filename = 'a.jpg',
  contentType?: string,
): Promise<string> {
  const body = multipart([{ name: 'file', value: bytes, filename, contentType }]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/media',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json<{ data: { url: string } }>().data.url;
}

// The body of POST /api/products for a listing of `images` (comma-separated URLs, the first the primary).
export function listingBody(images: string, fields: Record<string, unknown> = {}) {
  return {
    title: 'Blue Ankara shirt',
    description: 'Cotton, worn a few times.',
    specification: 'Size L',
    category: 'Clothes',
    condition: 'Fairly Used',
    price: 5000,
    priceCategory: '500-15000',
    primaryImageIndex: 0,
    images,
    ...fields,
  };
}

export async function approveListing(app: FastifyInstance, id: string) {
  await app.db.update(products).set({ status: 'approved' }).where(eq(products.id, id));
}

// A new verified seller's listing with one picture (a 400×300 photo unless `picture`): pending review, or
// approved with `approved`.
export async function sellerListing(
  app: FastifyInstance,
  {
    fields = {},
    picture,
    approved = false,
  }: { fields?: Record<string, unknown>; picture?: Buffer; approved?: boolean } = {},
) {
  const seller = await verifiedSeller(app);
  const image = await uploadFile(app, seller.token, picture ?? (await jpegWithExif(400, 300)));
  const response = await app.inject({
    method: 'POST',
    url: '/api/products',
    headers: bearer(seller.token),
    payload: listingBody(image, fields),
  });
  if (response.statusCode !== 201)
    throw new Error(`listing not posted: ${response.statusCode} ${response.body}`);
  const product = response.json<{ data: { id: string; title: string } }>().data;
  if (approved) await approveListing(app, product.id);
  return { seller, product };
}

// An admin's decision on a listing through the API (PUT /api/adminProduct/{id}/status), as moderation sends
// it: the reply.
export const moderate = (
  app: FastifyInstance,
  adminToken: string,
  productId: string,
  status: 'approved' | 'rejected' = 'approved',
) =>
  app.inject({
    method: 'PUT',
    url: `/api/adminProduct/${productId}/status`,
    headers: bearer(adminToken),
    payload: { status },
  });

import { jpegWithExif, png } from './fixtures';
import { bearer, loginAsAdmin, useTestApp, verifiedSeller } from './helper';
import { approveListing, uploadFile } from './listings';

// The products suites' fixtures: a file's test app, a seller's uploads, a valid listing body (with fields a
// client must not be able to set: uploader and location), posting and approving.

export const testApp = useTestApp();

export const uploadMedia = (token: string, bytes: Buffer, filename: string) =>
  uploadFile(testApp.app, token, bytes, filename);

// An admin signed in and a verified seller with three pictures uploaded (a landscape photo, a PNG, a
// portrait photo, their URLs in that order), for the suites that write one seller's listings.
export async function adminAndSellerWithPictures() {
  const { token: adminToken } = await loginAsAdmin(testApp.app);
  const seller = await verifiedSeller(testApp.app);
  const pictures: string[] = [];
  for (const bytes of [await jpegWithExif(320, 240), await png(), await jpegWithExif(240, 320)]) {
    pictures.push(await uploadMedia(seller.token, bytes, 'x.jpg'));
  }
  return { adminToken, seller, pictures };
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

export const approve = (id: string) => approveListing(testApp.app, id);

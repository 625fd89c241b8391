import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, verifiedSeller } from '../../../test/helper';
import { png } from '../../../test/fixtures';
import { fake, sendToHost, signature, testApp, type Signature } from '../../../test/cloudinary';

// The Cloudinary media adapter, driven as a spec client drives it: ask for signed upload parameters,
// upload the file straight to the media host (here a local fake of Cloudinary's Upload and Admin APIs),
// then name its URL in a listing.

describe('GET /api/media/upload-signature with Cloudinary', () => {
  it('signs upload parameters for the user’s own folder, as Cloudinary checks them', async () => {
    const seller = await verifiedSeller(testApp.app);
    expect((await testApp.app.inject({ url: '/api/media/upload-signature' })).statusCode).toBe(401);

    const response = await testApp.app.inject({
      url: '/api/media/upload-signature',
      headers: bearer(seller.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const signed = response.json<{ message: string; data: Signature }>();
    expect(signed.message).toBe('Upload parameters signed.');
    const { fields } = signed.data;
    expect(signed.data).toMatchObject({
      uploadUrl: `${fake.apiBase}/v1_1/${fake.cloudName}/auto/upload`,
      folder: `oja/users/${seller.user.id}`,
      allowedFormats: ['jpg', 'png', 'webp', 'mp4', 'webm', 'mov'],
      maxBytes: 10 * 1024 * 1024,
    });
    expect(fields.api_key).toBe(fake.apiKey);
    expect(fields.folder).toBe(`oja/users/${seller.user.id}`);
    expect(fields.allowed_formats).toBe('jpg,png,webp,mp4,webm,mov');
    expect(Math.abs(Number(fields.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(new Date(signed.data.expiresAt).getTime()).toBe((Number(fields.timestamp) + 3600) * 1000);
    // Cloudinary's rule, computed here on its own: sorted signed parameters, '&', the secret, SHA-1.
    const toSign = `allowed_formats=${fields.allowed_formats}&folder=${fields.folder}&timestamp=${fields.timestamp}`;
    expect(fields.signature).toBe(
      createHash('sha1')
        .update(toSign + fake.apiSecret)
        .digest('hex'),
    );
  });

  it('lets the browser upload into its own folder only, and only pictures and videos', async () => {
    const seller = await verifiedSeller(testApp.app);
    const other = await verifiedSeller(testApp.app);
    const signed = await signature(seller.token);
    const uploaded = await sendToHost(signed, await png(), 'fan.png');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.public_id.startsWith(`oja/users/${seller.user.id}/`)).toBe(true);

    // Another folder (someone else's) breaks the signature.
    const elsewhere = await sendToHost(signed, await png(), 'fan.png', {
      folder: `oja/users/${other.user.id}`,
    });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.error?.message).toMatch(/Invalid Signature/);
    // A GIF is not in the signed formats.
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const refused = await sendToHost(signed, gif, 'a.gif');
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toMatch(/gif not allowed/);
  });
});

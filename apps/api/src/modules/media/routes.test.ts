import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, registerUser, type TestApp } from '../../../test/helper';
import {
  isoBox,
  jpegWithExif,
  mp4Bytes,
  mp4WithLocation,
  png,
  VIDEO_GPS_TEXT,
  webmWithLocation,
} from '../../../test/fixtures';

let testApp: TestApp;
let token: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  ({ token } = await registerUser(testApp.app));
});
afterAll(async () => {
  await testApp.close();
});

const upload = (bytes: Buffer, filename: string, contentType: string, authToken: string | null = token) => {
  const body = multipart([{ name: 'file', value: bytes, filename, contentType }]);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/media',
    payload: body.payload,
    headers: { ...body.headers, ...(authToken ? bearer(authToken) : {}) },
  });
};

const mediaFiles = () => {
  const dir = path.join(testApp.dataDir, 'media');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
};

describe('POST /api/media', () => {
  it('re-encodes a photo to WebP in several widths, with every piece of metadata stripped', async () => {
    const original = await jpegWithExif(1600, 1200);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const response = await upload(original, 'holiday.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({ kind: 'image', contentType: 'image/webp', width: 1600, height: 1200 });
    expect(data.variants.map((variant: { width: number }) => variant.width)).toEqual([320, 640, 1280, 1600]);
    expect(data.url).toMatch(/^http:\/\/oja\.test\/media\/images\/[0-9a-f-]+-1600\.webp$/);

    for (const variant of data.variants as { url: string }[]) {
      const served = await testApp.app.inject({ url: variant.url });
      expect(served.statusCode).toBe(200);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(served.rawPayload.toString('latin1')).not.toContain('Secret Model');
    }
    const thumbnail = await testApp.app.inject({ url: data.variants[0].url });
    expect(thumbnail.rawPayload.length).toBeLessThanOrEqual(30 * 1024);
  });

  it('keeps the largest size at the picture’s own width, up to 1,600 px', async () => {
    const medium = (await upload(await jpegWithExif(1000, 750), 'medium.jpg', 'image/jpeg')).json().data;
    expect(medium.variants.map((variant: { width: number }) => variant.width)).toEqual([320, 640, 1000]);
    expect(medium).toMatchObject({ width: 1000, height: 750 });
    const largest = await testApp.app.inject({ url: medium.url });
    expect(await sharp(largest.rawPayload).metadata()).toMatchObject({ width: 1000, height: 750 });

    const huge = (await upload(await jpegWithExif(3000, 2000), 'huge.jpg', 'image/jpeg')).json().data;
    expect(huge.variants.map((variant: { width: number }) => variant.width)).toEqual([320, 640, 1280, 1600]);
    expect(huge).toMatchObject({ width: 1600, height: 1067 });
  });

  it('measures a phone’s portrait photo upright', async () => {
    // Stored on its side (800 × 600) with EXIF orientation 6: upright it is 600 wide and 800 tall.
    const sideways = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 90, b: 200 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const data = (await upload(sideways, 'portrait.jpg', 'image/jpeg')).json().data;
    expect(data).toMatchObject({ width: 600, height: 800 });
    expect(data.variants.map((variant: { width: number }) => variant.width)).toEqual([320, 600]);
    const largest = await testApp.app.inject({ url: data.url });
    expect(await sharp(largest.rawPayload).metadata()).toMatchObject({ width: 600, height: 800 });
  });

  it('never enlarges a small picture', async () => {
    const response = await upload(await png(300, 200), 'small.png', 'image/png');
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ width: 300, height: 200 });
    expect(response.json().data.variants).toHaveLength(1);
  });

  it('keeps a video without metadata byte for byte when its bytes say MP4', async () => {
    const original = mp4Bytes();
    const response = await upload(original, 'clip.mp4', 'video/mp4');
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ kind: 'video', contentType: 'video/mp4' });
    const served = await testApp.app.inject({ url: response.json().data.url });
    expect(Buffer.compare(served.rawPayload, original)).toBe(0);
  });

  it('blanks the GPS position a phone wrote into a video, keeping its length', async () => {
    for (const [original, filename, contentType] of [
      [mp4WithLocation(), 'clip.mp4', 'video/mp4'],
      [mp4WithLocation('qt  '), 'clip.mov', 'video/quicktime'],
      [webmWithLocation(), 'clip.webm', 'video/webm'],
    ] as const) {
      const response = await upload(original, filename, contentType);
      expect(response.statusCode, filename).toBe(201);
      expect(response.json().data).toMatchObject({ kind: 'video', contentType, bytes: original.length });
      const served = await testApp.app.inject({ url: response.json().data.url });
      expect(served.rawPayload.length).toBe(original.length);
      expect(served.rawPayload.toString('latin1')).not.toContain(VIDEO_GPS_TEXT);
    }
  });

  it('refuses a video whose boxes cannot be walked, and stores nothing', async () => {
    const before = mediaFiles().length;
    const broken = Buffer.concat([
      mp4Bytes(64),
      isoBox('moov', Buffer.from([0, 0, 9, 0]), 'udta', VIDEO_GPS_TEXT),
    ]);
    const response = await upload(broken, 'clip.mp4', 'video/mp4');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'MEDIA_TYPE_NOT_ALLOWED' } });
    expect(mediaFiles().length).toBe(before);
  });

  it('refuses a script named .jpg, whatever the declared type, and stores nothing', async () => {
    const before = mediaFiles().length;
    const response = await upload(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'photo.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'MEDIA_TYPE_NOT_ALLOWED' } });
    expect(mediaFiles().length).toBe(before);
  });

  it("refuses an 11MB image with the spec's message, and stores nothing", async () => {
    const before = mediaFiles().length;
    const big = Buffer.concat([await jpegWithExif(64, 64), Buffer.alloc(11 * 1024 * 1024, 7)]);
    const response = await upload(big, 'huge.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      message: 'Each Image file size should not exceed 10MB',
      error: { code: 'IMAGE_TOO_LARGE' },
    });
    expect(mediaFiles().length).toBe(before);
  });

  it("refuses an 11MB video with the spec's message", async () => {
    const response = await upload(mp4Bytes(11 * 1024 * 1024), 'long.mp4', 'video/mp4');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Video file size should not exceed 10MB');
  });

  it('needs a login and a file', async () => {
    expect((await upload(await png(), 'a.png', 'image/png', null)).statusCode).toBe(401);
    const noFile = await testApp.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: { file: 'x' },
      headers: bearer(token),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.code).toBe('MEDIA_FILE_REQUIRED');
  });
});

describe('GET /api/media/upload-signature without a media host', () => {
  it('answers 409 MEDIA_UPLOADS_TO_API: uploads go to POST /api/media', async () => {
    expect((await testApp.app.inject({ url: '/api/media/upload-signature' })).statusCode).toBe(401);
    const response = await testApp.app.inject({ url: '/api/media/upload-signature', headers: bearer(token) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      ok: false,
      message:
        'Uploads go to POST /api/media on this server; direct uploads to a media host are not configured.',
      error: { code: 'MEDIA_UPLOADS_TO_API' },
    });
    const csp = String((await testApp.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).not.toContain('cloudinary');
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
  });
});

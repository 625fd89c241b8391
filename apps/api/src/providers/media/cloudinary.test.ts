import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { cloudinarySignature, createCloudinaryHost } from './cloudinary';

const host = createCloudinaryHost({
  cloudName: 'oja-cloud',
  apiKey: 'key',
  apiSecret: 'secret',
  apiBase: 'https://api.cloudinary.com',
});
const owner = '5b1f3c8e-2d4a-4f6b-9c0d-1e2f3a4b5c6d';

describe('the Cloudinary adapter', () => {
  it('signs parameters as Cloudinary documents it (its own example)', () => {
    const params = {
      timestamp: '1315060510',
      public_id: 'sample_image',
      eager: 'w_400,h_300,c_pad|w_260,h_200,c_crop',
    };
    expect(cloudinarySignature(params, 'abcd')).toBe('bfd09f95f331f558cbd1320e67aa8d488770583e');
  });

  it('reads the asset from a delivery URL, with or without transformations and version', () => {
    const id = `oja/users/${owner}/kq3xv9`;
    expect(host.parseUrl(`https://res.cloudinary.com/oja-cloud/image/upload/v1712345678/${id}.jpg`)).toEqual({
      kind: 'image',
      publicId: id,
      version: '1712345678',
    });
    expect(
      host.parseUrl(
        `https://res.cloudinary.com/oja-cloud/image/upload/c_limit,f_webp,fl_force_strip,q_auto,w_640/v17/${id}.webp`,
      ),
    ).toEqual({ kind: 'image', publicId: id, version: '17' });
    expect(host.parseUrl(`https://res.cloudinary.com/oja-cloud/video/upload/${id}.mp4`)).toEqual({
      kind: 'video',
      publicId: id,
      version: null,
    });
    for (const url of [
      `https://res.cloudinary.com/other-cloud/image/upload/v1/${id}.jpg`,
      `http://res.cloudinary.com/oja-cloud/image/upload/v1/${id}.jpg`,
      `https://res.cloudinary.com/oja-cloud/raw/upload/v1/${id}.txt`,
      `https://res.cloudinary.com/oja-cloud/image/private/v1/${id}.jpg`,
      `https://res.cloudinary.com/oja-cloud/image/upload/v1/${id}.jpg?x=1`,
      '/media/images/a-1280.webp',
      'not a url',
    ]) {
      expect(host.parseUrl(url)).toBeNull();
    }
  });

  it('takes only the owner’s own folder', () => {
    const ref = host.parseUrl(
      `https://res.cloudinary.com/oja-cloud/image/upload/v1/oja/users/${owner}/kq3xv9.png`,
    );
    expect(ref && host.isOwnedBy(ref, owner)).toBe(true);
    expect(ref && host.isOwnedBy(ref, '00000000-0000-4000-8000-000000000000')).toBe(false);
  });

  it('is configured by CLOUDINARY_URL, and a malformed one stops the start', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/oja-config-test', JWT_SECRET: 'x'.repeat(40) } as const;
    expect(loadConfig({ ...env }).cloudinary).toBeUndefined();
    expect(loadConfig({ ...env, CLOUDINARY_URL: 'cloudinary://1234:s3cr%40t@oja-cloud' }).cloudinary).toEqual(
      {
        cloudName: 'oja-cloud',
        apiKey: '1234',
        apiSecret: 's3cr@t',
        apiBase: 'https://api.cloudinary.com',
      },
    );
    for (const bad of [
      'https://1234:secret@oja-cloud',
      'cloudinary://1234@oja-cloud',
      'cloudinary://oja-cloud',
    ]) {
      expect(() => loadConfig({ ...env, CLOUDINARY_URL: bad })).toThrow(/CLOUDINARY_URL/);
    }
  });
});

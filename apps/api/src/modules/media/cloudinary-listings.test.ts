import { describe, expect, it } from 'vitest';
import { bearer, buildTestApp, verifiedSeller } from '../../../test/helper';
import { jpegWithExif, mp4Bytes, png } from '../../../test/fixtures';
import {
  adminCalls,
  create,
  directUpload,
  fake,
  listing,
  ownListings,
  testApp,
} from '../../../test/cloudinary';
import { createCloudinaryHost } from '../../providers/media/cloudinary';
import { media } from '../../db/schema';

// A listing naming the URLs of pictures and videos a seller sent straight to Cloudinary: checked with its
// Admin API, recorded once, served through its transformations; clear answers when the host fails.

describe('a listing naming Cloudinary URLs', () => {
  it('accepts the seller’s uploads and serves pictures through WebP transformations in the local sizes (own width up to 1,600 px)', async () => {
    const seller = await verifiedSeller(testApp.app);
    const wide = await directUpload(seller.token, await jpegWithExif(1600, 1200), 'fan.jpg');
    const small = await directUpload(seller.token, await png(500, 400), 'label.png');
    const middle = await directUpload(seller.token, await jpegWithExif(1000, 750), 'shoe.jpg');
    const video = await directUpload(seller.token, mp4Bytes(), 'fan.mp4');
    expect(wide).toMatch(
      new RegExp(
        `^https://res\\.cloudinary\\.com/${fake.cloudName}/image/upload/v\\d+/oja/users/${seller.user.id}/[a-z0-9]+\\.jpg$`,
      ),
    );

    const response = await create(
      seller.token,
      listing({ images: `${wide},${small},${middle}`, video, category: 'Electronics' }),
    );
    expect(response.statusCode).toBe(201);
    const product = response.json().data;
    const base = `https://res.cloudinary.com/${fake.cloudName}`;
    const wideId = wide.replace(/^.*\/upload\/(v\d+\/.*)\.jpg$/, '$1');
    const smallId = small.replace(/^.*\/upload\/(v\d+\/.*)\.png$/, '$1');
    const middleId = middle.replace(/^.*\/upload\/(v\d+\/.*)\.jpg$/, '$1');
    const at = (id: string, width: number) =>
      `${base}/image/upload/c_limit,f_webp,fl_force_strip,q_auto,w_${width}/${id}.webp`;
    // As a local upload: the standard widths the picture is wider than, then its own width up to 1,600 px
    // (the largest transformation, which c_limit never enlarges).
    expect(product.images).toEqual([at(wideId, 1600), at(smallId, 1600), at(middleId, 1600)]);
    expect(product.primaryImage).toBe(at(wideId, 1600));
    expect(product.media).toEqual([
      {
        url: at(wideId, 1600),
        width: 1600,
        height: 1200,
        variants: [
          { width: 320, url: at(wideId, 320) },
          { width: 640, url: at(wideId, 640) },
          { width: 1280, url: at(wideId, 1280) },
          { width: 1600, url: at(wideId, 1600) },
        ],
      },
      {
        url: at(smallId, 1600),
        width: 500,
        height: 400,
        variants: [
          { width: 320, url: at(smallId, 320) },
          { width: 500, url: at(smallId, 1600) },
        ],
      },
      {
        url: at(middleId, 1600),
        width: 1000,
        height: 750,
        variants: [
          { width: 320, url: at(middleId, 320) },
          { width: 640, url: at(middleId, 640) },
          { width: 1000, url: at(middleId, 1600) },
        ],
      },
    ]);
    expect(product.videoUrl).toBe(
      video.replace('/video/upload/', '/video/upload/q_auto/').replace(/\.mp4$/, '.mp4'),
    );
    expect(product.video).toBe(product.videoUrl);

    // Each asset was checked with the Admin API, with our key and secret.
    const checks = adminCalls();
    expect(checks.map((call) => call.path)).toEqual(
      expect.arrayContaining([
        `/v1_1/${fake.cloudName}/resources/image/upload/${wideId.replace(/^v\d+\//, '')}`,
        `/v1_1/${fake.cloudName}/resources/video/upload/${video.replace(/^.*\/upload\/v\d+\/(.*)\.mp4$/, '$1')}`,
      ]),
    );
    expect(checks.at(-1)?.authorization).toBe(
      `Basic ${Buffer.from(`${fake.apiKey}:${fake.apiSecret}`).toString('base64')}`,
    );

    // The URLs read back from the reply name the same media: an edit with them changes nothing and asks
    // Cloudinary nothing.
    const asked = adminCalls().length;
    const edit = await testApp.app.inject({
      method: 'PUT',
      url: `/api/myProducts/${product.id}`,
      payload: { images: product.images.join(','), video: product.videoUrl },
      headers: bearer(seller.token),
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().message).toBe('Product updated.');
    expect(edit.json().data.images).toEqual(product.images);
    expect(adminCalls().length).toBe(asked);
  });

  it('keeps a picture recorded when the largest size was 1,280 px as it is: named again, Cloudinary is not asked', async () => {
    const seller = await verifiedSeller(testApp.app);
    const uploaded = await directUpload(seller.token, await jpegWithExif(1600, 1200), 'old.jpg');
    const id = uploaded.replace(/^.*\/upload\/(v\d+\/.*)\.jpg$/, '$1');
    const old = `https://res.cloudinary.com/${fake.cloudName}/image/upload/c_limit,f_webp,fl_force_strip,q_auto,w_1280/${id}.webp`;
    const variants = [320, 640, 1280].map((width) => ({ width, url: old.replace('w_1280', `w_${width}`) }));
    await testApp.app.db.insert(media).values({
      ownerId: seller.user.id,
      kind: 'image',
      url: old,
      contentType: 'image/webp',
      bytes: 2000,
      width: 1280,
      height: 960,
      variants,
    });
    const asked = adminCalls().length;
    const response = await create(seller.token, listing({ images: old }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data.images).toEqual([old]);
    expect(response.json().data.media[0].variants).toEqual(variants);
    expect(adminCalls().length).toBe(asked);
  });

  it.each([
    ['another seller’s upload', 'other'],
    ['an asset in another folder of the cloud', 'folder'],
    ['an asset of another cloud', 'cloud'],
  ])('refuses %s with IMAGE_NOT_YOURS, without asking Cloudinary', async (_name, kind) => {
    const seller = await verifiedSeller(testApp.app);
    const other = await verifiedSeller(testApp.app);
    let url: string;
    if (kind === 'other') url = await directUpload(other.token, await png(), 'theirs.png');
    else if (kind === 'folder')
      url = fake.secureUrl(
        fake.putAsset({
          folder: 'samples',
          resourceType: 'image',
          format: 'png',
          bytes: 2000,
          width: 400,
          height: 400,
        }),
      );
    else
      url = `https://res.cloudinary.com/someone-else/image/upload/v1712345678/oja/users/${seller.user.id}/abc.png`;
    const asked = adminCalls().length;
    const response = await create(seller.token, listing({ images: url }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('IMAGE_NOT_YOURS');
    expect(adminCalls().length).toBe(asked);
    expect(await ownListings(seller.token)).toEqual([]);
  });

  it('refuses a picture named as the video, and a video named as a picture', async () => {
    const seller = await verifiedSeller(testApp.app);
    const picture = await directUpload(seller.token, await png(), 'a.png');
    const video = await directUpload(seller.token, mp4Bytes(), 'a.mp4');
    const asVideo = await create(
      seller.token,
      listing({ images: picture, video: picture, category: 'Electronics' }),
    );
    expect(asVideo.json().error.code).toBe('VIDEO_NOT_YOURS');
    const asPicture = await create(seller.token, listing({ images: video }));
    expect(asPicture.json().error.code).toBe('IMAGE_NOT_YOURS');
  });

  it('answers clearly when the asset is missing, too big or of another format, and stores nothing', async () => {
    const seller = await verifiedSeller(testApp.app);
    const folder = `oja/users/${seller.user.id}`;
    const put = (resourceType: 'image' | 'video', format: string, bytes: number) =>
      fake.secureUrl(
        fake.putAsset({
          folder,
          resourceType,
          format,
          bytes,
          width: resourceType === 'image' ? 800 : null,
          height: resourceType === 'image' ? 600 : null,
        }),
      );
    const good = put('image', 'jpg', 50_000);
    const cases: [Record<string, unknown>, number, string][] = [
      [
        {
          images: `https://res.cloudinary.com/${fake.cloudName}/image/upload/v1712345678/${folder}/gone.jpg`,
        },
        400,
        'MEDIA_NOT_FOUND',
      ],
      [{ images: put('image', 'jpg', 10 * 1024 * 1024 + 1) }, 413, 'IMAGE_TOO_LARGE'],
      [
        { images: good, category: 'Electronics', video: put('video', 'mp4', 12 * 1024 * 1024) },
        413,
        'VIDEO_TOO_LARGE',
      ],
      [{ images: put('image', 'gif', 20_000) }, 415, 'MEDIA_TYPE_NOT_ALLOWED'],
      [
        { images: good, category: 'Electronics', video: put('video', 'avi', 20_000) },
        415,
        'MEDIA_TYPE_NOT_ALLOWED',
      ],
    ];
    for (const [overrides, status, code] of cases) {
      const response = await create(seller.token, listing(overrides));
      expect({ status: response.statusCode, code: response.json().error.code }).toEqual({ status, code });
    }
    expect(await ownListings(seller.token)).toEqual([]);
    // The message says what to do, in the spec's words where it has them.
    const tooBig = await create(seller.token, listing({ images: put('image', 'png', 11 * 1024 * 1024) }));
    expect(tooBig.json().message).toBe('Each Image file size should not exceed 10MB');
  });

  it.each(['server-error', 'rate-limited', 'not-json'] as const)(
    'answers 502 when Cloudinary’s Admin API fails (%s), never 500',
    async (behaviour) => {
      const seller = await verifiedSeller(testApp.app);
      const url = await directUpload(seller.token, await png(), 'a.png');
      fake.behaviour.admin = behaviour;
      const response = await create(seller.token, listing({ images: url }));
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        ok: false,
        message: 'The media host could not be reached. Please try again in a moment.',
        error: { code: 'MEDIA_HOST_UNAVAILABLE' },
      });
      expect(await ownListings(seller.token)).toEqual([]);

      // Once it is back, the same listing goes through.
      fake.behaviour.admin = 'normal';
      expect((await create(seller.token, listing({ images: url }))).statusCode).toBe(201);
    },
  );

  it('answers 502 when Cloudinary does not answer in time or cannot be reached', async () => {
    const { config } = testApp;
    const slow = await buildTestApp({
      env: { CLOUDINARY_URL: fake.url, CLOUDINARY_API_BASE: fake.apiBase },
      providers: {
        mediaHost: createCloudinaryHost({ ...config.cloudinary!, apiBase: fake.apiBase }, { timeoutMs: 300 }),
      },
    });
    const unreachable = await buildTestApp({
      env: { CLOUDINARY_URL: fake.url, CLOUDINARY_API_BASE: 'http://127.0.0.1:9' },
    });
    try {
      for (const app of [slow.app, unreachable.app]) {
        const seller = await verifiedSeller(app);
        const asset = fake.putAsset({
          folder: `oja/users/${seller.user.id}`,
          resourceType: 'image',
          format: 'png',
          bytes: 3000,
          width: 400,
          height: 400,
        });
        fake.behaviour.admin = app === slow.app ? 'hang' : 'normal';
        const response = await app.inject({
          method: 'POST',
          url: '/api/products',
          payload: listing({ images: fake.secureUrl(asset) }),
          headers: bearer(seller.token),
        });
        expect(response.statusCode).toBe(502);
        expect(response.json().error.code).toBe('MEDIA_HOST_UNAVAILABLE');
      }
    } finally {
      await slow.close();
      await unreachable.close();
    }
  });

  it('allows Cloudinary in the Content-Security-Policy: pictures from res.cloudinary.com, uploads to its API', async () => {
    const response = await testApp.app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*https:\/\/res\.cloudinary\.com/);
    expect(csp).toMatch(/media-src [^;]*https:\/\/res\.cloudinary\.com/);
    expect(csp).toContain(`connect-src 'self' ${fake.apiBase}`);
  });
});

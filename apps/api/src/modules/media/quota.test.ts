import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { defaultRateLimits } from '../../config';
import {
  bearer,
  buildTestApp,
  multipart,
  registerUser,
  verifiedSeller,
  type TestApp,
} from '../../../test/helper';
import { png } from '../../../test/fixtures';
import { listingBody } from '../../../test/listings';

// Per-user limits on new media and new listings (decision 016), counted in the database: a second API
// process on the same database sees the same count.
let testApp: TestApp;
let otherProcess: FastifyInstance;
beforeAll(async () => {
  testApp = await buildTestApp({
    config: {
      userLimits: {
        mediaUploads: { max: 3, windowMs: 60 * 60_000 },
        newListings: { max: 2, windowMs: 60 * 60_000 },
        messages: { max: 100, windowMs: 60 * 60_000 },
      },
    },
  });
  otherProcess = await buildApp({
    config: {
      ...testApp.config,
      rateLimits: { ...defaultRateLimits, general: { max: 100_000, windowMs: 60_000 } },
    },
    database: { ...testApp.database, close: () => Promise.resolve() },
    logger: false,
  });
  await otherProcess.ready();
});
afterAll(async () => {
  await otherProcess.close();
  await testApp.close();
});

async function upload(
  app: FastifyInstance,
  token: string,
  bytes: Buffer,
  filename = 'p.png',
  contentType = 'image/png',
) {
  const body = multipart([{ name: 'file', value: bytes, filename, contentType }]);
  return app.inject({
    method: 'POST',
    url: '/api/media',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

const listing = (app: FastifyInstance, token: string, image: string) =>
  app.inject({ method: 'POST', url: '/api/products', headers: bearer(token), payload: listingBody(image) });

describe('per-user limits', () => {
  it('refuses uploads past the limit with a clear 429, whichever process counts them', async () => {
    const seller = await registerUser(testApp.app);
    const picture = await png(200, 200);
    expect((await upload(testApp.app, seller.token, picture)).statusCode).toBe(201);
    expect((await upload(otherProcess, seller.token, picture)).statusCode).toBe(201);
    expect((await upload(testApp.app, seller.token, picture)).statusCode).toBe(201);

    const refused = await upload(otherProcess, seller.token, picture);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      ok: false,
      message:
        'You have uploaded a lot of pictures and videos in the last hour. Please wait a while before uploading more.',
      error: { code: 'MEDIA_UPLOAD_LIMIT' },
    });
    // Someone else is not limited by it.
    const other = await registerUser(testApp.app);
    expect((await upload(testApp.app, other.token, picture)).statusCode).toBe(201);
  });

  it('does not count a refused file', async () => {
    const seller = await registerUser(testApp.app);
    expect(
      (await upload(testApp.app, seller.token, Buffer.from('#!/bin/sh\n'), 'p.jpg', 'image/jpeg')).statusCode,
    ).toBe(415);
    for (let index = 0; index < 3; index++) {
      expect((await upload(testApp.app, seller.token, await png(100 + index, 100))).statusCode).toBe(201);
    }
    expect((await upload(testApp.app, seller.token, await png(120, 100))).statusCode).toBe(429);
  });

  it('refuses new listings past the limit, and does not count a refused one', async () => {
    const seller = await verifiedSeller(testApp.app);
    const image = (await upload(testApp.app, seller.token, await png(300, 300))).json().data.url as string;
    expect((await listing(testApp.app, seller.token, '/media/images/not-mine.webp')).statusCode).toBe(400);
    expect((await listing(testApp.app, seller.token, image)).statusCode).toBe(201);
    expect((await listing(otherProcess, seller.token, image)).statusCode).toBe(201);

    const refused = await listing(otherProcess, seller.token, image);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: 'You have posted a lot of listings in the last hour. Please wait a while before posting more.',
      error: { code: 'LISTING_LIMIT' },
    });
    const mine = await testApp.app.inject({ url: '/api/myProducts', headers: bearer(seller.token) });
    expect(mine.json().data).toHaveLength(2);
  });
});

import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { bearer, multipart, useTestApp, verifiedSeller } from '../../../test/helper';
import { mp4Bytes, png } from '../../../test/fixtures';
import { sweepUnattachedMedia } from './service';

// The clean-up of media no listing uses (decision 016), tested by ageing rows.
const testApp = useTestApp();

const app = () => testApp.app;

async function upload(token: string, bytes: Buffer, filename: string, contentType: string) {
  const body = multipart([{ name: 'file', value: bytes, filename, contentType }]);
  const response = await app().inject({
    method: 'POST',
    url: '/api/media',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  return response.json<{ data: { id: string; url: string; variants: { url: string }[] } }>().data;
}

const served = async (url: string) => (await app().inject({ url })).statusCode;

async function age(ids: string[], hours: number) {
  await app()
    .db.update(media)
    .set({ createdAt: new Date(Date.now() - hours * 60 * 60_000) })
    .where(inArray(media.id, ids));
}

const sweep = () => sweepUnattachedMedia({ db: app().db, storage: app().providers.mediaStorage });

describe('removing unattached media', () => {
  it("removes a day-old upload no listing uses, rows and files, and keeps listings' pictures and videos and fresh uploads", async () => {
    const seller = await verifiedSeller(app());
    const picture = await upload(seller.token, await png(700, 500), 'a.png', 'image/png');
    const video = await upload(seller.token, mp4Bytes(), 'v.mp4', 'video/mp4');
    const orphan = await upload(seller.token, await png(700, 500), 'b.png', 'image/png');
    const fresh = await upload(seller.token, await png(300, 300), 'c.png', 'image/png');
    const created = await app().inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller.token),
      payload: {
        title: 'Kettle with its video',
        description: 'Boils fast.',
        specification: '1.7 litres',
        category: 'Household-Items',
        condition: 'Fairly Used',
        price: 9000,
        priceCategory: '500-15000',
        primaryImageIndex: 0,
        images: picture.url,
        video: video.url,
      },
    });
    expect(created.statusCode).toBe(201);
    await age([picture.id, video.id, orphan.id], 25);
    await age([fresh.id], 23);
    expect(orphan.variants.length).toBeGreaterThan(1);
    expect(await served(orphan.url)).toBe(200);

    expect(await sweep()).toBe(1);

    const left = await app().db.select({ id: media.id }).from(media).where(eq(media.ownerId, seller.user.id));
    expect(left.map((row) => row.id).sort()).toEqual([picture.id, video.id, fresh.id].sort());
    for (const variant of orphan.variants) expect(await served(variant.url)).toBe(404);
    expect(await served(picture.url)).toBe(200);
    expect(await served(video.url)).toBe(200);
    expect(await served(fresh.url)).toBe(200);
    const product = await app().inject({
      url: `/api/products/${created.json().data.id}`,
      headers: bearer(seller.token),
    });
    expect(product.json().data).toMatchObject({ images: [picture.url], video: video.url });
  });

  it('removes each upload once when several processes sweep at the same time', async () => {
    const seller = await verifiedSeller(app());
    const uploads = [];
    for (let index = 0; index < 4; index++)
      uploads.push(await upload(seller.token, await png(200 + index, 200), 'p.png', 'image/png'));
    await age(
      uploads.map((item) => item.id),
      30,
    );

    const results = await Promise.all([sweep(), sweep(), sweep()]);
    // A sweep that finds the lock taken skips its turn (null); together they remove each upload once.
    expect(results.reduce<number>((sum, removed) => sum + (removed ?? 0), 0)).toBe(4);
    expect(
      await app().db.select({ id: media.id }).from(media).where(eq(media.ownerId, seller.user.id)),
    ).toEqual([]);
  });
});

import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './client';
import { media, productImages, products, users } from './schema';
import { bearer, type RegisteredUser } from '../../test/helper';
import { listingBody, moderate } from '../../test/listings';
import { adminAndSellerWithPictures, post, testApp } from '../../test/products';

// The card each list shows is kept by the database (decision 030): whatever writes a listing, its pictures,
// its seller or a picture's sizes, the stored card equals the card built afresh, in the same transaction.

let adminToken: string;
let seller: RegisteredUser;
let pictures: string[];
beforeAll(async () => {
  ({ adminToken, seller, pictures } = await adminAndSellerWithPictures());
});

async function staleCards(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(testApp.app.db, {
    text: 'select count(*)::int as n from products where card is distinct from product_card(products)',
    values: [],
  });
  return row?.n ?? -1;
}

type Card = {
  id: string;
  title: string;
  price: number | null;
  images: string[];
  primaryImage: string | null;
  user: { username: string; isVerified: boolean };
  media: { width: number | null }[];
};

async function cardInList(id: string): Promise<Card | undefined> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/products?pageSize=50' });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Card[] }>().data.find((card) => card.id === id);
}

describe('stored listing cards', () => {
  it('follows every write of a listing, its pictures, its seller and its pictures’ sizes', async () => {
    const created = await post(
      '/api/products',
      listingBody(pictures.join(','), { title: 'Ankara dress, size 12', price: 8000, primaryImageIndex: 1 }),
      seller.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: string } }>().data.id;
    expect(await staleCards()).toBe(0);
    expect(await cardInList(id)).toBeUndefined();

    const approved = await moderate(testApp.app, adminToken, id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await staleCards()).toBe(0);
    let card = await cardInList(id);
    expect(card?.title).toBe('Ankara dress, size 12');
    expect(card?.images).toEqual(pictures);
    expect(card?.primaryImage).toBe(pictures[1]);

    const edited = await testApp.app.inject({
      method: 'PUT',
      url: `/api/adminProduct/${id}`,
      headers: bearer(adminToken),
      payload: { title: 'Ankara dress, checked', price: 7000 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    card = await cardInList(id);
    expect(card).toMatchObject({ title: 'Ankara dress, checked', price: 7000 });

    // Pictures removed and reordered straight in the database: the triggers, not the routes, keep the card.
    await testApp.app.db.delete(productImages).where(eq(productImages.productId, id));
    expect(await staleCards()).toBe(0);
    expect((await cardInList(id))?.images).toEqual([]);
    const rows = await testApp.app.db
      .select({ id: media.id, url: media.url })
      .from(media)
      .where(eq(media.ownerId, seller.user.id));
    // The replies' URLs are the stored ones made absolute (decision 051).
    const byUrl = new Map(rows.map((row) => [`http://oja.test${row.url}`, row.id]));
    await testApp.app.db.insert(productImages).values([
      { productId: id, mediaId: byUrl.get(pictures[2] as string) as string, position: 0 },
      { productId: id, mediaId: byUrl.get(pictures[0] as string) as string, position: 1 },
    ]);
    expect(await staleCards()).toBe(0);
    card = await cardInList(id);
    expect(card?.images).toEqual([pictures[2], pictures[0]]);
    expect(card?.primaryImage).toBe(pictures[0]);
    await testApp.app.db
      .update(productImages)
      .set({ position: sql`${productImages.position} + 5` })
      .where(eq(productImages.productId, id));
    expect(await staleCards()).toBe(0);

    await testApp.app.db
      .update(users)
      .set({ username: 'renamed_seller', isVerified: false })
      .where(eq(users.id, seller.user.id));
    expect(await staleCards()).toBe(0);
    await testApp.app.db
      .update(productImages)
      .set({ position: 1 })
      .where(eq(productImages.mediaId, byUrl.get(pictures[0] as string) as string));
    await testApp.app.db
      .update(media)
      .set({ width: 111 })
      .where(eq(media.id, byUrl.get(pictures[0] as string) as string));
    expect(await staleCards()).toBe(0);
    card = await cardInList(id);
    expect(card?.user).toMatchObject({ username: 'renamed_seller', isVerified: false });
    expect(card?.media[0]?.width).toBe(111);

    await testApp.app.db.update(products).set({ isAvailable: false }).where(eq(products.id, id));
    expect(await staleCards()).toBe(0);
    expect(await cardInList(id)).toBeUndefined();
  });
});

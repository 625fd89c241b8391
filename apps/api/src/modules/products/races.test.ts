import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, productImages, products } from '../../db/schema';
import { bearer, type RegisteredUser } from '../../../test/helper';
import { listingBody } from '../../../test/listings';
import { adminAndSellerWithPictures, approve, post, testApp } from '../../../test/products';

// Writes of one listing sent at the same moment. On PostgreSQL (TEST_DATABASE_URL) they really run in
// parallel on a pool of connections; on PGlite they are serialized, and the same invariants must hold.

let adminToken: string;
let seller: RegisteredUser;
let pictures: string[];
beforeAll(async () => {
  ({ adminToken, seller, pictures } = await adminAndSellerWithPictures());
});

async function listing(primaryImageIndex = 2): Promise<string> {
  const body = listingBody(pictures.join(','), {
    title: 'Ankara dress, size 12',
    price: 8000,
    primaryImageIndex,
  });
  const response = await post('/api/products', body, seller.token);
  if (response.statusCode !== 201) throw new Error(response.body);
  const id = response.json<{ data: { id: string } }>().data.id;
  await approve(id);
  return id;
}

const ownerEdit = (id: string, payload: object) =>
  testApp.app.inject({ method: 'PUT', url: `/api/myProducts/${id}`, headers: bearer(seller.token), payload });
const ownerDelete = (id: string) =>
  testApp.app.inject({
    method: 'DELETE',
    url: `/api/myProducts/delete/${id}`,
    headers: bearer(seller.token),
  });
const adminDelete = (id: string) =>
  testApp.app.inject({ method: 'DELETE', url: `/api/adminProduct/${id}`, headers: bearer(adminToken) });
const adminEdit = (id: string, payload: object) =>
  testApp.app.inject({ method: 'PUT', url: `/api/adminProduct/${id}`, headers: bearer(adminToken), payload });

describe('writes of one listing at the same time', () => {
  it('answers an edit racing a delete with 200 or 404, never 500, and leaves no half-written listing', async () => {
    for (let round = 0; round < 12; round++) {
      const id = await listing();
      const [edit, removal, adminChange] = await Promise.all([
        ownerEdit(id, { images: pictures.slice(0, 2).join(','), price: 9000 }),
        ownerDelete(id),
        adminEdit(id, { title: 'Ankara dress, checked' }),
      ]);
      expect(
        [edit.statusCode, adminChange.statusCode].every((status) => status === 200 || status === 404),
        `${edit.body} ${adminChange.body}`,
      ).toBe(true);
      expect(removal.statusCode, removal.body).toBe(200);
      const [left] = await testApp.app.db
        .select({ n: count() })
        .from(productImages)
        .where(eq(productImages.productId, id));
      expect(left?.n).toBe(0);
    }
  });

  it('never leaves a primary picture past the end of the pictures when a pictures edit races a price edit', async () => {
    for (let round = 0; round < 12; round++) {
      const id = await listing(2);
      const responses = await Promise.all([
        ownerEdit(id, { images: pictures[0] }),
        ownerEdit(id, { price: 9000 + round }),
        adminEdit(id, { price: 7000 + round }),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      const [stored] = await testApp.app.db.select().from(products).where(eq(products.id, id));
      const [pictureCount] = await testApp.app.db
        .select({ n: count() })
        .from(productImages)
        .where(eq(productImages.productId, id));
      expect(stored?.primaryImageIndex).toBe(0);
      expect(pictureCount?.n).toBe(1);
      // The listing still shows its picture and can still be edited.
      const page = await testApp.app.inject({ url: `/api/products/${id}`, headers: bearer(seller.token) });
      expect(page.json().data.primaryImage).toBe(pictures[0]);
      expect((await ownerEdit(id, { price: 12000 })).statusCode).toBe(200);
    }
  });

  it('lets exactly one of many parallel deletes succeed, with one audit entry for admin deletes', async () => {
    const ownerId = await listing();
    const ownerStatuses = (await Promise.all(Array.from({ length: 25 }, () => ownerDelete(ownerId)))).map(
      (response) => response.statusCode,
    );
    expect(ownerStatuses.filter((status) => status === 200)).toHaveLength(1);
    expect(ownerStatuses.filter((status) => status === 404)).toHaveLength(24);

    const adminId = await listing();
    const adminStatuses = (await Promise.all(Array.from({ length: 25 }, () => adminDelete(adminId)))).map(
      (response) => response.statusCode,
    );
    expect(adminStatuses.filter((status) => status === 200)).toHaveLength(1);
    expect(adminStatuses.filter((status) => status === 404)).toHaveLength(24);
    const audit = await testApp.app.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.productId, adminId));
    expect(audit.map((entry) => entry.action)).toEqual(['delete']);
  });

  it('keeps the audit log of parallel admin edits a chain: each entry starts where the one before ended (PostgreSQL)', async () => {
    // Note: every edit's "before" is read under the listing's lock, in the transaction that writes the edit
    // and its entry. Read outside it, parallel edits all log the same "before" and lose each other's changes.
    for (let round = 0; round < 4; round++) {
      const id = await listing();
      const titles = Array.from({ length: 6 }, (_, index) => `Ankara dress, round ${round} edit ${index}`);
      const responses = await Promise.all(titles.map((title) => adminEdit(id, { title })));
      expect(responses.map((response) => response.statusCode)).toEqual(titles.map(() => 200));

      const audit = await testApp.app.db.select().from(adminAuditLog).where(eq(adminAuditLog.productId, id));
      const titleOf = (snapshot: unknown) => (snapshot as { title: string }).title;
      expect(audit).toHaveLength(titles.length);
      // Follow the chain from the title the listing was created with; it must take in every entry once.
      let current = 'Ankara dress, size 12';
      const remaining = [...audit];
      while (remaining.length > 0) {
        const next = remaining.findIndex((entry) => titleOf(entry.before) === current);
        expect(next, `no entry starts from "${current}"`).toBeGreaterThanOrEqual(0);
        current = titleOf(remaining.splice(next, 1)[0]?.after);
      }
      const [stored] = await testApp.app.db
        .select({ title: products.title })
        .from(products)
        .where(eq(products.id, id));
      expect(stored?.title).toBe(current);
    }
  });
});

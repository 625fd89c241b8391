import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { buildTestApp, registerUser, type TestApp } from '../../../test/helper';

// Search as a buyer meets it: what a text finds and in which order. The listings are written straight
// into the database (approved, one minute apart, the last one newest); the replies are the API's.
let testApp: TestApp;
let sellerId: string;
const ids = new Map<string, string>();

type Listing = {
  title: string;
  description?: string;
  category?: 'Clothes' | 'Electronics' | 'Household-Items' | 'Accessories';
};

async function addListings(listings: Listing[]) {
  const start = Date.now() - listings.length * 60_000;
  const rows = await testApp.app.db
    .insert(products)
    .values(
      listings.map((listing, index) => ({
        ownerId: sellerId,
        title: listing.title,
        description: listing.description ?? 'Kept with care.',
        specification: 'As in the pictures',
        category: listing.category ?? 'Household-Items',
        condition: 'Fairly Used' as const,
        tag: 'For sale' as const,
        price: 5000,
        priceCategory: '500-15000',
        location: 'Ikeja, Lagos',
        status: 'approved' as const,
        createdAt: new Date(start + index * 60_000),
      })),
    )
    .returning({ id: products.id, title: products.title });
  for (const row of rows) ids.set(row.title, row.id);
}

type Card = { id: string; title: string };
type Reply = {
  data: Card[];
  meta: { nextCursor: string | null; suggestion?: string | null; recommended?: Card[] };
};

async function search(query: string): Promise<Reply> {
  const response = await testApp.app.inject({ url: `/api/products?${query}` });
  expect(response.statusCode, `${query} ${response.body}`).toBe(200);
  return response.json<Reply>();
}

const titles = async (q: string) =>
  (await search(`q=${encodeURIComponent(q)}`)).data.map((card) => card.title);

beforeAll(async () => {
  testApp = await buildTestApp();
  sellerId = (await registerUser(testApp.app)).user.id;
  await addListings([
    { title: 'Samsung Galaxy A12 phone', category: 'Electronics' },
    { title: 'Phone pouch', description: 'Fits a Samsung Galaxy nicely', category: 'Accessories' },
    { title: 'Tecno Spark handset', category: 'Electronics' },
    { title: 'Nokia mobile, unlocked', category: 'Electronics' },
    { title: 'Nike trainers, size 43', category: 'Clothes' },
    { title: 'Leather shoes', category: 'Clothes' },
    { title: 'Adidas sneakers', category: 'Clothes' },
    { title: 'LG 32 inch TV', category: 'Electronics' },
    { title: 'Sony television with remote', category: 'Electronics' },
    { title: 'HP laptop 8GB', category: 'Electronics' },
    { title: 'Dell computer and monitor', category: 'Electronics' },
    { title: 'Wooden stool', description: 'A sturdy stool in good condition' },
    { title: 'Steel pot', description: 'Good as new' },
    { title: 'Samsung Galaxy S9', category: 'Electronics' },
  ]);
});
afterAll(async () => {
  await testApp.close();
});

describe('search', () => {
  it('shows listings whose title has every word first, then the other matches, newest first within each', async () => {
    expect(await titles('samsung gal')).toEqual([
      'Samsung Galaxy S9',
      'Samsung Galaxy A12 phone',
      'Phone pouch',
    ]);
  });

  it('pages through the same order, a page at a time', async () => {
    const whole = (await search('q=samsung&pageSize=24')).data.map((card) => card.id);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Reply = await search(`q=samsung&pageSize=1${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.data.map((card) => card.id));
      cursor = page.meta.nextCursor;
    } while (cursor && paged.length < 10);
    expect(paged).toEqual(whole);
    expect(whole).toHaveLength(3);
  });

  it('finds by a single letter, stop words included, and by a common word', async () => {
    const byS = await titles('s');
    expect(byS.slice(0, 2)).toEqual(['Samsung Galaxy S9', 'Steel pot']);
    expect(byS).toContain('Nike trainers, size 43');
    expect(await titles('a')).toContain('Adidas sneakers');
    expect(await titles('good')).toEqual(['Steel pot', 'Wooden stool']);
    // Newest first when asked, whatever the ranking would be.
    expect((await search('q=samsung&sort=newest')).data.map((card) => card.title)).toEqual([
      'Samsung Galaxy S9',
      'Phone pouch',
      'Samsung Galaxy A12 phone',
    ]);
  });

  it('finds listings by the other words people use for the same thing', async () => {
    const phones = [
      'Nokia mobile, unlocked',
      'Tecno Spark handset',
      'Phone pouch',
      'Samsung Galaxy A12 phone',
    ];
    expect(await titles('phone')).toEqual(phones);
    expect(await titles('handset')).toEqual(phones);
    expect(await titles('mobile phones')).toEqual(phones);
    for (const word of ['shoe', 'sneakers', 'trainers'])
      expect((await titles(word)).sort(), word).toEqual([
        'Adidas sneakers',
        'Leather shoes',
        'Nike trainers, size 43',
      ]);
    for (const word of ['tv', 'television', 'TV'])
      expect(await titles(word), word).toEqual(['Sony television with remote', 'LG 32 inch TV']);
    for (const word of ['laptop', 'computer'])
      expect(await titles(word), word).toEqual(['Dell computer and monitor', 'HP laptop 8GB']);
    // A prefix is not a synonym: 'pho' finds what starts with it only.
    expect(await titles('pho')).toEqual(['Phone pouch', 'Samsung Galaxy A12 phone']);
  });
});

describe('search for what people mistype', () => {
  it('finds titles like a misspelt word, and says what was probably meant', async () => {
    const samsng = await search('q=samsng');
    expect(samsng.data.map((card) => card.title)).toEqual(['Samsung Galaxy S9', 'Samsung Galaxy A12 phone']);
    expect(samsng.meta).toMatchObject({ suggestion: 'samsung', recommended: [] });
    const snekers = await search('q=snekers');
    expect(snekers.data.map((card) => card.title)).toEqual(['Adidas sneakers']);
    expect(snekers.meta.suggestion).toBe('sneakers');
    // A word found as typed stays as it is.
    expect((await search(`q=${encodeURIComponent('samsng galaxy')}`)).meta.suggestion).toBe('samsung galaxy');
  });

  it('adds titles like the words after the few listings the words find', async () => {
    const one = await search(`q=${encodeURIComponent('samsung s9')}`);
    expect(one.data.map((card) => card.title)).toEqual(['Samsung Galaxy S9', 'Samsung Galaxy A12 phone']);
    expect(one.meta).toMatchObject({ suggestion: null, recommended: [] });
  });

  it('suggests nothing when the words are found', async () => {
    const found = await search('q=samsung');
    expect(found.meta).toMatchObject({ suggestion: null, recommended: [] });
    // A plain list is no search: no extra fields.
    const list = await search('pageSize=2');
    expect(list.meta).not.toHaveProperty('suggestion');
    expect(list.meta).not.toHaveProperty('recommended');
  });

  it('recommends the newest listings, under the same filters, when nothing is found', async () => {
    const nothing = await search('q=xylophone');
    expect(nothing.data).toEqual([]);
    expect(nothing.meta.suggestion).toBeNull();
    expect(nothing.meta.recommended?.map((card) => card.title)).toEqual([
      'Samsung Galaxy S9',
      'Steel pot',
      'Wooden stool',
      'Dell computer and monitor',
      'HP laptop 8GB',
      'Sony television with remote',
      'LG 32 inch TV',
      'Adidas sneakers',
    ]);
    const clothes = await search('q=xylophone&category=Clothes');
    expect(clothes.meta.recommended?.map((card) => card.title)).toEqual([
      'Adidas sneakers',
      'Leather shoes',
      'Nike trainers, size 43',
    ]);
    expect(clothes.meta.recommended?.[0]).toMatchObject({
      id: ids.get('Adidas sneakers'),
      category: 'Clothes',
      status: 'approved',
      user: { id: sellerId },
    });
  });
});

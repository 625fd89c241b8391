import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { products } from '../../db/schema';
import { buildTestApp, registerUser, type TestApp } from '../../../test/helper';
import { listingRow } from '../../../test/listings';

// A search without filters walks the postings of one of its words (title_word_postings, decision 035)
// instead of every listing. What a buyer finds must not depend on it: more matches than a page, paged,
// with and without a filter (which walks every listing instead), and after every kind of write the
// postings follow in the same transaction.
let testApp: TestApp;
let sellerId: string;

type Card = { id: string; title: string };
type Reply = { data: Card[]; meta: { nextCursor: string | null } };

async function search(query: string): Promise<Reply> {
  const response = await testApp.app.inject({ url: `/api/products?${query}` });
  expect(response.statusCode, `${query} ${response.body}`).toBe(200);
  return response.json<Reply>();
}

// Every title a search shows, page after page.
async function allTitles(query: string): Promise<string[]> {
  const titles: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Reply = await search(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
    titles.push(...page.data.map((card) => card.title));
    cursor = page.meta.nextCursor;
  } while (cursor && titles.length < 500);
  return titles;
}

// Postings that differ from what the listings' rows say they should be (none when they follow).
async function stalePostings(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(testApp.app.db, {
    text: `select count(*)::int as n from (
        (select prefix, product_id, created_at, price, title_vector::text from title_word_postings
         except
         select distinct left(words.lexeme, 3), p.id, p.created_at, p.price, p.title_vector::text
         from products p, unnest(p.title_vector) as words where p.status = 'approved' and p.is_available)
        union all
        (select distinct left(words.lexeme, 3), p.id, p.created_at, p.price, p.title_vector::text
         from products p, unnest(p.title_vector) as words where p.status = 'approved' and p.is_available
         except
         select prefix, product_id, created_at, price, title_vector::text from title_word_postings)) stale`,
    values: [],
  });
  return row?.n ?? -1;
}

const start = Date.now() - 200 * 60_000;
let minute = 0;
async function addListing(title: string, overrides: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await testApp.app.db
    .insert(products)
    .values(
      listingRow(sellerId, title, {
        category: 'Accessories',
        status: 'approved',
        createdAt: new Date(start + minute++ * 60_000),
        ...overrides,
      }),
    )
    .returning({ id: products.id });
  if (!row) throw new Error('no listing');
  return row.id;
}

beforeAll(async () => {
  testApp = await buildTestApp();
  sellerId = (await registerUser(testApp.app)).user.id;
  // 40 Casio watches among Casio clocks and other watches, one minute apart: more title matches than a
  // page holds, and more listings sharing the words' first letters than matches.
  for (let index = 1; index <= 40; index++) {
    await addListing(`Casio watch ${index}`, index % 4 === 0 ? { category: 'Electronics' } : {});
    await addListing(`Casio clock ${index}`);
    await addListing(`Cassette tape ${index}`);
    if (index % 5 === 0)
      await addListing(`Rolex watch ${index}`, { description: 'Works with a Casio strap' });
  }
});
afterAll(async () => {
  await testApp.close();
});

describe('search through one word’s postings', () => {
  it('finds every title with all the words, newest first, page after page, then the other matches', async () => {
    const watches = Array.from({ length: 40 }, (_, index) => `Casio watch ${40 - index}`);
    const straps = [40, 35, 30, 25, 20, 15, 10, 5].map((index) => `Rolex watch ${index}`);
    expect(await allTitles('q=casio%20watch&pageSize=24')).toEqual([...watches, ...straps]);
    expect(await allTitles('q=watch%20casio&pageSize=7')).toEqual([...watches, ...straps]);
    expect((await search('q=casio%20wat')).data.map((card) => card.title)).toEqual(watches.slice(0, 24));
    // A filter walks every listing instead, and finds the same ones among those it keeps.
    expect(await allTitles('q=casio%20watch&category=Electronics&pageSize=3')).toEqual(
      watches.filter((title) => Number(title.split(' ')[2]) % 4 === 0),
    );
  });

  it('follows every write: a new title, a sale, a rejection, a new price and a removal', async () => {
    expect(await stalePostings()).toBe(0);
    const newest = async () => (await search('q=casio%20watch&pageSize=1')).data[0]?.title;

    const id = await addListing('Casio watch, gold');
    expect(await newest()).toBe('Casio watch, gold');
    await testApp.app.db.update(products).set({ title: 'Seiko watch, gold' }).where(eq(products.id, id));
    expect(await newest()).toBe('Casio watch 40');
    expect((await search('q=seiko')).data.map((card) => card.title)).toEqual(['Seiko watch, gold']);

    await testApp.app.db.update(products).set({ title: 'Casio watch, silver' }).where(eq(products.id, id));
    expect(await newest()).toBe('Casio watch, silver');
    await testApp.app.db.update(products).set({ isAvailable: false }).where(eq(products.id, id));
    expect(await newest()).toBe('Casio watch 40');
    await testApp.app.db.update(products).set({ isAvailable: true, price: 7000 }).where(eq(products.id, id));
    expect(await newest()).toBe('Casio watch, silver');
    await testApp.app.db.update(products).set({ status: 'rejected' }).where(eq(products.id, id));
    expect(await newest()).toBe('Casio watch 40');
    await testApp.app.db.update(products).set({ status: 'approved' }).where(eq(products.id, id));
    expect(await stalePostings()).toBe(0);

    const [first, second] = (await search('q=casio%20watch&pageSize=2')).data.map((card) => card.id);
    await testApp.app.db.delete(products).where(inArray(products.id, [first ?? '', second ?? '']));
    expect(await newest()).toBe('Casio watch 39');
    expect(await stalePostings()).toBe(0);
  });
});

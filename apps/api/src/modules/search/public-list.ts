import { z } from 'zod';
import { MAX_STORED_PRICE } from '@marketplace/shared/constants';
import type { ProductQuerySchema } from '@marketplace/shared/schemas/products';
import { cardList, iso, jsonArray, literalLimit, Params, PUBLIC, statementName } from '../../db/card-sql';
import { queryRows, type Database } from '../../db/client';
import { badRequest } from '../../lib/errors';
import {
  FEW_MATCHES,
  postingWords,
  searchCandidates,
  similarTitles,
  suggestion,
  tsQueryWords,
} from './search-sql';
import { searchTerms } from './search-terms';

// GET /api/products: the public list, its filters and sorts, and search by words, as one statement whose
// JSON PostgreSQL builds (docs/decisions/020). The cards are the spec's (§3), checked against
// ProductCardSchema by the strict reply check the test suites run with.

type ProductQuery = z.output<typeof ProductQuerySchema>;

// ---------- cursors ----------

type Sort = 'newest' | 'price-asc' | 'price-desc' | 'relevance';
type Cursor = { sort: Sort; values: (string | number | null)[] };

// What each sort's cursor holds; a tampered cursor is a 400, never a query with nonsense in it.
const CursorValuesSchemas = {
  // Written by toISOString: UTC, milliseconds, a real day (no odd time zone, no 30 February).
  newest: z.tuple([
    z.iso.datetime({ precision: 3 }).refine((value) => {
      const time = new Date(value);
      return !Number.isNaN(time.getTime()) && time.toISOString() === value && time.getUTCFullYear() >= 2000;
    }),
    z.uuid(),
  ]),
  'price-asc': z.tuple([z.number().int().min(0).max(MAX_STORED_PRICE), z.uuid()]),
  'price-desc': z.tuple([z.number().int().min(0).max(MAX_STORED_PRICE), z.uuid()]),
  relevance: z.tuple([z.number().int().min(0).max(10_000)]),
} as const;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(raw: string, sort: Sort): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (cursor.sort !== sort) throw new Error('wrong sort');
    const values = CursorValuesSchemas[sort].parse(cursor.values);
    return { sort, values };
  } catch {
    throw badRequest('CURSOR_INVALID');
  }
}

// ---------- the public list and search ----------

// The filters every public list applies, on the products `p`.
function filterConditions(query: ProductQuery, params: Params): string[] {
  const conditions = [PUBLIC];
  if (query.category) conditions.push(`p.category = ${params.add(query.category, 'text')}`);
  if (query.condition) conditions.push(`p.condition = ${params.add(query.condition, 'text')}`);
  if (query.tag) conditions.push(`p.tag = ${params.add(query.tag, 'text')}`);
  if (query.minPrice !== undefined) conditions.push(`p.price >= ${params.add(query.minPrice, 'int')}`);
  if (query.maxPrice !== undefined) conditions.push(`p.price <= ${params.add(query.maxPrice, 'int')}`);
  if (query.location)
    conditions.push(
      `p.location ilike ${params.add(`%${query.location.replace(/[\\%_]/g, '\\$&')}%`, 'text')}`,
    );
  return conditions;
}

// Listings to show when a search found nothing: the newest under the same filters.
const RECOMMENDED_LIMIT = 8;

export type PublicList = {
  data: string;
  pageSize: number;
  nextCursor: string | null;
  suggestion?: string | null;
  recommended?: string;
};

// `data` and `recommended`: cards joined by commas (cardList), null when there are none.
type ListRow = {
  data: string | null;
  found: number;
  last: string | null;
  matched?: number;
  few?: string | null;
  suggestion?: string | null;
  recommended?: string | null;
};

export async function listPublicProducts({
  db,
  query,
}: {
  db: Database;
  query: ProductQuery;
}): Promise<PublicList> {
  const terms = query.q ? searchTerms(query.q) : null;
  // Without words to search for (none sent, or only punctuation and emoji) there is nothing to rank by:
  // relevance falls back to newest first.
  const sort: Sort =
    query.sort === 'relevance' && !terms ? 'newest' : (query.sort ?? (terms ? 'relevance' : 'newest'));
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
  const pageSize = query.pageSize;
  // The statement: `lean`, a search without what only a search finding little needs (see below).
  const run = async (lean: boolean, known?: { rows: string; matched: number }) => {
    const params = new Params();
    const conditions = filterConditions(query, params);
    const filters = conditions.join(' and ');
    const wordQueries = terms ? tsQueryWords(terms, params) : null;
    const matches = wordQueries ? wordQueries.join(' && ') : null;

    const size = params.add(pageSize, 'int');
    // A search's candidates are ids: their cards are read for the page only.
    let cards = `select ${cardList('p.card', 'page.n')} from page join products p on p.id = page.id where page.n <= ${size}`;
    let hits: string;
    let offset = 0;
    let ctes = '';
    let matched = '';
    if (terms && matches && (sort === 'relevance' || sort === 'newest')) {
      // The search words become one tsquery, computed once per statement.
      ctes = `search as materialized (select ${matches} as words), `;
      if (cursor && sort === 'newest') {
        const [createdAt, id] = cursor.values;
        conditions.push(
          `(p.created_at, p.id) < (${params.add(createdAt, 'timestamptz')}, ${params.add(id, 'uuid')})`,
        );
      }
      offset = sort === 'relevance' && cursor ? Number(cursor.values[0]) : 0;
      const reach = params.add(offset + pageSize + 1, 'int');
      // Relevance: listings whose title has every word first, then those matching elsewhere (category,
      // description, place), newest first within each. Newest: every match, newest first.
      const relevance = sort === 'relevance';
      // Only the public condition: the titles' walk may read one word's postings (public listings only).
      const drivers =
        relevance && conditions.length === 1 && wordQueries ? postingWords(terms, wordQueries) : [];
      ctes += known
        ? // The matches the lean statement found (fewer than FEW_MATCHES, so at most `reach`), not sought again.
          `known as materialized (select * from jsonb_to_recordset(${params.add(known.rows, 'jsonb')}) as k(id uuid, created_at timestamptz, price int, tier int)),
        title_matches as (select id, created_at, price from known where tier = 0),
        all_matches as (select id, created_at, price from known where tier = 1),
        match_count as (select ${params.add(known.matched, 'int')} as n), `
        : `${searchCandidates(conditions.join(' and '), reach, relevance, drivers)}, `;
      if (relevance && !lean)
        ctes += `${similarTitles(conditions.join(' and '), reach, params.add(terms.typed.join(' '), 'text'))}, `;
      const tiers = relevance
        ? [
            'select id, created_at, price, 0 as tier from title_matches',
            'select id, created_at, price, 1 from all_matches',
            ...(lean ? [] : ['select id, created_at, price, 2 from similar_matches']),
          ]
        : ['select id, created_at, price, 1 as tier from all_matches'];
      // The lean statement's matches, when they are few: the whole statement starts from them.
      if (relevance && lean)
        matched = `, (select n::int from match_count) as matched,
        case when (select n from match_count) < ${FEW_MATCHES} then coalesce((
          select json_agg(json_build_object('id', id, 'created_at', created_at, 'price', price, 'tier', tier))
          from (select id, created_at, price, min(tier) as tier from (
            select id, created_at, price, 0 as tier from title_matches union all select id, created_at, price, 1 from all_matches) found
            group by id, created_at, price) few), '[]')::text end as few`;
      hits = `select id, created_at, price from (${tiers.join(' union all ')}) candidates
        group by id, created_at, price
        order by min(tier), created_at desc, id desc
        limit ${params.add(pageSize + 1, 'int')} offset ${params.add(offset, 'int')}`;
    } else {
      if (matches) conditions.push(`p.search_vector @@ (${matches})`);
      let order: string;
      if (sort === 'price-asc' || sort === 'price-desc') {
        // Donations (no price) come last either way.
        conditions.push('p.price is not null');
        const direction = sort === 'price-asc' ? 'asc' : 'desc';
        if (cursor) {
          const [price, id] = cursor.values;
          conditions.push(
            `(p.price, p.id) ${sort === 'price-asc' ? '>' : '<'} (${params.add(price, 'int')}, ${params.add(id, 'uuid')})`,
          );
        }
        order = `p.price ${direction}, p.id ${direction}`;
      } else {
        if (cursor) {
          const [createdAt, id] = cursor.values;
          conditions.push(
            `(p.created_at, p.id) < (${params.add(createdAt, 'timestamptz')}, ${params.add(id, 'uuid')})`,
          );
        }
        order = 'p.created_at desc, p.id desc';
      }
      // The cards are read in the same walk: no second look-up of each listing.
      hits = `select p.id, p.created_at, p.price, p.card from products p where ${conditions.join(' and ')} order by ${order} limit ${literalLimit(pageSize + 1)}`;
      cards = `select ${cardList('page.card', 'page.n')} from page where page.n <= ${size}`;
    }

    const extras =
      terms && !lean
        ? `,
        ${sort === 'relevance' && offset === 0 ? suggestion(params.add(terms.typed, 'text[]')) : 'null::text'} as suggestion,
        (select ${cardList('recommended.card', 'recommended.created_at desc, recommended.id desc')} from (
            select p.card, p.created_at, p.id from products p
            where ${filters} and (select count(*) from page) = 0
            order by p.created_at desc, p.id desc limit ${RECOMMENDED_LIMIT}) recommended) as recommended`
        : '';
    const text = terms
      ? `with ${ctes}page as materialized (select row_number() over () as n, hit.* from (${hits}) hit)
      select (${cards}) as data,
        (select count(*)::int from page) as found,
        (select json_build_array(${iso('created_at')}, id, price) from page where n = ${size})::text as last${matched}${extras}`
      : // Without words, the page is one walk of an index in the list's order, aggregated as it comes: no
        // CTE to materialize and no sort inside the aggregate, which cost PostgreSQL more than the walk
        // (docs/decisions/038). Note: the aggregate reads its rows in the order the subquery returns them
        // (ordered by the index walk, numbered by row_number()); PostgreSQL documents that a sorted subquery
        // feeds an aggregate in order, and the list tests check the order of every sort.
        `select ${cardList('page.card')} filter (where page.n <= ${size}) as data,
        count(*)::int as found,
        max(case when page.n = ${size} then json_build_array(${iso('page.created_at')}, page.id, page.price)::text end) as last
      from (select row_number() over () as n, hit.* from (${hits}) hit) page`;
    const [row] = await queryRows<ListRow>(db, { name: statementName(text), text, values: params.values });
    return { row, offset };
  };
  // A search first runs without the misspelling fallback, 'Did you mean' and the recommended listings, which
  // only a search finding little needs (docs/decisions/035); the whole statement runs when it found fewer
  // than FEW_MATCHES or nothing for this page. Otherwise the whole one would give the same page, no
  // suggestion and no recommended listings.
  let { row, offset } = await run(Boolean(terms));
  if (terms && row && (row.found === 0 || (row.matched ?? FEW_MATCHES) < FEW_MATCHES))
    ({ row, offset } = await run(
      false,
      row.few && row.matched !== undefined ? { rows: row.few, matched: row.matched } : undefined,
    ));
  if (!row) throw new Error('the list query returned no row');

  let nextCursor: string | null = null;
  if (row.found > pageSize && row.last) {
    const [createdAt, id, price] = JSON.parse(row.last) as [string, string, number | null];
    const values =
      sort === 'relevance' ? [offset + pageSize] : sort === 'newest' ? [createdAt, id] : [price, id];
    nextCursor = encodeCursor({ sort, values });
  }
  const data = jsonArray(row.data);
  return terms
    ? {
        data,
        pageSize,
        nextCursor,
        suggestion: row.suggestion ?? null,
        recommended: jsonArray(row.recommended),
      }
    : { data, pageSize, nextCursor };
}

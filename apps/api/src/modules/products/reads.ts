import { z } from 'zod';
import { MAX_STORED_PRICE } from '@marketplace/shared/constants';
import { and, desc, eq } from 'drizzle-orm';
import type {
  ProductCard,
  ProductDetail,
  ProductQuerySchema,
  UserProduct,
} from '@marketplace/shared/schemas/products';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import { queryRows, type Database } from '../../db/client';
import { media, productImages, products } from '../../db/schema';
import { decodeCursor as decodeTimeIdCursor, encodeCursor as encodeTimeIdCursor } from '../../lib/cursor';
import { badRequest, notFound } from '../../lib/errors';
import { searchTerms, type SearchTerms } from './search-terms';

// The reads of listings. PostgreSQL builds each reply's JSON (json_build_object, json_agg) in one
// statement and the API passes the text through: one round trip per request and no work per row in
// JavaScript (docs/decisions/020). The shapes are the spec's (§3), checked against ProductCardSchema and
// ProductDetailSchema by the strict reply check the test suites run with.

type ProductQuery = z.output<typeof ProductQuerySchema>;
type ProductStatus = (typeof products.$inferSelect)['status'];

const RELATED_LIMIT = 8;

// Exactly what Date.toISOString writes (UTC, milliseconds, Z); to_char truncates microseconds as the
// driver's Date does.
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// One listing card (ProductCardSchema) of the product `p`, its seller `u` and its pictures `pics`
// (cardJoins).
function cardJson(p: string, u: string, pics: string): string {
  return `json_build_object(
    'id', ${p}.id, 'title', ${p}.title, 'description', ${p}.description, 'category', ${p}.category,
    'condition', ${p}.condition, 'tag', ${p}.tag, 'price', ${p}.price, 'priceCategory', ${p}.price_category,
    'location', ${p}.location, 'primaryImage', ${pics}.primary_url, 'primaryImageIndex', ${p}.primary_image_index,
    'images', coalesce(${pics}.urls, '[]'::json), 'media', coalesce(${pics}.primary_media, '[]'::json),
    'status', ${p}.status, 'rejectionReason', ${p}.rejection_reason, 'availability', ${p}.is_available,
    'uploader', ${p}.owner_id, 'user', json_build_object('id', ${p}.owner_id, 'username', ${u}.username, 'isVerified', ${u}.is_verified),
    'createdAt', ${iso(`${p}.created_at`)}, 'updatedAt', ${iso(`${p}.updated_at`)})`;
}

// The seller of the product `p`, and its pictures in one probe of product_images: every URL in order, the
// primary one, and the primary one's sizes (cards show only those).
function cardJoins(p: string, u: string, pics: string): string {
  return `join users ${u} on ${u}.id = ${p}.owner_id
    left join lateral (
      select json_agg(m.url order by pi.position) as urls,
        min(m.url) filter (where pi.position = ${p}.primary_image_index) as primary_url,
        json_agg(json_build_object('url', m.url, 'width', m.width, 'height', m.height, 'variants', m.variants))
          filter (where pi.position = ${p}.primary_image_index) as primary_media
      from product_images pi join media m on m.id = pi.media_id where pi.product_id = ${p}.id) ${pics} on true`;
}

const CARD = cardJson('p', 'u', 'pics');
const PUBLIC = `p.status = 'approved' and p.is_available`;

// Statement names for PostgreSQL's prepared statements: the same text always gets the same name.
function statementName(text: string): string {
  let hash = 5381;
  for (let index = 0; index < text.length; index++) hash = (hash * 33) ^ text.charCodeAt(index);
  return `oja_${(hash >>> 0).toString(36)}_${text.length}`;
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}

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

// The tsquery of the search terms: every word (or one of its synonyms) as a prefix. A word the English
// configuration drops as a stop word ('s', 'a') is matched as a plain prefix instead.
function tsQuery(terms: SearchTerms, params: Params): string {
  return terms.words
    .map((alternatives) => {
      const ors = alternatives.map((word) => {
        const prefix = params.add(`${word}:*`, 'text');
        return `(case when numnode(to_tsquery('english', ${prefix})) = 0 then to_tsquery('simple', ${prefix}) else to_tsquery('english', ${prefix}) end)`;
      });
      return ors.length === 1 ? ors[0] : `(${ors.join(' || ')})`;
    })
    .join(' && ');
}

// How many of the newest listings a search reads in date order before it asks the word index instead
// (and, for similar titles, whose trigrams are slower to compare, the trigram index).
const RECENT_WINDOW = 4000;
const RECENT_SIMILAR_WINDOW = 500;

// The search's candidates, as the CTEs `all_matches` (the newest `reach` matches) and `title_matches`
// (the newest `reach` listings whose title has every word), in a plan that holds whatever number of
// listings the words match (docs/decisions/020). The newest RECENT_WINDOW listings are read in date
// order and checked, stopping at `reach` matches: common words stop early. Only when they hold fewer
// (the words are rare) is the GIN index asked for every match, and those are then few.
function searchCandidates(where: string, reach: string, withTitles: boolean): string {
  const newest = (vector: string, gate = '') =>
    `select id, created_at, price from (
        select p.id, p.created_at, p.price, p.${vector} as vector from products p where ${where} order by p.created_at desc, p.id desc limit ${RECENT_WINDOW}
      ) newest where vector @@ (select words from search)${gate} limit ${reach}`;
  const all = `all_recent as materialized (${newest('search_vector')}),
    all_indexed as materialized (
      select p.id, p.created_at, p.price, p.title_vector @@ (select words from search) as in_title from products p
      where ${where} and p.search_vector @@ (select words from search) and (select count(*) from all_recent) < ${reach}),
    all_matches as (
      select id, created_at, price from all_recent
      union
      (select id, created_at, price from all_indexed order by created_at desc, id desc limit ${reach}))`;
  if (!withTitles) return all;
  // When all matches are few (all_indexed holds them all), the title matches are among them; else they are
  // looked for the same way in the titles' own index.
  return `${all},
    title_recent as materialized (${newest('title_vector', ` and (select count(*) from all_recent) >= ${reach}`)}),
    title_indexed as materialized (
      select p.id, p.created_at, p.price from products p
      where ${where} and p.title_vector @@ (select words from search)
        and (select count(*) from all_recent) >= ${reach} and (select count(*) from title_recent) < ${reach}),
    title_matches as (
      (select id, created_at, price from all_indexed where in_title order by created_at desc, id desc limit ${reach})
      union
      select id, created_at, price from title_recent
      union
      (select id, created_at, price from title_indexed order by created_at desc, id desc limit ${reach}))`;
}

// Full text finding fewer listings than this is 'little': titles similar to the words are added.
const FEW_MATCHES = 3;

// How alike a title must be to the typed words (pg_trgm word_similarity: 'samsng' is 0.57 of 'Samsung').
const SIMILARITY = 0.5;

// Titles like the typed words (pg_trgm word similarity, for misspellings: 'samsng', 'snekers'), newest
// first, as the CTE `similar_matches`; only looked for when full text found fewer than FEW_MATCHES, and
// read like the words' matches: the newest listings first, the trigram index when few are similar.
function similarTitles(where: string, reach: string, text: string): string {
  // Note: the trigram index answers `%>` by pg_trgm.word_similarity_threshold (0.6 by default); the gate,
  // evaluated before the index is read, sets it for this statement's transaction only.
  const gate = `(select count(*) from all_matches) < ${FEW_MATCHES} and set_config('pg_trgm.word_similarity_threshold', '${SIMILARITY}', true) is not null`;
  const similar = `word_similarity(${text}, p.title) >= ${SIMILARITY}`;
  return `similar_recent as materialized (
      select id, created_at, price from (
        select p.id, p.created_at, p.price, ${similar} as is_similar from products p where ${where} and ${gate}
        order by p.created_at desc, p.id desc limit ${RECENT_SIMILAR_WINDOW}
      ) newest where is_similar limit ${reach}),
    similar_indexed as materialized (
      select p.id, p.created_at, p.price from products p
      where ${where} and ${gate} and (select count(*) from similar_recent) < ${reach} and p.title %> ${text} and ${similar}),
    similar_matches as (
      select id, created_at, price from similar_recent
      union
      (select id, created_at, price from similar_indexed order by created_at desc, id desc limit ${reach}))`;
}

// 'Did you mean …': when the words matched nothing, each typed word replaced by the most similar word of
// the similar titles (a word found as typed stays); null when no word changes.
function suggestion(typed: string): string {
  return `(select case when bool_or(best.word <> typed.word) then string_agg(coalesce(best.word, typed.word), ' ' order by typed.n) end
    from unnest(${typed}) with ordinality as typed(word, n)
    left join lateral (
      select candidate.word from (select p.title from similar_matches s join products p on p.id = s.id order by s.created_at desc limit 10) titles,
        regexp_split_to_table(lower(titles.title), '[^[:alnum:]]+') as candidate(word)
      where (select count(*) from all_matches) = 0 and similarity(candidate.word, typed.word) >= 0.4
      order by candidate.word = typed.word desc, similarity(candidate.word, typed.word) desc, candidate.word
      limit 1) best on true)`;
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
  const params = new Params();
  const conditions = filterConditions(query, params);
  const filters = conditions.join(' and ');
  const matches = terms ? tsQuery(terms, params) : null;
  const pageSize = query.pageSize;
  const limit = params.add(pageSize + 1, 'int');

  let hits: string;
  let offset = 0;
  let ctes = '';
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
    ctes += `${searchCandidates(conditions.join(' and '), reach, relevance)}, `;
    if (relevance)
      ctes += `${similarTitles(conditions.join(' and '), reach, params.add(terms.typed.join(' '), 'text'))}, `;
    const tiers = relevance
      ? [
          'select id, created_at, price, 0 as tier from title_matches',
          'select id, created_at, price, 1 from all_matches',
          'select id, created_at, price, 2 from similar_matches',
        ]
      : ['select id, created_at, price, 1 as tier from all_matches'];
    hits = `select id, created_at, price from (${tiers.join(' union all ')}) candidates
      group by id, created_at, price
      order by min(tier), created_at desc, id desc
      limit ${limit} offset ${params.add(offset, 'int')}`;
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
    hits = `select p.id, p.created_at, p.price from products p where ${conditions.join(' and ')} order by ${order} limit ${limit}`;
  }

  const size = params.add(pageSize, 'int');
  const extras = terms
    ? `,
      ${sort === 'relevance' && offset === 0 ? suggestion(params.add(terms.typed, 'text[]')) : 'null::text'} as suggestion,
      (select coalesce(json_agg(recommended.card order by recommended.created_at desc, recommended.id desc), '[]'::json) from (
          select ${CARD} as card, p.created_at, p.id from products p ${cardJoins('p', 'u', 'pics')}
          where ${filters} and (select count(*) from page) = 0
          order by p.created_at desc, p.id desc limit ${RECOMMENDED_LIMIT}) recommended)::text as recommended`
    : '';
  const text = `with ${ctes}page as materialized (select row_number() over () as n, hit.* from (${hits}) hit)
    select (select coalesce(json_agg(${CARD} order by page.n), '[]'::json) from page join products p on p.id = page.id ${cardJoins('p', 'u', 'pics')} where page.n <= ${size})::text as data,
      (select count(*)::int from page) as found,
      (select json_build_array(${iso('created_at')}, id, price) from page where n = ${size})::text as last${extras}`;
  const [row] = await queryRows<{
    data: string;
    found: number;
    last: string | null;
    suggestion?: string | null;
    recommended?: string;
  }>(db, {
    name: statementName(text),
    text,
    values: params.values,
  });
  if (!row) throw new Error('the list query returned no row');

  let nextCursor: string | null = null;
  if (row.found > pageSize && row.last) {
    const [createdAt, id, price] = JSON.parse(row.last) as [string, string, number | null];
    const values =
      sort === 'relevance' ? [offset + pageSize] : sort === 'newest' ? [createdAt, id] : [price, id];
    nextCursor = encodeCursor({ sort, values });
  }
  return terms
    ? {
        data: row.data,
        pageSize,
        nextCursor,
        suggestion: row.suggestion ?? null,
        recommended: row.recommended ?? '[]',
      }
    : { data: row.data, pageSize, nextCursor };
}

// ---------- other lists ----------

export async function listOwnProducts({
  db,
  ownerId,
}: {
  db: Database;
  ownerId: string;
}): Promise<ProductCard[]> {
  const text = `select coalesce(json_agg(${CARD} order by p.created_at desc, p.id desc), '[]'::json)::text as data
    from products p ${cardJoins('p', 'u', 'pics')} where p.owner_id = $1::uuid`;
  const [row] = await queryRows<{ data: string }>(db, { name: statementName(text), text, values: [ownerId] });
  return JSON.parse(row?.data ?? '[]') as ProductCard[];
}

// The admin list's cursor: the last row's time to the microsecond, as PostgreSQL keeps it (so the order
// walks products_status_idx, and two listings in the same millisecond are neither repeated nor skipped),
// and its id.
const AdminCursorSchema = z.tuple([
  z.iso.datetime({ precision: 6 }).refine((value) => {
    const time = new Date(value);
    return (
      !Number.isNaN(time.getTime()) &&
      time.getUTCFullYear() >= 2000 &&
      time.toISOString().slice(0, 10) === value.slice(0, 10)
    );
  }),
  z.uuid(),
]);

export type AdminProductPage = {
  items: ProductCard[];
  meta: { pageSize: number; total: number; nextCursor: string | null };
};

// Admins see every listing in every status (spec §6), newest first, optionally by status, a page at a
// time (`meta.nextCursor`), with how many there are in all.
export async function listAllProducts({
  db,
  status,
  page,
}: {
  db: Database;
  status?: ProductStatus;
  page: PageQuery;
}): Promise<AdminProductPage> {
  const params = new Params();
  const filters = status ? `p.status = ${params.add(status, 'text')}` : 'true';
  let after = 'true';
  if (page.cursor) {
    const [time, id] = decodeTimeIdCursor(page.cursor, AdminCursorSchema);
    after = `(p.created_at, p.id) < (${params.add(time, 'timestamptz')}, ${params.add(id, 'uuid')})`;
  }
  const limit = params.add(page.pageSize + 1, 'int');
  const size = params.add(page.pageSize, 'int');
  const text = `with page as materialized (
      select row_number() over (order by p.created_at desc, p.id desc) as n, p.id, p.created_at from products p
      where ${filters} and ${after} order by p.created_at desc, p.id desc limit ${limit})
    select (select coalesce(json_agg(${CARD} order by page.n), '[]'::json) from page join products p on p.id = page.id ${cardJoins('p', 'u', 'pics')} where page.n <= ${size})::text as data,
      (select count(*)::int from page) as found,
      (select json_build_array(to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), id) from page where n = ${size})::text as last,
      (select count(*)::int from products p where ${filters}) as total`;
  const [row] = await queryRows<{ data: string; found: number; last: string | null; total: number }>(db, {
    name: statementName(text),
    text,
    values: params.values,
  });
  if (!row) throw new Error('the admin list query returned no row');
  const nextCursor = row.found > page.pageSize && row.last ? encodeTimeIdCursor(JSON.parse(row.last)) : null;
  return {
    items: JSON.parse(row.data) as ProductCard[],
    meta: { pageSize: page.pageSize, total: row.total, nextCursor },
  };
}

// spec §3: the user's own listings as the profile and the login reply carry them, every status.
export async function listUserProducts({
  db,
  ownerId,
}: {
  db: Database;
  ownerId: string;
}): Promise<UserProduct[]> {
  return db
    .select({
      id: products.id,
      title: products.title,
      primaryImage: media.url,
      price: products.price,
      status: products.status,
      tag: products.tag,
    })
    .from(products)
    .leftJoin(
      productImages,
      and(eq(productImages.productId, products.id), eq(productImages.position, products.primaryImageIndex)),
    )
    .leftJoin(media, eq(media.id, productImages.mediaId))
    .where(eq(products.ownerId, ownerId))
    .orderBy(desc(products.createdAt), desc(products.id));
}

// A page of cards and the count of all of them, newest `order` first: one statement.
async function cardPage(
  db: Database,
  {
    from,
    where,
    order,
    values,
    page,
    pageSize,
  }: { from: string; where: string; order: string; values: unknown[]; page: number; pageSize: number },
): Promise<{ items: ProductCard[]; total: number }> {
  const limit = `$${values.length + 1}::int`;
  const offset = `$${values.length + 2}::int`;
  const text = `select (select count(*)::int from products p ${from} where ${where}) as total,
    (select coalesce(json_agg(page.card order by page.n), '[]'::json) from (
      select ${CARD} as card, row_number() over (order by ${order}) as n
      from products p ${from} ${cardJoins('p', 'u', 'pics')} where ${where}
      order by ${order} limit ${limit} offset ${offset}) page)::text as data`;
  const [row] = await queryRows<{ total: number; data: string }>(db, {
    name: statementName(text),
    text,
    values: [...values, pageSize, (page - 1) * pageSize],
  });
  return { items: JSON.parse(row?.data ?? '[]') as ProductCard[], total: row?.total ?? 0 };
}

// A user's saved listings (issue #14, decision 026), last saved first. Note: only approved listings show;
// a sold or withdrawn one stays, with availability false, so the saver sees what became of it.
export function listSavedProducts({
  db,
  userId,
  page,
  pageSize,
}: {
  db: Database;
  userId: string;
  page: number;
  pageSize: number;
}) {
  return cardPage(db, {
    from: 'join favourites f on f.product_id = p.id and f.user_id = $1::uuid',
    where: `p.status = 'approved'`,
    order: 'f.created_at desc, p.id desc',
    values: [userId],
    page,
    pageSize,
  });
}

// The public seller page's listings (issue #14): approved and available, newest first.
export function listSellerProducts({
  db,
  ownerId,
  page,
  pageSize,
}: {
  db: Database;
  ownerId: string;
  page: number;
  pageSize: number;
}) {
  return cardPage(db, {
    from: '',
    where: `p.owner_id = $1::uuid and ${PUBLIC}`,
    order: 'p.created_at desc, p.id desc',
    values: [ownerId],
    page,
    pageSize,
  });
}

// ---------- the product page ----------

export type Viewer = { userId?: string; isAdmin?: boolean };

const DETAIL = `select p.owner_id as "ownerId", p.status = 'approved' and p.is_available as "isPublic", json_build_object(
    'id', p.id, 'title', p.title, 'description', p.description, 'category', p.category, 'condition', p.condition,
    'tag', p.tag, 'price', p.price, 'priceCategory', p.price_category, 'location', p.location,
    'primaryImage', pics.primary_url, 'primaryImageIndex', p.primary_image_index,
    'images', coalesce(pics.urls, '[]'::json), 'media', coalesce(pictures.media, '[]'::json),
    'status', p.status, 'rejectionReason', p.rejection_reason, 'availability', p.is_available,
    'user', json_build_object('id', p.owner_id, 'username', u.username, 'isVerified', u.is_verified),
    'createdAt', ${iso('p.created_at')}, 'updatedAt', ${iso('p.updated_at')},
    'specification', p.specification, 'video', video.url, 'videoUrl', video.url,
    'uploader', json_build_object('id', u.id, 'username', u.username, 'profilePicture', u.profile_picture,
      'email', case when $2::boolean then u.email end, 'phoneNumber', case when $2::boolean then u.phone_number end,
      'isVerified', u.is_verified, 'memberSince', ${iso('u.created_at')},
      'rating', (select json_build_object('average', round(avg(r.rating), 1), 'count', count(*)::int) from reviews r where r.seller_id = u.id)),
    'relatedProducts', (select coalesce(json_agg(related.card order by related.created_at desc, related.id desc), '[]'::json) from (
        select ${cardJson('rp', 'ru', 'rpics')} as card, rp.created_at, rp.id
        from products rp ${cardJoins('rp', 'ru', 'rpics')}
        where rp.owner_id = p.owner_id and rp.status = 'approved' and rp.is_available and rp.id <> p.id
        order by rp.created_at desc, rp.id desc limit ${RELATED_LIMIT}) related)
  )::text as body
  from products p ${cardJoins('p', 'u', 'pics')}
  left join lateral (
    select json_agg(m.url order by pi.position) as urls,
      json_agg(json_build_object('url', m.url, 'width', m.width, 'height', m.height, 'variants', m.variants) order by pi.position) as media
    from product_images pi join media m on m.id = pi.media_id where pi.product_id = p.id) pictures on true
  left join media video on video.id = p.video_id
  where p.id = $1::uuid`;
const DETAIL_NAME = statementName(DETAIL);

// The product page's data (ProductDetailSchema) as JSON text.
export async function productDetailJson({
  db,
  id,
  viewer,
}: {
  db: Database;
  id: string;
  viewer: Viewer;
}): Promise<string> {
  // Note: visitors do not get the seller's e-mail and phone (they could harvest every seller's by walking
  // the list); any logged-in user, the owner and admins do.
  const canSeeContact = viewer.isAdmin === true || viewer.userId !== undefined;
  const [row] = await queryRows<{ ownerId: string; isPublic: boolean; body: string }>(db, {
    name: DETAIL_NAME,
    text: DETAIL,
    values: [id, canSeeContact],
  });
  // Note: a listing that is not public is a 404 for everyone but its owner and admins, so its existence
  // is not revealed.
  if (!row || (!row.isPublic && !viewer.isAdmin && viewer.userId !== row.ownerId)) throw notFound();
  return row.body;
}

export async function getProductDetail(options: {
  db: Database;
  id: string;
  viewer: Viewer;
}): Promise<ProductDetail> {
  return JSON.parse(await productDetailJson(options)) as ProductDetail;
}

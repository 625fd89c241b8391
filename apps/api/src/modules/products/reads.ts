import { desc, eq } from 'drizzle-orm';
import type {
  AdminProductCard,
  OwnProductCard,
  ProductCard,
  ProductDetail,
  UserProduct,
} from '@marketplace/shared/schemas/products';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import {
  cardList,
  iso,
  jsonArray,
  literalLimit,
  microTime,
  Params,
  PUBLIC,
  statementName,
} from '../../db/card-sql';
import { queryRows, type Database } from '../../db/client';
import { products } from '../../db/schema';
import {
  countedTotal,
  encodeCursor,
  microTimeIdPagingSql,
  rememberedTotal,
  rowLimit,
  TOTAL_CAP,
  type ListMeta,
} from '../../lib/cursor';
import { isDatabaseUnavailable } from '../../lib/db-errors';
import { notFound } from '../../lib/errors';

// The reads of listings other than the public list and search (modules/search): a user's own, the admin
// list, saved, a seller's, the product page. PostgreSQL builds each reply's JSON (json_build_object,
// json_agg) in one statement and the API passes the text through: one round trip per request and no work
// per row in JavaScript (docs/decisions/020). The shapes are the spec's (§3), checked against
// ProductCardSchema and ProductDetailSchema by the strict reply check the test suites run with.

type ProductStatus = (typeof products.$inferSelect)['status'];

const RELATED_LIMIT = 8;

// ---------- lists ----------

// The owner's listings in every status (My products), newest first, a page at a time (`meta.nextCursor`): each
// card with why the listing is hidden, when reports hid it (decision 049), and whether it sold, written into the
// stored card. products_owner_idx serves the order and the cursor.
export async function listOwnProducts({
  db,
  ownerId,
  page,
}: {
  db: Database;
  ownerId: string;
  page: PageQuery;
}): Promise<{ items: OwnProductCard[]; meta: ListMeta }> {
  const params = new Params();
  const card = `left(p.card, -1) || ', "hiddenForReview" : ' || coalesce((${HIDDEN_FOR_REVIEW})::text, 'null')
    || ', "isSold" : ' || (${SOLD('p')})::text || '}'`;
  return cardKeysetPage<OwnProductCard>(db, {
    params,
    where: `p.owner_id = ${params.add(ownerId, 'uuid')}`,
    card,
    page,
    list: `products:owner:${ownerId}`,
  });
}

// The admin list's item (AdminProductCardSchema): the stored card with the proof video and the uploader
// object of spec §3, contact details included (decision 051): the dashboard shows them from the list.
const ADMIN_CARD = `(p.card::jsonb || jsonb_build_object('video', video.url, 'videoUrl', video.url,
  'uploader', jsonb_build_object('id', u.id, 'username', u.username, 'profilePicture', u.profile_picture,
    'email', u.email, 'phoneNumber', u.phone_number)))::text`;

export type AdminProductPage = { items: AdminProductCard[]; meta: ListMeta };

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
  // products_status_idx serves one status's order, products_created_idx every listing's.
  return cardKeysetPage<AdminProductCard>(db, {
    params,
    where: status ? `p.status = ${params.add(status, 'text')}` : 'true',
    card: ADMIN_CARD,
    joins: 'join users u on u.id = p.owner_id left join media video on video.id = p.video_id',
    page,
    list: `products:${status ?? 'all'}`,
  });
}

// A page of listings (`where` on products p) newest first, each item `card` (an expression on p and `joins`),
// with the list's total: one statement. The cursor holds the last row's time to the microsecond, so an index on
// (…, created_at, id) serves the order and the cursor, and only the page's rows are joined and written.
async function cardKeysetPage<Card>(
  db: Database,
  {
    params,
    where,
    card,
    joins = '',
    page,
    list,
  }: { params: Params; where: string; card: string; joins?: string; page: PageQuery; list: string },
): Promise<{ items: Card[]; meta: ListMeta }> {
  const { after, orderBy } = microTimeIdPagingSql('p', { cursor: page.cursor, direction: 'newest', params });
  const limit = literalLimit(page.pageSize + 1);
  const size = params.add(page.pageSize, 'int');
  const remembered = rememberedTotal(list);
  const text = `with page as materialized (
      select row_number() over (order by ${orderBy}) as n, p.id, p.created_at from products p
      where ${where} and ${after} order by ${orderBy} limit ${limit})
    select (select ${cardList(card, 'page.n')} from page join products p on p.id = page.id
        ${joins} where page.n <= ${size}) as data,
      (select count(*)::int from page) as found,
      (select json_build_array(${microTime('created_at')}, id) from page where n = ${size})::text as last${
        remembered
          ? ''
          : `,
      (select count(*)::int from (select from products p where ${where} limit ${literalLimit(TOTAL_CAP + 1)}) counted) as total`
      }`;
  const [row] = await queryRows<{ data: string | null; found: number; last: string | null; total?: number }>(
    db,
    { name: statementName(text), text, values: params.values },
  );
  if (!row) throw new Error('the listings page query returned no row');
  const nextCursor = row.found > page.pageSize && row.last ? encodeCursor(JSON.parse(row.last)) : null;
  return {
    items: JSON.parse(jsonArray(row.data)) as Card[],
    meta: { pageSize: page.pageSize, ...(remembered ?? countedTotal(list, row.total)), nextCursor },
  };
}

// spec §3: the user's own listings as the profile and the login reply carry them, every status.
// The profile's `products` (spec §3, User): the newest PRODUCTS_IN_PROFILE, as its notifications are the newest
// 50; every listing is paged by GET /myProducts (decision 088). The header reads the profile on every page.
export const PRODUCTS_IN_PROFILE = 50;

export async function listUserProducts({
  db,
  ownerId,
}: {
  db: Database;
  ownerId: string;
}): Promise<UserProduct[]> {
  // From the stored cards (decision 030), which hold every field of these.
  const rows = await db
    .select({ card: products.card })
    .from(products)
    .where(eq(products.ownerId, ownerId))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(rowLimit(PRODUCTS_IN_PROFILE));
  return rows.flatMap(({ card }) => {
    if (!card) return [];
    const { id, title, description, category, tag, price, status, primaryImage, images } = JSON.parse(
      card,
    ) as ProductCard;
    return [{ id, title, description, category, tag, price, status, primaryImage, images }];
  });
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
    (select ${cardList('page.card', 'page.n')} from (
      select p.card, row_number() over (order by ${order}) as n
      from products p ${from} where ${where}
      order by ${order} limit ${limit} offset ${offset}) page) as data`;
  const [row] = await queryRows<{ total: number; data: string | null }>(db, {
    name: statementName(text),
    text,
    values: [...values, pageSize, (page - 1) * pageSize],
  });
  return { items: JSON.parse(jsonArray(row?.data)) as ProductCard[], total: row?.total ?? 0 };
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

// Why a listing is hidden, for its seller (decision 049): when reports hid it, and the reasons of the reports
// not yet reviewed (never who sent them). null when it is not hidden by reports.
const HIDDEN_FOR_REVIEW = `case when p.hidden_for_review_at is not null then json_build_object(
    'hiddenAt', ${iso('p.hidden_for_review_at')},
    'reasons', (select coalesce(json_agg(distinct r.reason), '[]'::json) from listing_reports r where r.product_id = p.id and r.reviewed_at is null))
  end`;

// A listing is sold once an order for it is paid (issue 32): its page stays, for everyone, marked sold.
const SOLD = (alias: string) =>
  `exists (select 1 from orders o where o.product_id = ${alias}.id and o.status = 'paid')`;

// The product page's row for the listing `id`, as the viewer (`userId`, `isAdmin`) may see it: SQL expressions.
const detailSelect = ({
  id,
  userId,
  isAdmin,
}: {
  id: string;
  userId: string;
  isAdmin: string;
}) => `select p.owner_id as "ownerId", p.status = 'approved' and (p.is_available or sold.is_sold) as "isPublic", json_build_object(
    'id', p.id, 'title', p.title, 'description', p.description, 'category', p.category, 'condition', p.condition,
    'tag', p.tag, 'price', p.price, 'priceCategory', p.price_category, 'location', p.location,
    'primaryImage', pictures.primary_url, 'primaryImageIndex', p.primary_image_index,
    'images', coalesce(pictures.urls, '[]'::json), 'media', coalesce(pictures.media, '[]'::json),
    'status', p.status, 'rejectionReason', p.rejection_reason, 'availability', p.is_available, 'isSold', sold.is_sold,
    'user', json_build_object('id', p.owner_id, 'username', u.username, 'isVerified', u.is_verified),
    'createdAt', ${iso('p.created_at')}, 'updatedAt', ${iso('p.updated_at')},
    'hiddenForReview', ${HIDDEN_FOR_REVIEW},
    'specification', p.specification, 'video', video.url, 'videoUrl', video.url,
    'uploader', json_build_object('id', u.id, 'username', u.username, 'profilePicture', u.profile_picture,
      'email', case when contact.visible then u.email end, 'phoneNumber', case when contact.visible then u.phone_number end,
      'isVerified', u.is_verified, 'memberSince', ${iso('u.created_at')},
      'rating', (select json_build_object('average', round(avg(r.rating), 1), 'count', count(*)::int) from reviews r where r.seller_id = u.id))
  )::text as body,
  (select ${cardList('related.card')} from (
      select rp.card, rp.created_at, rp.id
      from products rp
      where rp.owner_id = p.owner_id and rp.status = 'approved' and rp.is_available and rp.id <> p.id
      order by rp.created_at desc, rp.id desc limit ${RELATED_LIMIT}) related) as related
  from products p join users u on u.id = p.owner_id
  left join lateral (
    select json_agg(ordered.url) as urls,
      min(ordered.url) filter (where ordered.position = p.primary_image_index) as primary_url,
      json_agg(json_build_object('url', ordered.url, 'width', ordered.width, 'height', ordered.height, 'variants', ordered.variants)) as media
    from (select m.url, m.width, m.height, m.variants, pi.position
      from product_images pi join media m on m.id = pi.media_id where pi.product_id = p.id order by pi.position) ordered) pictures on true
  left join media video on video.id = p.video_id
  cross join lateral (select ${isAdmin} or (${userId} is not null and (${userId} = p.owner_id or u.show_contact_details
    or exists (select 1 from orders o where o.buyer_id = ${userId} and o.seller_id = p.owner_id and o.status = 'paid')))
    as visible) contact
  cross join lateral (select ${SOLD('p')} as is_sold) sold
  where p.id = ${id}`;
const DETAIL = detailSelect({ id: '$1::uuid', userId: '$2::uuid', isAdmin: '$3::boolean' });
const DETAIL_NAME = statementName(DETAIL);

// The visitors' rows of several listings in one statement (decision 093), each with its place in $1.
const VISITOR_DETAILS = `select wanted.n::int as "n", detail.* from unnest($1::uuid[]) with ordinality as wanted(id, n)
  cross join lateral (${detailSelect({ id: 'wanted.id', userId: 'null::uuid', isAdmin: 'false' })}) detail`;
const VISITOR_DETAILS_NAME = statementName(VISITOR_DETAILS);

type DetailRow = { ownerId: string; isPublic: boolean; body: string; related: string | null };

// The reply's data from a row: the seller's other cards come as text, and inside json_build_object PostgreSQL
// would parse them as JSON again (decision 040).
const detailJson = (row: DetailRow) =>
  `${row.body.slice(0, -1)}, "relatedProducts" : ${jsonArray(row.related)}}`;

// The product page's data (ProductDetailSchema) as JSON text. Its last field, relatedProducts, is written in
// here (detailJson).
export async function productDetailJson({
  db,
  id,
  viewer,
}: {
  db: Database;
  id: string;
  viewer: Viewer;
}): Promise<string> {
  // Note: the seller's e-mail and phone (and so their WhatsApp) go only to a logged-in buyer with a paid order
  // from them, to everyone logged in when the seller chose to show them, and to the owner and admins (issue 27):
  // everyone else talks to the seller through in-app messages, as the safety advice says. Visitors never get
  // them (they could harvest every seller's by walking the list). The keys stay, null, for spec clients.
  const [row] = await queryRows<DetailRow>(db, {
    name: DETAIL_NAME,
    text: DETAIL,
    values: [id, viewer.userId ?? null, viewer.isAdmin === true],
  });
  // Note: a listing that is not public is a 404 for everyone but its owner and admins, so its existence
  // is not revealed. A sold one stays public (marked isSold), so the buyer's link from Orders still opens.
  if (!row || (!row.isPublic && !viewer.isAdmin && viewer.userId !== row.ownerId)) throw notFound();
  return detailJson(row);
}

// The product page's data as a visitor sees it, for each of `ids` in order: null where there is no public
// listing (a 404 for a visitor, as productDetailJson says). When the statement fails for another reason than the
// database being out of reach (a timeout, one listing's row), each listing is read alone: one page's failure is
// its own (an Error in its place), not its batch's.
export async function visitorDetailsJson({
  db,
  ids,
}: {
  db: Database;
  ids: string[];
}): Promise<(string | null | Error)[]> {
  try {
    return await readVisitorDetails(db, ids);
  } catch (error) {
    if (ids.length === 1 || isDatabaseUnavailable(error)) throw error;
    return Promise.all(
      ids.map((id) =>
        readVisitorDetails(db, [id]).then(
          ([data]) => data ?? null,
          (alone: unknown) => (alone instanceof Error ? alone : new Error(String(alone))),
        ),
      ),
    );
  }
}

async function readVisitorDetails(db: Database, ids: string[]): Promise<(string | null)[]> {
  const rows = await queryRows<DetailRow & { n: number }>(db, {
    name: VISITOR_DETAILS_NAME,
    text: VISITOR_DETAILS,
    values: [ids],
  });
  const found = new Map(rows.map((row) => [row.n, row]));
  return ids.map((_, index) => {
    const row = found.get(index + 1);
    return row?.isPublic ? detailJson(row) : null;
  });
}

export async function getProductDetail(options: {
  db: Database;
  id: string;
  viewer: Viewer;
}): Promise<ProductDetail> {
  return JSON.parse(await productDetailJson(options)) as ProductDetail;
}

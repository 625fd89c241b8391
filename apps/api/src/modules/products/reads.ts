import { z } from 'zod';
import { and, desc, eq } from 'drizzle-orm';
import type { ProductCard, ProductDetail, UserProduct } from '@marketplace/shared/schemas/products';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import { cardList, iso, jsonArray, literalLimit, Params, PUBLIC, statementName } from '../../db/card-sql';
import { queryRows, type Database } from '../../db/client';
import { media, productImages, products } from '../../db/schema';
import {
  cappedTotal,
  decodeCursor as decodeTimeIdCursor,
  encodeCursor as encodeTimeIdCursor,
  TOTAL_CAP,
} from '../../lib/cursor';
import { notFound } from '../../lib/errors';

// The reads of listings other than the public list and search (modules/search): a user's own, the admin
// list, saved, a seller's, the product page. PostgreSQL builds each reply's JSON (json_build_object,
// json_agg) in one statement and the API passes the text through: one round trip per request and no work
// per row in JavaScript (docs/decisions/020). The shapes are the spec's (§3), checked against
// ProductCardSchema and ProductDetailSchema by the strict reply check the test suites run with.

type ProductStatus = (typeof products.$inferSelect)['status'];

const RELATED_LIMIT = 8;

// ---------- lists ----------

export async function listOwnProducts({
  db,
  ownerId,
}: {
  db: Database;
  ownerId: string;
}): Promise<ProductCard[]> {
  const text = `select ${cardList('p.card', 'p.created_at desc, p.id desc')} as data
    from products p where p.owner_id = $1::uuid`;
  const [row] = await queryRows<{ data: string | null }>(db, { name: statementName(text), text, values: [ownerId] });
  return JSON.parse(jsonArray(row?.data)) as ProductCard[];
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
  meta: { pageSize: number; total: number; totalCapped?: true; nextCursor: string | null };
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
  const limit = literalLimit(page.pageSize + 1);
  const size = params.add(page.pageSize, 'int');
  const text = `with page as materialized (
      select row_number() over (order by p.created_at desc, p.id desc) as n, p.id, p.created_at from products p
      where ${filters} and ${after} order by p.created_at desc, p.id desc limit ${limit})
    select (select ${cardList('p.card', 'page.n')} from page join products p on p.id = page.id where page.n <= ${size}) as data,
      (select count(*)::int from page) as found,
      (select json_build_array(to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), id) from page where n = ${size})::text as last,
      (select count(*)::int from (select from products p where ${filters} limit ${literalLimit(TOTAL_CAP + 1)}) counted) as total`;
  const [row] = await queryRows<{ data: string | null; found: number; last: string | null; total: number }>(db, {
    name: statementName(text),
    text,
    values: params.values,
  });
  if (!row) throw new Error('the admin list query returned no row');
  const nextCursor = row.found > page.pageSize && row.last ? encodeTimeIdCursor(JSON.parse(row.last)) : null;
  return {
    items: JSON.parse(jsonArray(row.data)) as ProductCard[],
    meta: { pageSize: page.pageSize, ...cappedTotal(row.total), nextCursor },
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

const DETAIL = `select p.owner_id as "ownerId", p.status = 'approved' and p.is_available as "isPublic", json_build_object(
    'id', p.id, 'title', p.title, 'description', p.description, 'category', p.category, 'condition', p.condition,
    'tag', p.tag, 'price', p.price, 'priceCategory', p.price_category, 'location', p.location,
    'primaryImage', pictures.primary_url, 'primaryImageIndex', p.primary_image_index,
    'images', coalesce(pictures.urls, '[]'::json), 'media', coalesce(pictures.media, '[]'::json),
    'status', p.status, 'rejectionReason', p.rejection_reason, 'availability', p.is_available,
    'user', json_build_object('id', p.owner_id, 'username', u.username, 'isVerified', u.is_verified),
    'createdAt', ${iso('p.created_at')}, 'updatedAt', ${iso('p.updated_at')},
    'specification', p.specification, 'video', video.url, 'videoUrl', video.url,
    'uploader', json_build_object('id', u.id, 'username', u.username, 'profilePicture', u.profile_picture,
      'email', case when $2::boolean then u.email end, 'phoneNumber', case when $2::boolean then u.phone_number end,
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
  where p.id = $1::uuid`;
const DETAIL_NAME = statementName(DETAIL);

// The product page's data (ProductDetailSchema) as JSON text. Its last field, relatedProducts, is written in
// here: the seller's other cards come as text, and inside json_build_object PostgreSQL would parse them as
// JSON again (decision 040).
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
  const [row] = await queryRows<{ ownerId: string; isPublic: boolean; body: string; related: string | null }>(db, {
    name: DETAIL_NAME,
    text: DETAIL,
    values: [id, canSeeContact],
  });
  // Note: a listing that is not public is a 404 for everyone but its owner and admins, so its existence
  // is not revealed.
  if (!row || (!row.isPublic && !viewer.isAdmin && viewer.userId !== row.ownerId)) throw notFound();
  return `${row.body.slice(0, -1)}, "relatedProducts" : ${jsonArray(row.related)}}`;
}

export async function getProductDetail(options: {
  db: Database;
  id: string;
  viewer: Viewer;
}): Promise<ProductDetail> {
  return JSON.parse(await productDetailJson(options)) as ProductDetail;
}

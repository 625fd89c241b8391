import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_STORED_PRICE } from '@marketplace/shared/constants';
import type {
  DonationInputSchema,
  ProductCard,
  ProductDetail,
  ProductEditInputSchema,
  ProductMedia,
  ProductQuerySchema,
  SaleInputSchema,
  UserProduct,
} from '@marketplace/shared/schemas/products';
import {
  DonationEditedSchema as DonationEditedRules,
  needsVideo,
  // What an owner edit sends back to review (docs/decisions/006); the web app warns with the same list.
  REVIEWED_FIELDS,
  SaleEditedSchema as SaleEditedRules,
} from '@marketplace/shared/schemas/products';
import type { Database } from '../../db/client';
import { media, productImages, products, users } from '../../db/schema';
import { toIso } from '../../lib/db-errors';
import { badRequest, notFound, unprocessable, validationError } from '../../lib/errors';
import type { AuthedAdmin } from '../../plugins/auth';
import { auditSnapshot, writeAudit } from '../admin/audit-log';
import { recordListingMedia, type ListingMediaHosting } from '../media/listing-media';
import { notifyAdmins } from '../notifications/service';

type ProductRow = typeof products.$inferSelect;
type MediaRow = typeof media.$inferSelect;
type ProductQuery = z.output<typeof ProductQuerySchema>;

const RELATED_LIMIT = 8;

// spec §5: the profile fields a seller must have filled in before uploading.
const UPLOAD_PROFILE_FIELDS = ['fullName', 'email', 'phoneNumber', 'city', 'state', 'country', 'street', 'bio'] as const;

function toMedia(row: Pick<MediaRow, 'url' | 'width' | 'height' | 'variants'>): ProductMedia {
  return { url: row.url, width: row.width, height: row.height, variants: row.variants };
}

// The columns of a listing card: the product, its seller's username, every picture's URL in order, and
// the primary picture's sizes. Every product column but the generated search vector, which only the
// database reads.
const { searchVector: _searchVector, ...productColumns } = getTableColumns(products);

const cardColumns = {
  product: productColumns,
  username: users.username,
  sellerIsVerified: users.isVerified,
  imageUrls: sql<string[]>`coalesce((select array_agg(m.url order by pi.position) from product_images pi join media m on m.id = pi.media_id where pi.product_id = ${products.id}), '{}')`,
  imageUrl: media.url,
  imageWidth: media.width,
  imageHeight: media.height,
  imageVariants: media.variants,
};

type CardRow = {
  product: Omit<ProductRow, 'searchVector'>;
  username: string;
  sellerIsVerified: boolean;
  imageUrls: string[];
  imageUrl: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  imageVariants: MediaRow['variants'] | null;
};

function cardQuery(db: Database) {
  return db
    .select(cardColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.ownerId))
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, products.primaryImageIndex)))
    .leftJoin(media, eq(media.id, productImages.mediaId));
}

function toCard(row: CardRow): ProductCard {
  const { product } = row;
  return {
    id: product.id,
    title: product.title,
    description: product.description,
    category: product.category,
    condition: product.condition,
    tag: product.tag,
    price: product.price,
    priceCategory: product.priceCategory,
    location: product.location,
    primaryImage: row.imageUrl,
    primaryImageIndex: product.primaryImageIndex,
    images: row.imageUrls,
    media: row.imageUrl ? [toMedia({ url: row.imageUrl, width: row.imageWidth, height: row.imageHeight, variants: row.imageVariants ?? [] })] : [],
    status: product.status,
    rejectionReason: product.rejectionReason,
    availability: product.isAvailable,
    uploader: product.ownerId,
    user: { id: product.ownerId, username: row.username, isVerified: row.sellerIsVerified },
    createdAt: toIso(product.createdAt),
    updatedAt: toIso(product.updatedAt),
  };
}

const isPublic = and(eq(products.status, 'approved'), eq(products.isAvailable, true));

// ---------- upload ----------

type UploadInput = z.output<typeof SaleInputSchema> | z.output<typeof DonationInputSchema>;

async function resolveOwnMedia(db: Database, ownerId: string, input: { images: string[]; video: string | null }) {
  const urls = [...new Set(input.images)];
  if (urls.length !== input.images.length) throw badRequest('IMAGE_NOT_YOURS');
  const imageRows = await db
    .select()
    .from(media)
    .where(and(inArray(media.url, urls), eq(media.ownerId, ownerId), eq(media.kind, 'image')))
    // Note: held until the listing is written, so the clean-up of unattached media cannot remove them meanwhile.
    .for('share');
  const byUrl = new Map(imageRows.map((row) => [row.url, row]));
  // Note: only media this seller uploaded through /api/media can be used; a foreign URL (another
  // site, or another seller's picture) is refused.
  const images = input.images.map((url) => byUrl.get(url));
  if (images.some((row) => !row)) throw badRequest('IMAGE_NOT_YOURS');

  let video: MediaRow | null = null;
  if (input.video) {
    const [row] = await db
      .select()
      .from(media)
      .where(and(eq(media.url, input.video), eq(media.ownerId, ownerId), eq(media.kind, 'video')))
      .limit(1)
      .for('share');
    if (!row) throw badRequest('VIDEO_NOT_YOURS');
    video = row;
  }
  return { images: images as MediaRow[], video };
}

export async function createProduct({
  db,
  hosting,
  ownerId,
  input: named,
  tag,
}: {
  db: Database;
  hosting: ListingMediaHosting;
  ownerId: string;
  input: UploadInput;
  tag: 'For sale' | 'Donate';
}): Promise<ProductDetail> {
  const [seller] = await db.select().from(users).where(eq(users.id, ownerId)).limit(1);
  if (!seller) throw notFound();
  if (UPLOAD_PROFILE_FIELDS.some((field) => !seller[field]?.trim())) throw unprocessable('PROFILE_INCOMPLETE_FOR_UPLOAD');
  if (!seller.isVerified) throw unprocessable('BANK_NOT_VERIFIED');
  const input = await recordListingMedia({ db, hosting, ownerId, input: named });

  const isSale = tag === 'For sale' && 'priceCategory' in input && typeof input.price === 'number';

  const id = await db.transaction(async (tx) => {
    const resolved = await resolveOwnMedia(tx, ownerId, input);
    const [created] = await tx
      .insert(products)
      .values({
        ownerId,
        title: input.title,
        description: input.description,
        specification: input.specification,
        category: input.category,
        condition: input.condition,
        tag,
        price: isSale ? (input.price as number) : null,
        priceCategory: isSale ? (input.priceCategory as string) : null,
        // spec §5: the location is built from the profile, never taken from the client.
        location: [seller.city, seller.state].filter(Boolean).join(', '),
        primaryImageIndex: input.primaryImageIndex,
        videoId: resolved.video?.id ?? null,
      })
      .returning({ id: products.id });
    if (!created) throw new Error('insert returned no row');
    await tx.insert(productImages).values(resolved.images.map((image, position) => ({ productId: created.id, mediaId: image.id, position })));
    await notifyAdmins({
      db: tx,
      content: { code: 'LISTING_SUBMITTED', params: { title: input.title, username: seller.username, productId: created.id } },
    });
    return created.id;
  });
  return getProductDetail({ db, id, viewer: { userId: ownerId } });
}

// ---------- reading ----------

type Cursor = { sort: string; values: (string | number | null)[] };

// What each sort's cursor holds; a tampered cursor is a 400, never a query with nonsense in it.
const CursorValuesSchemas = {
  // Written by toISOString: UTC, milliseconds, a real day (no odd time zone, no 30 February).
  newest: z.tuple([
    z.iso
      .datetime({ precision: 3 })
      .refine((value) => {
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

function decodeCursor(raw: string, sort: keyof typeof CursorValuesSchemas): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (cursor.sort !== sort) throw new Error('wrong sort');
    const values = CursorValuesSchemas[sort].parse(cursor.values);
    return { sort, values };
  } catch {
    throw badRequest('CURSOR_INVALID');
  }
}

// Words become prefix terms joined by AND: "sams gala" finds "Samsung Galaxy".
export function toPrefixQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}

export async function listPublicProducts({ db, query }: { db: Database; query: ProductQuery }) {
  const tsQuery = query.q ? toPrefixQuery(query.q) : null;
  // Without words to search for (none sent, or only punctuation and emoji) there is nothing to rank by:
  // relevance falls back to newest first.
  const sort = query.sort === 'relevance' && !tsQuery ? 'newest' : (query.sort ?? (tsQuery ? 'relevance' : 'newest'));
  const conditions: (SQL | undefined)[] = [isPublic];
  if (query.category) conditions.push(eq(products.category, query.category));
  if (query.condition) conditions.push(eq(products.condition, query.condition));
  if (query.tag) conditions.push(eq(products.tag, query.tag));
  if (query.minPrice !== undefined) conditions.push(gte(products.price, query.minPrice));
  if (query.maxPrice !== undefined) conditions.push(lte(products.price, query.maxPrice));
  if (query.location) conditions.push(ilike(products.location, `%${query.location.replace(/[\\%_]/g, '\\$&')}%`));
  const matches = tsQuery ? sql`${products.searchVector} @@ to_tsquery('english', ${tsQuery})` : undefined;
  if (matches) conditions.push(matches);

  const rank = tsQuery ? sql<number>`ts_rank_cd(${products.searchVector}, to_tsquery('english', ${tsQuery}))` : sql<number>`0`;
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
  let order: SQL[];
  let offset = 0;
  switch (sort) {
    case 'price-asc':
    case 'price-desc': {
      const direction = sort === 'price-asc' ? asc : desc;
      // Donations (no price) come last either way.
      conditions.push(sql`${products.price} is not null`);
      if (cursor) {
        const [price, id] = cursor.values;
        conditions.push(
          sort === 'price-asc'
            ? sql`(${products.price}, ${products.id}) > (${Number(price)}, ${String(id)}::uuid)`
            : sql`(${products.price}, ${products.id}) < (${Number(price)}, ${String(id)}::uuid)`,
        );
      }
      order = [direction(products.price), direction(products.id)];
      break;
    }
    case 'relevance':
      offset = cursor ? Number(cursor.values[0]) || 0 : 0;
      order = [desc(rank), desc(products.createdAt), desc(products.id)];
      break;
    default:
      if (cursor) {
        const [createdAt, id] = cursor.values;
        conditions.push(sql`(${products.createdAt}, ${products.id}) < (${String(createdAt)}::timestamptz, ${String(id)}::uuid)`);
      }
      order = [desc(products.createdAt), desc(products.id)];
  }

  const rows = await cardQuery(db)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.pageSize + 1)
    .offset(offset);
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (rows.length > query.pageSize && last) {
    const values =
      sort === 'relevance'
        ? [offset + query.pageSize]
        : sort === 'newest'
          ? [last.product.createdAt.toISOString(), last.product.id]
          : [last.product.price, last.product.id];
    nextCursor = encodeCursor({ sort, values });
  }
  return { items: page.map(toCard), meta: { pageSize: query.pageSize, nextCursor } };
}

export async function listOwnProducts({ db, ownerId }: { db: Database; ownerId: string }): Promise<ProductCard[]> {
  const rows = await cardQuery(db).where(eq(products.ownerId, ownerId)).orderBy(desc(products.createdAt), desc(products.id));
  return rows.map(toCard);
}

// spec §3: the user's own listings as the profile and the login reply carry them, every status.
export async function listUserProducts({ db, ownerId }: { db: Database; ownerId: string }): Promise<UserProduct[]> {
  const rows = await db
    .select({ id: products.id, title: products.title, primaryImage: media.url, price: products.price, status: products.status, tag: products.tag })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, products.primaryImageIndex)))
    .leftJoin(media, eq(media.id, productImages.mediaId))
    .where(eq(products.ownerId, ownerId))
    .orderBy(desc(products.createdAt), desc(products.id));
  return rows;
}

// Admins see every listing in every status (spec §6), newest first, optionally by status.
export async function listAllProducts({ db, status }: { db: Database; status?: ProductRow['status'] }): Promise<ProductCard[]> {
  const rows = await cardQuery(db)
    .where(status ? eq(products.status, status) : undefined)
    .orderBy(desc(products.createdAt), desc(products.id));
  return rows.map(toCard);
}

export type Viewer = { userId?: string; isAdmin?: boolean };

export async function getProductDetail({ db, id, viewer }: { db: Database; id: string; viewer: Viewer }): Promise<ProductDetail> {
  const [row] = await cardQuery(db).where(eq(products.id, id)).limit(1);
  if (!row) throw notFound();
  const { product } = row;
  const isOwner = viewer.userId === product.ownerId;
  // Note: a listing that is not public is a 404 for everyone but its owner and admins, so its
  // existence is not revealed.
  if (!viewer.isAdmin && !isOwner && (product.status !== 'approved' || !product.isAvailable)) throw notFound();

  const videoTable = media;
  const [images, [seller], video, related] = await Promise.all([
    db
      .select({ url: media.url, width: media.width, height: media.height, variants: media.variants })
      .from(productImages)
      .innerJoin(media, eq(media.id, productImages.mediaId))
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
    db
      .select({
        id: users.id,
        username: users.username,
        profilePicture: users.profilePicture,
        email: users.email,
        phoneNumber: users.phoneNumber,
        isVerified: users.isVerified,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, product.ownerId))
      .limit(1),
    product.videoId
      ? db.select({ url: videoTable.url }).from(videoTable).where(eq(videoTable.id, product.videoId)).limit(1)
      : Promise.resolve([]),
    // spec §2: the seller's other items, approved ones only.
    cardQuery(db)
      .where(and(isPublic, eq(products.ownerId, product.ownerId), ne(products.id, id)))
      .orderBy(desc(products.createdAt))
      .limit(RELATED_LIMIT),
  ]);
  if (!seller) throw notFound();
  // Note: visitors do not get the seller's e-mail and phone (they could harvest every seller's by walking
  // the list); any logged-in user, the owner and admins do.
  const canSeeContact = viewer.isAdmin === true || viewer.userId !== undefined;
  const { createdAt: memberSince, ...sellerFields } = seller;
  const contact = canSeeContact ? {} : { email: null, phoneNumber: null };
  const uploader = { ...sellerFields, ...contact, memberSince: toIso(memberSince) };
  const videoUrl = video[0]?.url ?? null;
  const { uploader: _uploader, ...card } = toCard(row);
  return {
    ...card,
    specification: product.specification,
    images: images.map((image) => image.url),
    media: images.map(toMedia),
    video: videoUrl,
    videoUrl,
    uploader,
    relatedProducts: related.map(toCard),
  };
}

// ---------- changes ----------

// Every write of a listing (owner or admin) starts here, inside its transaction: the row is locked until
// the transaction ends, so a parallel edit, decision or delete waits and then sees what this one did.
// Note: someone else's listing answers 404 like a missing one, and so does one deleted meanwhile.
export async function lockListing(tx: Database, { id, ownerId }: { id: string; ownerId?: string }): Promise<ProductRow> {
  const [product] = await tx
    .select()
    .from(products)
    .where(ownerId ? and(eq(products.id, id), eq(products.ownerId, ownerId)) : eq(products.id, id))
    .limit(1)
    .for('update');
  if (!product) throw notFound();
  return product;
}

export async function loadAny(db: Database, id: string): Promise<ProductRow> {
  const [product] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!product) throw notFound();
  return product;
}

async function currentMediaUrls(db: Database, product: ProductRow) {
  const images = await db
    .select({ url: media.url })
    .from(productImages)
    .innerJoin(media, eq(media.id, productImages.mediaId))
    .where(eq(productImages.productId, product.id))
    .orderBy(asc(productImages.position));
  const [video] = product.videoId ? await db.select({ url: media.url }).from(media).where(eq(media.id, product.videoId)) : [];
  return { images: images.map((image) => image.url), video: video?.url ?? null };
}

export async function updateProduct({
  db,
  hosting,
  id,
  ownerId,
  input: named,
  tag,
  auditBy,
}: {
  db: Database;
  // How an owner's edit reads the media URLs it names (absolute local URLs, the media host's); an admin's
  // edit names URLs already recorded.
  hosting?: ListingMediaHosting;
  id: string;
  // An owner's edit names the owner; an admin's edit names the admin, and is audited in the same transaction.
  ownerId?: string;
  input: z.output<typeof ProductEditInputSchema>;
  tag?: 'For sale' | 'Donate';
  auditBy?: AuthedAdmin;
}): Promise<{ product: ProductDetail; sentToReview: boolean }> {
  const byAdmin = auditBy !== undefined;
  const input = hosting && ownerId ? await recordListingMedia({ db, hosting, ownerId, input: named }) : named;
  const { ownerId: listingOwnerId, sentToReview } = await db.transaction(async (tx) => {
    // Note: what the edit is merged with and checked against is read under the row lock, so two edits in
    // parallel (pictures and price, say) cannot leave a primary picture past the end of the pictures.
    const product = await lockListing(tx, { id, ownerId });
    const before = auditBy ? await auditSnapshot(tx, product) : null;
    const currentMedia = await currentMediaUrls(tx, product);
    const nextTag = tag ?? product.tag;
    const merged = {
      title: input.title ?? product.title,
      description: input.description ?? product.description,
      specification: input.specification ?? product.specification,
      category: input.category ?? product.category,
      condition: input.condition ?? product.condition,
      price: input.price ?? product.price ?? undefined,
      priceCategory: input.priceCategory ?? product.priceCategory ?? undefined,
      images: input.images ?? currentMedia.images,
      primaryImageIndex: input.primaryImageIndex ?? (input.images ? 0 : product.primaryImageIndex),
      video: input.video === undefined ? currentMedia.video : input.video,
    };
    // The edited listing must still satisfy every upload rule; the video rule only when the edit touches
    // the category, the video or the tag (decision 006).
    const checked = (nextTag === 'For sale' ? SaleEditedRules : DonationEditedRules).safeParse(merged);
    if (!checked.success) throw validationError(checked.error.issues);
    const touchesVideoRule = input.category !== undefined || input.video !== undefined || nextTag !== product.tag;
    if (touchesVideoRule && needsVideo(checked.data)) throw validationError([{ path: 'video', message: 'VIDEO_REQUIRED' }]);
    const resolved = await resolveOwnMedia(tx, product.ownerId, { images: checked.data.images, video: checked.data.video });

    const changed = (field: (typeof REVIEWED_FIELDS)[number]) => {
      if (field === 'images') return input.images !== undefined && input.images.join(',') !== currentMedia.images.join(',');
      if (field === 'video') return input.video !== undefined && input.video !== currentMedia.video;
      return input[field] !== undefined && input[field] !== product[field];
    };
    const changesReviewedContent = !byAdmin && (REVIEWED_FIELDS.some(changed) || nextTag !== product.tag);
    const isSale = nextTag === 'For sale';

    const [after] = await tx
      .update(products)
      .set({
        title: checked.data.title,
        description: checked.data.description,
        specification: checked.data.specification,
        category: checked.data.category,
        condition: checked.data.condition,
        tag: nextTag,
        price: isSale ? Number(merged.price) : null,
        priceCategory: isSale ? String(merged.priceCategory) : null,
        primaryImageIndex: checked.data.primaryImageIndex,
        videoId: resolved.video?.id ?? null,
        isAvailable: input.availability ?? product.isAvailable,
        ...(changesReviewedContent ? { status: 'pending' as const, rejectionReason: null } : {}),
      })
      .where(eq(products.id, id))
      .returning();
    if (!after) throw new Error('a locked listing was not updated');
    if (input.images) {
      await tx.delete(productImages).where(eq(productImages.productId, id));
      await tx.insert(productImages).values(resolved.images.map((image, position) => ({ productId: id, mediaId: image.id, position })));
    }
    if (auditBy) await writeAudit({ db: tx, admin: auditBy, action: 'edit', productId: id, before, after: await auditSnapshot(tx, after) });
    return { ownerId: product.ownerId, sentToReview: changesReviewedContent && product.status !== 'pending' };
  });
  return { product: await getProductDetail({ db, id, viewer: { userId: listingOwnerId, isAdmin: byAdmin } }), sentToReview };
}

// Deletes a listing (and its picture links); the media files stay with their owner. Of parallel deletes
// exactly one succeeds: the others wait for the row lock and then find nothing (404). An admin's delete is
// audited in the same transaction.
export async function deleteProduct({ db, id, ownerId, auditBy }: { db: Database; id: string; ownerId?: string; auditBy?: AuthedAdmin }) {
  await db.transaction(async (tx) => {
    const product = await lockListing(tx, { id, ownerId });
    const before = auditBy ? await auditSnapshot(tx, product) : null;
    await tx.delete(products).where(eq(products.id, id));
    if (auditBy) await writeAudit({ db: tx, admin: auditBy, action: 'delete', productId: id, before, after: null });
  });
}

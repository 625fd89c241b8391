import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  DonationInputSchema,
  ProductDetail,
  ProductEditInputSchema,
  SaleInputSchema,
} from '@marketplace/shared/schemas/products';
import {
  DonationEditedSchema as DonationEditedRules,
  editNeedsVideo,
  // What an owner edit sends back to review (docs/decisions/006); the web app warns with the same list.
  REVIEWED_FIELDS,
  SaleEditedSchema as SaleEditedRules,
} from '@marketplace/shared/schemas/products';
import type { Database } from '../../db/client';
import { donations, media, productImages, products, users } from '../../db/schema';
import { badRequest, conflict, notFound, unprocessable, validationError } from '../../lib/errors';
import type { AuthedAdmin } from '../../plugins/auth';
import { auditSnapshot, writeAudit } from '../admin/audit-log';
import { notifySaversOfPriceDrop } from '../favourites/service';
import { recordListingMedia, type ListingMediaHosting } from '../media/listing-media';
import { notifyAdmins } from '../notifications/service';
import { isSoldOrHeld } from '../payments/checkout';

type ProductRow = typeof products.$inferSelect;
type MediaRow = typeof media.$inferSelect;

// spec §5: the profile fields a seller must have filled in before uploading.
const UPLOAD_PROFILE_FIELDS = [
  'fullName',
  'email',
  'phoneNumber',
  'city',
  'state',
  'country',
  'street',
  'bio',
] as const;

// ---------- upload ----------

type UploadInput = z.output<typeof SaleInputSchema> | z.output<typeof DonationInputSchema>;

async function resolveOwnMedia(
  db: Database,
  ownerId: string,
  input: { images: string[]; video: string | null },
) {
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
  if (UPLOAD_PROFILE_FIELDS.some((field) => !seller[field]?.trim()))
    throw unprocessable('PROFILE_INCOMPLETE_FOR_UPLOAD');
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
    await tx
      .insert(productImages)
      .values(
        resolved.images.map((image, position) => ({ productId: created.id, mediaId: image.id, position })),
      );
    await notifyAdmins({
      db: tx,
      content: {
        code: 'LISTING_SUBMITTED',
        params: { title: input.title, username: seller.username, productId: created.id },
      },
    });
    return created.id;
  });
  return getProductDetail({ db, id, viewer: { userId: ownerId } });
}

// ---------- reading (reads.ts) ----------

import { getProductDetail } from './reads';

export {
  getProductDetail,
  listAllProducts,
  listOwnProducts,
  listUserProducts,
  type Viewer,
} from './reads';

// ---------- changes ----------

// Every write of a listing (owner or admin) starts here, inside its transaction: the row is locked until
// the transaction ends, so a parallel edit, decision or delete waits and then sees what this one did.
// Note: someone else's listing answers 404 like a missing one, and so does one deleted meanwhile.
export async function lockListing(
  tx: Database,
  { id, ownerId }: { id: string; ownerId?: string },
): Promise<ProductRow> {
  const [product] = await tx
    .select()
    .from(products)
    .where(ownerId ? and(eq(products.id, id), eq(products.ownerId, ownerId)) : eq(products.id, id))
    .limit(1)
    .for('update');
  if (!product) throw notFound();
  return product;
}

// Whether a donated listing was given away: a recipient was picked (decision 025).
export async function isGivenAway(db: Database, productId: string): Promise<boolean> {
  const [donation] = await db
    .select({ id: donations.id })
    .from(donations)
    .where(eq(donations.productId, productId))
    .limit(1);
  return donation !== undefined;
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
  const [video] = product.videoId
    ? await db.select({ url: media.url }).from(media).where(eq(media.id, product.videoId))
    : [];
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
    // A sold listing (or one being paid for) may not be made available again (docs/decisions/016).
    if (input.availability === true && !product.isAvailable && (await isSoldOrHeld(tx, id))) {
      throw conflict('PRODUCT_SOLD_STAYS_UNAVAILABLE');
    }
    // So may a donation given away (decision 025); one whose requests were closed may: it takes requests again.
    if (input.availability === true && !product.isAvailable && (await isGivenAway(tx, id))) {
      throw conflict('DONATION_GIVEN_STAYS_UNAVAILABLE');
    }
    const videoRuleBefore = { category: product.category, video: currentMedia.video, tag: product.tag };
    if (editNeedsVideo(videoRuleBefore, { ...checked.data, tag: nextTag }))
      throw validationError([{ path: 'video', message: 'VIDEO_REQUIRED' }]);
    const resolved = await resolveOwnMedia(tx, product.ownerId, {
      images: checked.data.images,
      video: checked.data.video,
    });

    const changed = (field: (typeof REVIEWED_FIELDS)[number]) => {
      if (field === 'images')
        return input.images !== undefined && input.images.join(',') !== currentMedia.images.join(',');
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
        ...(input.availability === true ? { donationRequestsClosedAt: null } : {}),
        ...(changesReviewedContent ? { status: 'pending' as const, rejectionReason: null } : {}),
      })
      .where(eq(products.id, id))
      .returning();
    if (!after) throw new Error('a locked listing was not updated');
    if (input.images) {
      await tx.delete(productImages).where(eq(productImages.productId, id));
      await tx
        .insert(productImages)
        .values(resolved.images.map((image, position) => ({ productId: id, mediaId: image.id, position })));
    }
    if (auditBy)
      await writeAudit({
        db: tx,
        admin: auditBy,
        action: 'edit',
        productId: id,
        before,
        after: await auditSnapshot(tx, after),
      });
    await notifySaversOfPriceDrop({ db: tx, before: product, after });
    return { ownerId: product.ownerId, sentToReview: changesReviewedContent && product.status !== 'pending' };
  });
  return {
    product: await getProductDetail({ db, id, viewer: { userId: listingOwnerId, isAdmin: byAdmin } }),
    sentToReview,
  };
}

// Deletes a listing (and its picture links); the media files stay with their owner. Of parallel deletes
// exactly one succeeds: the others wait for the row lock and then find nothing (404). An admin's delete is
// audited in the same transaction.
export async function deleteProduct({
  db,
  id,
  ownerId,
  auditBy,
}: {
  db: Database;
  id: string;
  ownerId?: string;
  auditBy?: AuthedAdmin;
}) {
  await db.transaction(async (tx) => {
    const product = await lockListing(tx, { id, ownerId });
    const before = auditBy ? await auditSnapshot(tx, product) : null;
    await tx.delete(products).where(eq(products.id, id));
    if (auditBy)
      await writeAudit({ db: tx, admin: auditBy, action: 'delete', productId: id, before, after: null });
  });
}

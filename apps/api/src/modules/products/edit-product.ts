import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProductDetail, ProductEditInputSchema } from '@marketplace/shared/schemas/products';
import {
  DonationEditedSchema as DonationEditedRules,
  editNeedsVideo,
  // What an owner edit sends back to review (docs/decisions/006); the web app warns with the same list.
  REVIEWED_FIELDS,
  SaleEditedSchema as SaleEditedRules,
} from '@marketplace/shared/schemas/products';
import type { Database } from '../../db/client';
import { media, productImages, products } from '../../db/schema';
import { conflict, validationError } from '../../lib/errors';
import type { AuthedAdmin } from '../../plugins/auth';
import { writeAudit } from '../audit/index';
import { recordListingMedia, type ListingMediaHosting } from '../media/index';
import type { ListingHooks } from './listing-hooks';
import { getProductDetail } from './reads';
import {
  isGivenAway,
  listingAuditSnapshot,
  listingPictureUrls,
  lockListing,
  resolveOwnMedia,
} from './service';

type ProductRow = typeof products.$inferSelect;

// The URLs of the listing's pictures (in order) and of its video.
async function currentMediaUrls(db: Database, product: ProductRow) {
  const images = await listingPictureUrls(db, product.id);
  const [video] = product.videoId
    ? await db.select({ url: media.url }).from(media).where(eq(media.id, product.videoId))
    : [];
  return { images, video: video?.url ?? null };
}

export async function editProduct({
  db,
  hooks,
  hosting,
  id,
  ownerId,
  input: named,
  tag,
  auditBy,
}: {
  db: Database;
  hooks: ListingHooks;
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
    const before = auditBy ? await listingAuditSnapshot(tx, product) : null;
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
    if (input.availability === true && !product.isAvailable && (await hooks.isSoldOrHeld(tx, id))) {
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
        after: await listingAuditSnapshot(tx, after),
      });
    await hooks.onListingEdited({ db: tx, before: product, after });
    return { ownerId: product.ownerId, sentToReview: changesReviewedContent && product.status !== 'pending' };
  });
  return {
    product: await getProductDetail({ db, id, viewer: { userId: listingOwnerId, isAdmin: byAdmin } }),
    sentToReview,
  };
}

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { donations, media, productImages, products } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { AuditSnapshot } from '../audit/index';

// What every write of a listing shares: the row under lock, the media it may use, its pictures. The writes
// themselves: create-product.ts (uploads), edit-product.ts, delete-product.ts.

type ProductRow = typeof products.$inferSelect;
type MediaRow = typeof media.$inferSelect;

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

// A listing's pictures, their URLs in order: what an edit starts from and what the audit log keeps.
export async function listingPictureUrls(db: Database, productId: string): Promise<string[]> {
  const pictures = await db
    .select({ url: media.url })
    .from(productImages)
    .innerJoin(media, eq(media.id, productImages.mediaId))
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position));
  return pictures.map((picture) => picture.url);
}

// The media an upload or an edit names, read FOR SHARE.
export async function resolveOwnMedia(
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

// The user's own listings as the profile and the login reply carry them (accounts, profiles).
// What the admin audit log keeps of a listing: its fields (without the generated search vectors) and the
// URLs of its pictures, in order.
export async function listingAuditSnapshot(db: Database, product: ProductRow): Promise<AuditSnapshot> {
  const { searchVector: _searchVector, titleVector: _titleVector, ...fields } = product;
  return { ...fields, images: await listingPictureUrls(db, product.id) };
}

export { listUserProducts } from './reads';

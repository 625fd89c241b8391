import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { UPLOAD_PROFILE_FIELDS } from '@marketplace/shared/constants';
import type {
  DonationInputSchema,
  ProductDetail,
  SaleInputSchema,
} from '@marketplace/shared/schemas/products';
import type { Database } from '../../db/client';
import { productImages, products, users } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/errors';
import { recordListingMedia, type ListingMediaHosting } from '../media/index';
import { notifyAdmins } from '../notifications/index';
import { getProductDetail } from './reads';
import { resolveOwnMedia } from './service';

type UploadInput = z.output<typeof SaleInputSchema> | z.output<typeof DonationInputSchema>;

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

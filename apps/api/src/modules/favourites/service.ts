import { and, eq, inArray, ne } from 'drizzle-orm';
import { formatNaira } from '@marketplace/shared/money';
import type { NotificationContent } from '@marketplace/shared/notifications';
import type { Database } from '../../db/client';
import { favourites, products } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/errors';
import { notifyUser } from '../notifications/index';

// Favourites (issue #14, decision 026): a logged-in user saves a listing and finds it again under Saved
// items; savers are told when its price drops or someone starts paying for it.

// A user's save of one listing.
type SavedListing = { db: Database; userId: string; productId: string };

// Saving twice is saving once. Note: only a listing the public can see may be saved (anything else is a 404,
// as on its page, so its existence is not revealed); a seller does not save their own.
export async function saveListing({ db, userId, productId }: SavedListing) {
  await db.transaction(async (tx) => {
    // Held until the save is written, so a delete in parallel waits and then takes the save with it.
    const [product] = await tx
      .select({ ownerId: products.ownerId, status: products.status, isAvailable: products.isAvailable })
      .from(products)
      .where(eq(products.id, productId))
      .limit(1)
      .for('share');
    if (!product || product.status !== 'approved' || !product.isAvailable)
      throw notFound('PRODUCT_NOT_FOUND');
    if (product.ownerId === userId) throw unprocessable('SAVE_OWN_LISTING');
    await tx.insert(favourites).values({ userId, productId }).onConflictDoNothing();
  });
}

// Removing what is not saved is no error: the heart shows 'not saved' either way.
export async function unsaveListing({ db, userId, productId }: SavedListing) {
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
}

// Which of `productIds` the user saved, in their order: the hearts on the cards a page shows (decision 091).
// Each is one lookup of the favourites' primary key, however many listings the user saved.
export async function savedAmong({
  db,
  userId,
  productIds,
}: {
  db: Database;
  userId: string;
  productIds: string[];
}): Promise<string[]> {
  const rows = await db
    .select({ productId: favourites.productId })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), inArray(favourites.productId, productIds)));
  const saved = new Set(rows.map((row) => row.productId));
  return productIds.filter((id) => saved.has(id));
}

// Tells everyone who saved the listing, but `exceptUserId` (the buyer who is paying, say). `db` may be a
// transaction: the notices are written with the change they are about.
async function notifySavers({
  db,
  productId,
  exceptUserId,
  content,
}: {
  db: Database;
  productId: string;
  exceptUserId?: string;
  content: NotificationContent;
}) {
  const savers = await db
    .select({ userId: favourites.userId })
    .from(favourites)
    .where(
      exceptUserId
        ? and(eq(favourites.productId, productId), ne(favourites.userId, exceptUserId))
        : eq(favourites.productId, productId),
    );
  for (const saver of savers) await notifyUser({ db, userId: saver.userId, content });
}

type ListingState = { id: string; title: string; price: number | null; status: string; isAvailable: boolean };

// After an owner's or an admin's edit: a lower price of a listing buyers can see is news to its savers.
export async function notifySaversOfPriceDrop({
  db,
  before,
  after,
}: {
  db: Database;
  before: ListingState;
  after: ListingState;
}) {
  if (before.price === null || after.price === null || after.price >= before.price) return;
  if (after.status !== 'approved' || !after.isAvailable) return;
  const content: NotificationContent = {
    code: 'SAVED_ITEM_PRICE_DROPPED',
    params: {
      title: after.title,
      price: formatNaira(after.price),
      oldPrice: formatNaira(before.price),
      productId: after.id,
    },
  };
  await notifySavers({ db, productId: after.id, content });
}

// When a buyer takes a checkout hold: the item may be gone soon.
export async function notifySaversOfHold({
  db,
  productId,
  title,
  buyerId,
}: {
  db: Database;
  productId: string;
  title: string;
  buyerId: string;
}) {
  await notifySavers({
    db,
    productId,
    exceptUserId: buyerId,
    content: { code: 'SAVED_ITEM_ON_HOLD', params: { title, productId } },
  });
}

import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { productImages, products, users } from '../schema';
import { hashPassword } from '../../lib/passwords';
import type { MediaStorage } from '../../lib/media-storage';
import { storeMedia } from '../../modules/media/service';
import { newRefId } from '../../modules/referrals/service';
import { nubanAccountNumber } from '../../providers/payments/nuban';
import { sandboxAccountName } from '../../providers/payments/sandbox';
import { demoListings } from './demo-listings';
import { demoPictureSvg } from './pictures';

export type DemoUser = { fullName: string; username: string; email: string; password: string };

type DemoProfile = DemoUser & {
  phoneNumber: string;
  street: string;
  city: string;
  state: string;
  bio: string;
  serial: string;
};

// Fixed, printed passwords: this is demo data for a laptop, off by default on a real database.
const demoProfiles: DemoProfile[] = [
  {
    fullName: 'Adaeze Okafor',
    username: 'adaeze',
    email: 'adaeze@demo.oja.ng',
    password: 'demo-password-1',
    phoneNumber: '08031234567',
    street: '14 Admiralty Way',
    city: 'Lekki',
    state: 'Lagos',
    bio: 'Clearing out my wardrobe and kitchen. Pick-up in Lekki Phase 1.',
    serial: '012345678',
  },
  {
    fullName: 'Tunde Bakare',
    username: 'tunde',
    email: 'tunde@demo.oja.ng',
    password: 'demo-password-2',
    phoneNumber: '08051234567',
    street: '3 Ring Road',
    city: 'Ibadan',
    state: 'Oyo',
    bio: 'Gadget lover, I upgrade often and sell the old ones.',
    serial: '023456789',
  },
  {
    fullName: 'Hauwa Musa',
    username: 'hauwa',
    email: 'hauwa@demo.oja.ng',
    password: 'demo-password-3',
    phoneNumber: '08061234567',
    street: '21 Aminu Kano Crescent',
    city: 'Wuse',
    state: 'FCT',
    bio: 'Moving house in Abuja: everything must go, some for free.',
    serial: '034567890',
  },
];
export const demoUsers: DemoUser[] = demoProfiles.map(({ fullName, username, email, password }) => ({
  fullName,
  username,
  email,
  password,
}));

// Seeds an empty database only: three verified sellers and two dozen approved listings with pictures,
// so a newcomer's first page is a living marketplace. Returns the demo accounts that exist, to print them.
export async function seedDemoData({
  db,
  storage,
}: {
  db: Database;
  storage: MediaStorage;
}): Promise<DemoUser[]> {
  const [count] = await db.select({ value: sql<number>`count(*)::int` }).from(users);
  if ((count?.value ?? 0) === 0) {
    const sellerIds = new Map<string, { id: string; location: string }>();
    for (const profile of demoProfiles) {
      const accountNumber = nubanAccountNumber('058', profile.serial) ?? '';
      const [seller] = await db
        .insert(users)
        .values({
          fullName: profile.fullName,
          username: profile.username,
          email: profile.email,
          passwordHash: await hashPassword(profile.password),
          refId: newRefId(),
          phoneNumber: profile.phoneNumber,
          street: profile.street,
          city: profile.city,
          state: profile.state,
          country: 'Nigeria',
          address: `${profile.street}, ${profile.city}, ${profile.state}`,
          bio: profile.bio,
          // The name the payment sandbox resolves this account to, as if the seller had verified it.
          accountName: sandboxAccountName('058', accountNumber),
          accountNumber,
          bankName: 'Guaranty Trust Bank',
          bankCode: '058',
          isVerified: true,
        })
        .returning({ id: users.id });
      if (seller)
        sellerIds.set(profile.username, { id: seller.id, location: `${profile.city}, ${profile.state}` });
    }

    const now = Date.now();
    for (const [index, listing] of demoListings.entries()) {
      const seller = sellerIds.get(listing.seller);
      if (!seller) continue;
      const images = [];
      for (const [kind, color, accent, background] of listing.pictures) {
        const jpeg = await sharp(Buffer.from(demoPictureSvg(kind, color, accent, background)))
          .jpeg({ quality: 85 })
          .toBuffer();
        images.push(await storeMedia({ db, storage, ownerId: seller.id, bytes: jpeg }));
      }
      const [product] = await db
        .insert(products)
        .values({
          ownerId: seller.id,
          title: listing.title,
          description: listing.description,
          specification: listing.specification,
          category: listing.category,
          condition: listing.condition,
          tag: listing.price === null ? 'Donate' : 'For sale',
          price: listing.price,
          priceCategory: listing.priceCategory,
          location: seller.location,
          status: 'approved',
          primaryImageIndex: 0,
          // Spread over the last days, newest first in the order above.
          createdAt: new Date(now - index * 3 * 60 * 60 * 1000),
        })
        .returning({ id: products.id });
      if (product) {
        await db
          .insert(productImages)
          .values(images.map((image, position) => ({ productId: product.id, mediaId: image.id, position })));
      }
    }
  }
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`${users.email} in ${demoUsers.map((user) => user.email)}`);
  const existingEmails = new Set(existing.map((row) => row.email));
  return demoUsers.filter((user) => existingEmails.has(user.email));
}

export async function demoListingCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.status, 'approved'));
  return row?.value ?? 0;
}

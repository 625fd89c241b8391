import type { Database } from '../../db/client';
import type { products } from '../../db/schema';

type ProductRow = typeof products.$inferSelect;

// What other modules answer or do when a listing is edited. Products is a domain: it may not import the
// flows (payments knows what is sold or held) nor a sibling that imports it (favourites tells savers of a
// price drop). The composition root (app.ts) gives it these, so the edit stays one transaction without an
// import running back up (decision 053's layers).
export type ListingHooks = {
  // Whether a paid order or an active checkout hold has the listing.
  isSoldOrHeld: (db: Pick<Database, 'select'>, productId: string) => Promise<boolean>;
  // After an edit, inside its transaction, with the listing before and after.
  onListingEdited: (change: { db: Database; before: ProductRow; after: ProductRow }) => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    listingHooks: ListingHooks;
  }
}

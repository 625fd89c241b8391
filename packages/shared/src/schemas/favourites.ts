import { z } from 'zod';

// The most listings one GET /favourites/ids asks about: a page of cards (the lists page at most 100).
export const SAVED_LOOKUP_MAX = 100;

// GET /favourites/ids?productIds=…: which of the listings a page shows the caller saved, for the hearts on its
// cards (decision 091). The ids are comma-separated (a repeated `productIds` is read too); each is asked once.
export const SavedIdsQuerySchema = z.object({
  productIds: z
    .union([z.string(), z.array(z.string())], { error: 'INVALID_INPUT' })
    // The database writes ids in small letters: one asked in capitals is the same listing.
    .transform((value) => [
      ...new Set((Array.isArray(value) ? value : [value]).flatMap((ids) => ids.toLowerCase().split(','))),
    ])
    .pipe(
      z
        .array(z.uuid({ error: 'INVALID_INPUT' }))
        .min(1, { error: 'INVALID_INPUT' })
        .max(SAVED_LOOKUP_MAX, { error: 'INVALID_INPUT' }),
    ),
});

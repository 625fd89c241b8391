import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListingReport, ListingReportInputSchema } from '@marketplace/shared/schemas/products';
import type { Database } from '../../db/client';
import { listingReports, products, users } from '../../db/schema';
import { toIso } from '../../lib/db-errors';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { notifyAdmins, notifyUser } from '../notifications/index';
import { lockListing } from '../products/index';

// A user reports a listing (decision 022). One report per user per listing; admins are told of each.
// Once `hideThreshold` different users have open reports on it, an approved listing goes back to pending:
// the public lists (which show approved listings only) stop showing it until an admin decides again.
// Note: the listing row is locked for the whole report, so parallel reports are counted one after the other
// and exactly one of them hides the listing.
export async function reportListing({
  db,
  productId,
  reporterId,
  input,
  hideThreshold,
}: {
  db: Database;
  productId: string;
  reporterId: string;
  input: z.output<typeof ListingReportInputSchema>;
  hideThreshold: number;
}): Promise<{ isHidden: boolean }> {
  return db.transaction(async (tx) => {
    const product = await lockListing(tx, { id: productId });
    if (product.ownerId === reporterId) throw forbidden('REPORT_OWN_LISTING');
    // Note: a listing the public cannot see is a 404, as on its page, so its existence is not revealed.
    if (product.status !== 'approved' || !product.isAvailable) throw notFound();

    const [inserted] = await tx
      .insert(listingReports)
      .values({ productId, reporterId, reason: input.reason, note: input.note })
      .onConflictDoNothing()
      .returning({ id: listingReports.id });
    if (!inserted) throw conflict('REPORT_ALREADY_SENT');

    const [open] = await tx
      .select({ reports: count() })
      .from(listingReports)
      .where(and(eq(listingReports.productId, productId), isNull(listingReports.reviewedAt)));
    const reports = String(open?.reports ?? 1);
    const listing = { title: product.title, productId };
    const isHidden = (open?.reports ?? 0) >= hideThreshold;
    if (isHidden) {
      await tx.update(products).set({ status: 'pending', rejectionReason: null }).where(eq(products.id, productId));
      await notifyAdmins({ db: tx, content: { code: 'LISTING_HIDDEN_FOR_REVIEW', params: { ...listing, reports } } });
      await notifyUser({ db: tx, userId: product.ownerId, content: { code: 'LISTING_UNDER_REVIEW', params: listing } });
    } else {
      await notifyAdmins({ db: tx, content: { code: 'LISTING_REPORTED', params: { ...listing, reports } } });
    }
    return { isHidden };
  });
}

// Every report of a listing, newest first, for the admin's page of that listing.
export async function listListingReports({ db, productId }: { db: Database; productId: string }): Promise<ListingReport[]> {
  const rows = await db
    .select({ report: listingReports, reporter: { id: users.id, username: users.username } })
    .from(listingReports)
    .innerJoin(users, eq(users.id, listingReports.reporterId))
    .where(eq(listingReports.productId, productId))
    .orderBy(desc(listingReports.createdAt), desc(listingReports.id));
  return rows.map(({ report, reporter }) => ({
    id: report.id,
    reason: report.reason,
    note: report.note,
    reporter,
    createdAt: toIso(report.createdAt),
    reviewedAt: report.reviewedAt ? toIso(report.reviewedAt) : null,
  }));
}

// An admin's decision on a listing reviews its open reports: they no longer count towards hiding it.
export async function markReportsReviewed({ db, productId }: { db: Database; productId: string }) {
  await db
    .update(listingReports)
    .set({ reviewedAt: new Date() })
    .where(and(eq(listingReports.productId, productId), isNull(listingReports.reviewedAt)));
}

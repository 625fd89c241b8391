import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { REPORT_WEIGHT_LOST_PER_DISMISSAL } from '@marketplace/shared/constants';
import type { ListingReport, ListingReportInputSchema } from '@marketplace/shared/schemas/reports';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import type { Database } from '../../db/client';
import { listingReports, orders, products, users } from '../../db/schema';
import {
  microTimeIdPage,
  microTimeIdPaging,
  rowLimit,
  TOTAL_CAP,
  totalOf,
  type ListMeta,
} from '../../lib/cursor';
import { toIso } from '../../lib/db-errors';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { notifyAdmins, notifyUser } from '../notifications/index';
import { lockListing } from '../products/index';

// A reporter's standing (decision 049), read from their account: bank verified, bought something (a paid
// order), or older than `minAccountAgeHours`. Their weight is 1 with standing, less a part for every report
// admins dismissed beyond those they upheld, and 0 without standing: accounts made minutes ago never hide a
// listing, and neither does someone whose reports keep being dismissed.
function reporterStanding(minAccountAgeHours: number) {
  const hasPurchase = sql<boolean>`exists (select 1 from ${orders} where ${orders.buyerId} = ${users.id} and ${orders.status} = 'paid')`;
  const isOldEnough = sql<boolean>`${users.createdAt} <= now() - make_interval(hours => ${minAccountAgeHours})`;
  const dismissed = sql<number>`(select count(*)::int from ${listingReports} past where past.reporter_id = ${users.id} and past.outcome = 'dismissed')`;
  const upheld = sql<number>`(select count(*)::int from ${listingReports} past where past.reporter_id = ${users.id} and past.outcome = 'upheld')`;
  const hasStanding = sql`(${users.isVerified} or ${hasPurchase} or ${isOldEnough})`;
  return {
    isBankVerified: users.isVerified,
    hasPurchase,
    memberSince: users.createdAt,
    dismissedReports: dismissed,
    upheldReports: upheld,
    hasStanding: sql<boolean>`${hasStanding}`,
    weight: sql<number>`(case when ${hasStanding}
      then greatest(0, 1 - ${REPORT_WEIGHT_LOST_PER_DISMISSAL}::numeric * greatest(0, ${dismissed} - ${upheld}))
      else 0 end)::float8`,
  };
}

// A user reports a listing (decisions 022, 049). One report per user per listing; admins are told of each.
// The open reports' weights (reporterStanding) are added up: once they reach `hideThreshold`, an approved
// listing goes back to pending, marked hidden for review: the public lists (approved listings only) stop
// showing it until an admin decides, and its seller sees why. Every report is kept and shown to admins, with
// or without weight.
// Note: the listing row is locked for the whole report, so parallel reports are counted one after the other
// and exactly one of them hides the listing.
export async function reportListing({
  db,
  productId,
  reporterId,
  input,
  hideThreshold,
  minAccountAgeHours,
}: {
  db: Database;
  productId: string;
  reporterId: string;
  input: z.output<typeof ListingReportInputSchema>;
  hideThreshold: number;
  minAccountAgeHours: number;
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
      .select({
        reports: sql<number>`count(*)::int`,
        weight: sql<number>`coalesce(sum(${reporterStanding(minAccountAgeHours).weight}), 0)::float8`,
      })
      .from(listingReports)
      .innerJoin(users, eq(users.id, listingReports.reporterId))
      .where(and(eq(listingReports.productId, productId), isNull(listingReports.reviewedAt)));
    const reports = String(open?.reports ?? 1);
    const listing = { title: product.title, productId };
    // A small tolerance: weights are sums of halves, kept as floating point.
    const isHidden = (open?.weight ?? 0) >= hideThreshold - 1e-9;
    if (isHidden) {
      await tx
        .update(products)
        .set({ status: 'pending', rejectionReason: null, hiddenForReviewAt: sql`now()` })
        .where(eq(products.id, productId));
      await notifyAdmins({
        db: tx,
        content: { code: 'LISTING_HIDDEN_FOR_REVIEW', params: { ...listing, reports } },
      });
      await notifyUser({
        db: tx,
        userId: product.ownerId,
        content: { code: 'LISTING_UNDER_REVIEW', params: listing },
      });
    } else {
      await notifyAdmins({ db: tx, content: { code: 'LISTING_REPORTED', params: { ...listing, reports } } });
    }
    return { isHidden };
  });
}

type ListingReportsOf = { db: Database; productId: string; minAccountAgeHours: number };

// A listing's reports, newest first, a page at a time on listing_reports_product_idx (decision 090), for the
// admin's page of that listing: who reported it and each reporter's standing, so an admin sees a pile of new
// accounts for what it is. The total is counted up to TOTAL_CAP.
export async function listListingReports({
  db,
  productId,
  minAccountAgeHours,
  page,
}: ListingReportsOf & { page: PageQuery }): Promise<{ items: ListingReport[]; meta: ListMeta }> {
  const standing = reporterStanding(minAccountAgeHours);
  const ofListing = eq(listingReports.productId, productId);
  const { after, orderBy, key } = microTimeIdPaging(listingReports, {
    cursor: page.cursor,
    direction: 'newest',
  });
  const rowsRead = db
    .select({
      report: listingReports,
      reporter: { id: users.id, username: users.username },
      standing: {
        isBankVerified: standing.isBankVerified,
        hasPurchase: standing.hasPurchase,
        memberSince: standing.memberSince,
        dismissedReports: standing.dismissedReports,
        upheldReports: standing.upheldReports,
        hasStanding: standing.hasStanding,
        weight: standing.weight,
      },
      key,
    })
    .from(listingReports)
    .innerJoin(users, eq(users.id, listingReports.reporterId))
    .where(and(ofListing, after))
    .orderBy(...orderBy)
    .limit(rowLimit(page.pageSize + 1));
  const [rows, total] = await Promise.all([
    rowsRead,
    totalOf(db, `listing-reports:${productId}`, listingReports, ofListing),
  ]);
  const { items, nextCursor } = microTimeIdPage(rows, page.pageSize, (row) => ({
    key: row.key,
    id: row.report.id,
  }));
  const reports: ListingReport[] = items.map(({ report, reporter, standing: row }) => ({
    id: report.id,
    reason: report.reason,
    note: report.note,
    reporter: {
      ...reporter,
      standing: {
        hasStanding: row.hasStanding,
        weight: Number(row.weight),
        isBankVerified: row.isBankVerified,
        hasPurchase: row.hasPurchase,
        memberSince: toIso(new Date(row.memberSince)),
        dismissedReports: Number(row.dismissedReports),
        upheldReports: Number(row.upheldReports),
      },
    },
    createdAt: toIso(report.createdAt),
    reviewedAt: report.reviewedAt ? toIso(report.reviewedAt) : null,
    outcome: report.outcome,
  }));
  return { items: reports, meta: { pageSize: page.pageSize, nextCursor, ...total } };
}

const REPORTS_IN_DETAIL = 50;

// What the admin's page of a listing shows of its reports: the first page of REPORTS_IN_DETAIL, the cursor of
// the rest, and how many there are, counted up to TOTAL_CAP + 1 like a user's referralCount ("10,000+").
export async function latestListingReports(of: ListingReportsOf) {
  const { items, meta } = await listListingReports({
    ...of,
    page: { cursor: undefined, pageSize: REPORTS_IN_DETAIL },
  });
  return {
    reports: items,
    reportsNextCursor: meta.nextCursor,
    reportCount: meta.totalCapped ? TOTAL_CAP + 1 : meta.total,
  };
}

// An admin's decision on a listing reviews its open reports: they no longer count towards hiding it, and they
// are upheld (the listing was rejected) or dismissed (approved again), which the reporters' weight follows.
export async function markReportsReviewed({
  db,
  productId,
  outcome,
}: {
  db: Database;
  productId: string;
  outcome: 'upheld' | 'dismissed';
}) {
  await db
    .update(listingReports)
    .set({ reviewedAt: new Date(), outcome })
    .where(and(eq(listingReports.productId, productId), isNull(listingReports.reviewedAt)));
}

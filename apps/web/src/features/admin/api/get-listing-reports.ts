import type { ListingReport } from '@marketplace/shared/schemas/reports';
import { useCursorPagesAfter } from '../../../lib/cursor-pages';
import type { AdminProduct } from './get-admin-product';

export const LISTING_REPORTS_PAGE_SIZE = 50;

// A listing's reports, newest first: the first page is the one its admin page read (GET /api/adminProduct/{id}),
// the next ones come from GET /api/admin/products/{id}/reports?pageSize&cursor (decision 090).
export function useListingReports(product: AdminProduct, fetchedAt: number) {
  return useCursorPagesAfter<ListingReport>({
    queryKey: ['admin', 'listing-reports', product.id],
    path: `/admin/products/${encodeURIComponent(product.id)}/reports`,
    pageSize: LISTING_REPORTS_PAGE_SIZE,
    first: { items: product.reports, nextCursor: product.reportsNextCursor, total: product.reportCount },
    fetchedAt,
    audience: 'admin',
  });
}

import { useInfiniteQuery } from '@tanstack/react-query';
import type { ListingReport } from '@marketplace/shared/schemas/reports';
import { fetchCursorPage, nextPageCursor } from '../../../lib/cursor-pages';
import type { AdminProduct } from './get-admin-product';

export const LISTING_REPORTS_PAGE_SIZE = 50;

// A listing's reports, newest first: the first page is the one its admin page read (GET /api/adminProduct/{id}),
// the next ones come from GET /api/admin/products/{id}/reports?pageSize&cursor (decision 090). They are as fresh
// as the listing read at `fetchedAt`: when the page reads the listing again (after a decision on it, say), the
// list starts again from its new first page, without a request of its own.
export function useListingReports(product: AdminProduct, fetchedAt: number) {
  return useInfiniteQuery({
    queryKey: ['admin', 'listing-reports', product.id, fetchedAt],
    queryFn: ({ pageParam, signal }) =>
      fetchCursorPage<ListingReport>(`/admin/products/${encodeURIComponent(product.id)}/reports`, {
        pageSize: LISTING_REPORTS_PAGE_SIZE,
        cursor: pageParam,
        audience: 'admin',
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageCursor,
    initialData: {
      pages: [{ items: product.reports, nextCursor: product.reportsNextCursor, total: product.reportCount }],
      pageParams: [undefined],
    },
    initialDataUpdatedAt: fetchedAt,
    staleTime: Infinity,
  });
}

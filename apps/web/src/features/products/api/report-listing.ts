import { useMutation } from '@tanstack/react-query';
import type { ListingReportInput } from '@marketplace/shared/schemas/reports';
import { apiRequestOrThrow } from '../../../lib/api-client';

// POST /api/products/{id}/reports (decision 022): a reason from the fixed list and an optional note.
export function reportListing({ productId, report }: { productId: string; report: ListingReportInput }) {
  return apiRequestOrThrow<null>(`/products/${encodeURIComponent(productId)}/reports`, {
    method: 'POST',
    body: report,
  });
}

export function useReportListing() {
  return useMutation({ mutationFn: reportListing });
}

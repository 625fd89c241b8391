import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutQuote } from '@marketplace/shared/schemas/payments';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/checkout/{productId}: the listing, its seller and the amounts as the server computes them, and
// whether the logged-in buyer may pay for it now (`blockedBy`).

export const checkoutQuoteQueryKey = (productId: string) => ['checkout', productId] as const;

export async function getCheckoutQuote(productId: string, signal?: AbortSignal): Promise<CheckoutQuote> {
  const result = await apiRequestOrThrow<CheckoutQuote>(`/checkout/${encodeURIComponent(productId)}`, {
    signal,
  });
  return result.data;
}

export function checkoutQuoteQueryOptions(productId: string) {
  return queryOptions({
    queryKey: checkoutQuoteQueryKey(productId),
    queryFn: ({ signal }) => getCheckoutQuote(productId, signal),
    // Always read afresh: someone else may have bought or started paying for the item a moment ago.
    staleTime: 0,
    // The page says itself what went wrong.
    meta: { hasErrorToast: false },
  });
}

export function useCheckoutQuote(productId: string) {
  return useQuery({ ...checkoutQuoteQueryOptions(productId), enabled: productId !== '' });
}

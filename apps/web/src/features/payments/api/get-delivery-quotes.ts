import { useMutation } from '@tanstack/react-query';
import type { DeliveryQuote } from '@marketplace/shared/schemas/payments';
import { apiRequestOrThrow } from '../../../lib/api-client';

// POST /api/checkout/{productId}/delivery-quotes: the couriers' prices from the seller to the logged-in
// buyer. The server keeps each one until its `expiresAt`; paying names the quote, never a price.
export async function getDeliveryQuotes(productId: string): Promise<DeliveryQuote[]> {
  const result = await apiRequestOrThrow<DeliveryQuote[]>(
    `/checkout/${encodeURIComponent(productId)}/delivery-quotes`,
    { method: 'POST' },
  );
  return result.data;
}

export function useDeliveryQuotes() {
  // The checkout shows the prices, or what went wrong, itself.
  return useMutation({
    mutationFn: getDeliveryQuotes,
    meta: { hasSuccessToast: false, hasErrorToast: false },
  });
}

import { useMutation } from '@tanstack/react-query';
import type { RateReply, RateRequest, ShipmentRate } from '@marketplace/shared/schemas/shipping';
import { apiRequestOrThrow } from '../../../lib/api-client';

// POST /api/rates (spec §7) with the courier rate input: the chosen courier's price, as the list in `quotes`.
export async function getRate(input: RateRequest): Promise<ShipmentRate[]> {
  const result = await apiRequestOrThrow<RateReply>('/rates', {
    method: 'POST',
    body: input,
    audience: 'none',
  });
  return result.data.quotes;
}

export function useGetRate() {
  // The page shows the rate itself; a failure still shows the server's message in a toast (spec §8).
  return useMutation({ mutationFn: getRate, meta: { hasSuccessToast: false } });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { donationRequestsQueryKey } from './get-my-donation-requests';
import { productsQueryKey } from '../../../lib/query-keys';

// A giver's decision on a donated item's requests (decision 025) changes the requests and, for a pick or a
// close, the listing itself (it leaves the lists): both are read again afterwards.
export function useDonationDecision<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: donationRequestsQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]),
  });
}

export const donationRequestsPath = (productId: string) =>
  `/products/${encodeURIComponent(productId)}/requests`;

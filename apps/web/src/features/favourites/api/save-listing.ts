import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { favouritesQueryKey, savedStateQueryOptions } from './get-saved-ids';

type SavedState = { productId: string; isSaved: boolean };

// PUT /api/favourites/{id} saves, DELETE /api/favourites/{id} unsaves; both are idempotent (decision 026).
export function setListingSaved({ productId, isSaved }: SavedState) {
  return apiRequestOrThrow<SavedState>(`/favourites/${encodeURIComponent(productId)}`, {
    method: isSaved ? 'PUT' : 'DELETE',
  });
}

// The heart turns at once; a failure turns it back (and says so in a toast). Then that heart and the Saved items
// list are read again; the other hearts did not change.
export function useSetListingSaved(userId: string) {
  const queryClient = useQueryClient();
  const stateKey = (productId: string) => savedStateQueryOptions(userId, productId).queryKey;
  return useMutation({
    mutationFn: setListingSaved,
    onMutate: async ({ productId, isSaved }) => {
      await queryClient.cancelQueries({ queryKey: stateKey(productId) });
      const before = queryClient.getQueryData(stateKey(productId));
      queryClient.setQueryData(stateKey(productId), isSaved);
      return { before };
    },
    // Back to what the heart showed before the tap (not saved, when its question had no answer yet).
    onError: (_error, { productId, isSaved }, context) => {
      queryClient.setQueryData(stateKey(productId), context?.before ?? !isSaved);
    },
    onSettled: (_data, _error, { productId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stateKey(productId) }),
        queryClient.invalidateQueries({ queryKey: [...favouritesQueryKey, 'list'] }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { favouritesQueryKey } from './get-saved-ids';

type SavedState = { productId: string; isSaved: boolean };

// PUT /api/favourites/{id} saves, DELETE /api/favourites/{id} unsaves; both are idempotent (decision 026).
export function setListingSaved({ productId, isSaved }: SavedState) {
  return apiRequestOrThrow<SavedState>(`/favourites/${encodeURIComponent(productId)}`, {
    method: isSaved ? 'PUT' : 'DELETE',
  });
}

// The heart turns at once; a failure turns it back (and says so in a toast).
export function useSetListingSaved(userId: string) {
  const queryClient = useQueryClient();
  const idsKey = [...favouritesQueryKey, 'ids', userId];
  return useMutation({
    mutationFn: setListingSaved,
    onMutate: async ({ productId, isSaved }) => {
      await queryClient.cancelQueries({ queryKey: idsKey });
      const before = queryClient.getQueryData<string[]>(idsKey);
      const others = (before ?? []).filter((id) => id !== productId);
      queryClient.setQueryData<string[]>(idsKey, isSaved ? [...others, productId] : others);
      return { before };
    },
    onError: (_error, _variables, context) => {
      queryClient.setQueryData(idsKey, context?.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/me';

// GET /api/users/generate-refID: data is the new refID (spec §7). Links shared with the old one stop working.
export function generateRefId() {
  return apiRequestOrThrow<string>('/users/generate-refID');
}

export function useGenerateRefId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateRefId,
    onSuccess: (result) => {
      queryClient.setQueryData<Me>(meQueryKey, (me) => (me ? { ...me, refID: result.data } : me));
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

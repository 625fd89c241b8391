import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/me';

// PUT /api/userProfile/profile: multipart form data with every profile field and the picture as `image`.
export function updateProfile(form: FormData) {
  return apiRequestOrThrow<Me>('/userProfile/profile', { method: 'PUT', body: form });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // spec §8: the page shows the outcome in its own alert, not in a toast.
    meta: { hasSuccessToast: false, hasErrorToast: false },
    // The header shows the new picture and username from the same query.
    onSuccess: (result) => {
      queryClient.setQueryData(meQueryKey, result.data);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

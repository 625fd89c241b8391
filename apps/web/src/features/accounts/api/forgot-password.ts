import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@marketplace/shared/schemas/accounts';
import { apiRequestOrThrow } from '../../../lib/api-client';

// POST /api/users/forgot-password. Always the same answer, whether or not the account exists.
export function requestPasswordReset(input: ForgotPasswordInput) {
  return apiRequestOrThrow<unknown>('/users/forgot-password', {
    method: 'POST',
    body: input,
    audience: 'none',
  });
}

export function useRequestPasswordReset() {
  // The page shows the answer itself, so no success toast.
  return useMutation({ mutationFn: requestPasswordReset, meta: { hasSuccessToast: false } });
}

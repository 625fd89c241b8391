import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@marketplace/shared/schemas/accounts';
import { apiRequestOrThrow } from '../../../lib/api-client';

// POST /api/users/reset-password with the token from the e-mailed link.
export function resetPassword(input: ResetPasswordInput) {
  return apiRequestOrThrow<unknown>('/users/reset-password', {
    method: 'POST',
    body: input,
    audience: 'none',
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

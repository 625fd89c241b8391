import { useMutation } from '@tanstack/react-query';
import type { SignInLinkInput } from '@marketplace/shared/schemas/accounts';
import type { AdminAuthResult } from '@marketplace/shared/schemas/admin';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { useAdminSession } from '../../../lib/session';

// POST /api/admin/login-link: signs an admin in with a one-time link mailed to them.
export function logInAdminWithLink(input: SignInLinkInput) {
  return apiRequestOrThrow<AdminAuthResult>('/admin/login-link', {
    method: 'POST',
    body: input,
    audience: 'none',
  });
}

export function useLogInAdminWithLink() {
  const { login } = useAdminSession();
  return useMutation({ mutationFn: logInAdminWithLink, onSuccess: (result) => login(result.data) });
}

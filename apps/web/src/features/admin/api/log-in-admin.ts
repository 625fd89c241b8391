import { useMutation } from '@tanstack/react-query';
import type { AdminAuthResult, AdminLoginInput } from '@marketplace/shared/schemas/admin';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { useAdminSession } from '../../../lib/session';

// POST /api/admin/login. Note: sent with no token at all; the admin session is its own storage entry,
// so a user token can never stand in for it (spec §3, §6).
export function logInAdmin(input: AdminLoginInput) {
  return apiRequestOrThrow<AdminAuthResult>('/admin/login', {
    method: 'POST',
    body: input,
    audience: 'none',
  });
}

export function useLogInAdmin() {
  const { login } = useAdminSession();
  return useMutation({ mutationFn: logInAdmin, onSuccess: (result) => login(result.data) });
}

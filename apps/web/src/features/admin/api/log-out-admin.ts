import { apiRequest } from '../../../lib/api-client';

// POST /api/admin/logout: ends the admin session on the server. The token is read when the call starts;
// the local session ends whatever the answer.
export function logOutAdminOnServer() {
  return apiRequest<null>('/admin/logout', { method: 'POST', audience: 'admin' });
}

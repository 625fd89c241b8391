import { apiRequest } from '../../../lib/api-client';

// POST /api/users/logout: ends the session on the server too, so the token stops working even if it was
// copied. The token is read when the call starts, so the caller clears the local session right after.
// A failure (offline) changes nothing for the user: the local session ends anyway.
export function logOutOnServer() {
  return apiRequest<null>('/users/logout', { method: 'POST' });
}

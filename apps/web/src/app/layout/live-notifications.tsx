import { useLiveNotifications } from '../../features/notifications/api/live-notifications';

// The header's live notifications as a component, so that the header loads them (and the live events'
// client) with a signed-in session only, not in every visitor's first scripts (decision 063).
export function LiveNotifications() {
  useLiveNotifications();
  return null;
}

import { useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES } from '@marketplace/shared/live-event-types';
import type { NotificationEvent } from '@marketplace/shared/schemas/events';
import { useLiveEvent } from '../../../hooks/use-live-event';
import { RESYNC } from '../../../lib/live-events';
import { withNewNotification } from '../../../lib/notification-pages';
import { useAdminSession } from '../../../lib/session';
import { adminNotificationsQueryKey, type AdminNotificationPages } from './get-admin-notifications';

// The admins' notifications, live (decision 023): a new one goes to the top of the loaded list with the
// new unread count, without waiting for the poll (which runs only while the stream is down). Marked
// read by another admin, or a stream that could not resume: the list is read again. Used once, by the
// admin navigation that every admin page shows.
export function useLiveAdminNotifications() {
  const queryClient = useQueryClient();
  const { isLoggedIn } = useAdminSession();

  useLiveEvent<NotificationEvent>(
    LIVE_EVENT_TYPES.notification,
    ({ notification, unread }) => {
      queryClient.setQueryData<AdminNotificationPages>(adminNotificationsQueryKey, (pages) => {
        const updated = withNewNotification(pages, notification);
        return updated && { ...updated, pages: updated.pages.map((page) => ({ ...page, unread })) };
      });
    },
    { audience: 'admin', enabled: isLoggedIn },
  );

  const readAgain = () => void queryClient.invalidateQueries({ queryKey: adminNotificationsQueryKey });
  useLiveEvent(LIVE_EVENT_TYPES.notificationsRead, readAgain, { audience: 'admin', enabled: isLoggedIn });
  useLiveEvent(RESYNC, readAgain, { audience: 'admin', enabled: isLoggedIn });
}

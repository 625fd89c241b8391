import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useLocation } from 'react-router';
import { NOTIFICATION_POLL_MS } from '@marketplace/shared/constants';
import type { NotificationCode } from '@marketplace/shared/notifications';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { LIVE_EVENT_TYPES } from '@marketplace/shared/live-event-types';
import type { NotificationEvent } from '@marketplace/shared/schemas/events';
import { useLiveEvent, useLiveState } from '../../../hooks/use-live-event';
import { RESYNC } from '../../../lib/live-events';
import { meQueryKey } from '../../../lib/me';
import { withNewNotification } from '../../../lib/notification-pages';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { notificationsQueryKey, type UserNotificationPages } from './get-notifications';

// The results of moderation a seller waits for: said in a toast too when they arrive on another page than
// the notifications page (the bell's count alone is easy to miss).
const MODERATION_RESULTS: ReadonlySet<NotificationCode> = new Set([
  'LISTING_APPROVED',
  'LISTING_REJECTED',
  'LISTING_REJECTED_WITH_REASON',
  'LISTING_UNDER_REVIEW',
]);

// The signed-in user's notifications, live (decision 023): a new one is added to both caches that hold
// them (the profile behind the header's badge, and the notifications page) without a reload. Marked read
// elsewhere, or a stream that could not resume: both are read again. While the stream is down they are
// read again every NOTIFICATION_POLL_MS instead. Used once, by the header, which every page shows.
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  const { isLoggedIn } = useSession();
  const state = useLiveState('user');
  const { t } = useTranslation();
  const { pathname } = useLocation();

  useLiveEvent<NotificationEvent>(
    LIVE_EVENT_TYPES.notification,
    ({ notification }) => {
      queryClient.setQueryData<UserNotificationPages>(notificationsQueryKey, (pages) =>
        withNewNotification(pages, notification),
      );
      queryClient.setQueryData<Me>(
        meQueryKey,
        (me) =>
          me && {
            ...me,
            notifications: me.notifications.some((known) => known.id === notification.id)
              ? me.notifications
              : [notification, ...me.notifications],
          },
      );
      if (MODERATION_RESULTS.has(notification.code) && pathname !== '/notifications') {
        // Read once the whole words are here (lib/toast.ts).
        const text = () =>
          t(`notificationMessages.${notification.code}`, {
            ...notification.params,
            defaultValue: notification.message,
          });
        if (notification.code === 'LISTING_APPROVED') toast.success(text, { id: notification.id });
        else toast.warning(text, { id: notification.id });
      }
    },
    { enabled: isLoggedIn },
  );

  const readAgain = () => {
    void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
  useLiveEvent(LIVE_EVENT_TYPES.notificationsRead, readAgain, { enabled: isLoggedIn });
  useLiveEvent(RESYNC, readAgain, { enabled: isLoggedIn });

  const isDown = isLoggedIn && state !== 'open';
  useEffect(() => {
    if (!isDown) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    }, NOTIFICATION_POLL_MS);
    return () => clearInterval(timer);
  }, [isDown, queryClient]);
}

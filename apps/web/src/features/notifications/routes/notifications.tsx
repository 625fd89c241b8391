import { useTranslation } from '../../../i18n/use-translation';
import { NotificationList } from '../components/notification-list';
import { LoadMore } from '../../../components/ui/load-more';
import { SavedCopyNote } from '../../../components/ui/saved-copy-note';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';

// spec §2: /notifications (login only), a page at a time with Load more. Marking read also updates the header's
// unread badge.
export function NotificationsRoute() {
  const { t } = useTranslation();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const notifications = useNotifications();
  return (
    <section className="container py-4" style={{ maxWidth: '48rem' }}>
      <title>{`${t('notifications.title')} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-4">{t('notifications.title')}</h1>
      {/* Offline, the list kept from the last visit (decision 056), with its time. */}
      <SavedCopyNote query={notifications} />
      <NotificationList
        notifications={notifications.data?.pages.flatMap((page) => page.items)}
        isError={notifications.isError && notifications.data === undefined}
        onRetry={() => void notifications.refetch()}
        markRead={markRead}
        markAllRead={markAllRead}
        listingPath={(productId) => `/product/${productId}`}
        conversationPath={(conversationId) => `/messages/${conversationId}`}
        disputePath={(disputeId) => `/disputes/${disputeId}`}
      >
        <LoadMore pages={notifications} />
      </NotificationList>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { NotificationList } from '../../../components/ui/notification-list';
import { PageLoading } from '../../../components/ui/page-loading';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';

// spec §2: /notifications (login only). Marking read also updates the header's unread badge.
export function NotificationsRoute() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();

  let content;
  if (notifications.isPending) {
    content = <PageLoading />;
  } else if (notifications.isError) {
    content = (
      <LoadFailed message={t('notifications.loadFailed')} onRetry={() => void notifications.refetch()} />
    );
  } else {
    content = (
      <NotificationList
        notifications={notifications.data}
        onMarkRead={(id) => markRead.mutate(id)}
        onMarkAllRead={() => markAllRead.mutate()}
        markingId={markRead.isPending ? markRead.variables : undefined}
        isMarkingAll={markAllRead.isPending}
        listingPath={(productId) => `/product/${productId}`}
        conversationPath={(conversationId) => `/messages/${conversationId}`}
      />
    );
  }

  return (
    <section className="container py-4" style={{ maxWidth: '48rem' }}>
      <title>{`${t('notifications.title')} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-4">{t('notifications.title')}</h1>
      {content}
    </section>
  );
}

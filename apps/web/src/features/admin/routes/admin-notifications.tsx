import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { NotificationList } from '../../../components/ui/notification-list';
import { PageLoading } from '../../../components/ui/page-loading';
import { useAdminNotifications } from '../api/get-admin-notifications';
import { useMarkAdminNotificationRead } from '../api/mark-admin-notification-read';
import { useMarkAllAdminNotificationsRead } from '../api/mark-all-admin-notifications-read';
import { AdminPage } from '../components/admin-page';

// spec §2: /admin/notifications, polled every 5 seconds (spec §9).
export function AdminNotificationsRoute() {
  const { t } = useTranslation();
  const notifications = useAdminNotifications();
  const markRead = useMarkAdminNotificationRead();
  const markAllRead = useMarkAllAdminNotificationsRead();

  let content;
  if (notifications.isPending) {
    content = <PageLoading />;
  } else if (notifications.isError) {
    content = (
      <LoadFailed message={t('notifications.loadFailed')} onRetry={() => void notifications.refetch()} />
    );
  } else {
    content = (
      <>
        <NotificationList
          notifications={notifications.data.pages.flatMap((page) => page.items)}
          onMarkRead={(id) => markRead.mutate(id)}
          onMarkAllRead={() => markAllRead.mutate()}
          markingId={markRead.isPending ? markRead.variables : undefined}
          isMarkingAll={markAllRead.isPending}
          listingPath={(productId) => `/admin/products/edit/${productId}`}
          transactionPath={(reference) =>
            `/admin/transactions?${new URLSearchParams({ reference }).toString()}`
          }
          conversationPath={(conversationId) => `/admin/conversations/${conversationId}`}
        />
        <LoadMore
          hasNextPage={notifications.hasNextPage}
          isFetchingNextPage={notifications.isFetchingNextPage}
          onLoadMore={() => void notifications.fetchNextPage()}
        />
      </>
    );
  }

  return <AdminPage title={t('admin.notifications.title')}>{content}</AdminPage>;
}

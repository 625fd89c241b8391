import { useTranslation } from '../../i18n/use-translation';
import { LoadMore } from '../../components/ui/load-more';
import { NotificationList } from '../../features/notifications/components/notification-list';
import { useAdminNotifications } from '../../features/admin/api/get-admin-notifications';
import { useMarkAdminNotificationRead } from '../../features/admin/api/mark-admin-notification-read';
import { useMarkAllAdminNotificationsRead } from '../../features/admin/api/mark-all-admin-notifications-read';
import { AdminPage } from '../../features/admin/components/admin-page';

// spec §2: /admin/notifications, polled every 5 seconds (spec §9).
export function AdminNotificationsRoute() {
  const { t } = useTranslation();
  const markRead = useMarkAdminNotificationRead();
  const markAllRead = useMarkAllAdminNotificationsRead();
  const notifications = useAdminNotifications();
  return (
    <AdminPage title={t('admin.notifications.title')}>
      <NotificationList
        notifications={notifications.data?.pages.flatMap((page) => page.items)}
        isError={notifications.isLoadingError}
        onRetry={() => void notifications.refetch()}
        markRead={markRead}
        markAllRead={markAllRead}
        listingPath={(productId) => `/admin/products/edit/${productId}`}
        transactionPath={(reference) =>
          `/admin/transactions?${new URLSearchParams({ reference }).toString()}`
        }
        conversationPath={(conversationId) => `/admin/conversations/${conversationId}`}
        disputePath={(disputeId) => `/admin/disputes/${disputeId}`}
      >
        <LoadMore pages={notifications} />
      </NotificationList>
    </AdminPage>
  );
}

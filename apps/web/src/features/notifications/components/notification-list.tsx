import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import type { Notification } from '@marketplace/shared/schemas/accounts';
import { formatDateTime } from '../../../lib/format-date';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { NOTIFICATION_COUNTED_PARAM } from '@marketplace/shared/notifications';

// The mark-read calls of the reader's side (TanStack mutations): the one being marked waits for its answer.
type MarkRead = { mutate: (id: string) => void; isPending: boolean; variables?: string };
type MarkAllRead = { mutate: () => void; isPending: boolean };

type NotificationListProps = {
  // The reader's notifications: undefined while they load, or when they could not be loaded (isError).
  notifications: Notification[] | undefined;
  isError: boolean;
  onRetry: () => void;
  markRead: MarkRead;
  markAllRead: MarkAllRead;
  // Where a notification about a listing leads: the public page for a user, the edit page for an admin.
  listingPath: (productId: string) => string;
  // Where a notification about a payment leads (its `reference`), when the reader has such a page.
  transactionPath?: (reference: string) => string;
  // Where a notification about a conversation leads (decision 024): the thread, or the admin's reading of it.
  conversationPath: (conversationId: string) => string;
  // Where a notification about a dispute leads (decision 058): the user's or the admin's page of it.
  disputePath: (disputeId: string) => string;
  // Under the list (the admin's Load more).
  children?: ReactNode;
};

// The user's and the admin's notification pages look and behave the same (spec §4: unread becomes
// read, singly or all at once), loading and failing alike; each page brings its own calls.
// The number a counting notification counts, as the translator's `count` (its `_one` and `_other` forms; issue 32).
function countOf(notification: Notification): { count?: number } {
  const param = (NOTIFICATION_COUNTED_PARAM as Partial<Record<string, string>>)[notification.code];
  const value = param ? Number(notification.params[param]) : NaN;
  return Number.isFinite(value) ? { count: value } : {};
}

export function NotificationList({
  notifications,
  isError,
  onRetry,
  markRead,
  markAllRead,
  listingPath,
  transactionPath,
  conversationPath,
  disputePath,
  children,
}: NotificationListProps) {
  const { t } = useTranslation();
  if (isError) return <LoadFailed message={t('notifications.loadFailed')} onRetry={onRetry} />;
  if (!notifications) return <PageLoading />;
  const markingId = markRead.isPending ? markRead.variables : undefined;
  const isMarkingAll = markAllRead.isPending;
  // Stored as a code with parameters; shown in the reader's language (English `message` is the fallback).
  const textOf = (notification: Notification) =>
    t(`notificationMessages.${notification.code}`, {
      ...notification.params,
      ...countOf(notification),
      defaultValue: notification.message,
    });
  const unreadCount = notifications.filter((notification) => !notification.read).length;

  if (notifications.length === 0) {
    return (
      <>
        <p className="text-body-secondary">{t('notifications.empty')}</p>
        {children}
      </>
    );
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <p className="mb-0" aria-live="polite">
          {t('notifications.unreadCount', { count: unreadCount })}
        </p>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          onClick={() => markAllRead.mutate()}
          disabled={unreadCount === 0 || isMarkingAll}
          aria-busy={isMarkingAll}
        >
          {t('notifications.markAllRead')}
        </button>
      </div>
      <ul className="list-unstyled d-grid gap-2 mb-0">
        {notifications.map((notification) => (
          <li
            key={notification.id}
            className={
              notification.read
                ? 'card card-body py-2 notification-item'
                : 'card card-body py-2 notification-item border-primary border-start border-4 bg-light'
            }
            data-read={notification.read}
          >
            <div className="d-flex flex-wrap align-items-start gap-2">
              <div className="flex-grow-1">
                <p className={notification.read ? 'mb-1' : 'mb-1 fw-semibold'}>
                  {!notification.read && (
                    <span className="badge text-bg-primary me-2">{t('notifications.new')}</span>
                  )}
                  <span className="text-break">{textOf(notification)}</span>
                </p>
                {notification.params.productId && (
                  <Link to={listingPath(notification.params.productId)} className="small me-3">
                    {t('notifications.openListing')}
                  </Link>
                )}
                {notification.params.reference && transactionPath && (
                  <Link to={transactionPath(notification.params.reference)} className="small me-3">
                    {t('notifications.openTransaction')}
                  </Link>
                )}
                {notification.params.conversationId && (
                  <Link to={conversationPath(notification.params.conversationId)} className="small me-3">
                    {t('messages.openConversation')}
                  </Link>
                )}
                {notification.params.disputeId && (
                  <Link to={disputePath(notification.params.disputeId)} className="small me-3">
                    {t('notifications.openDispute')}
                  </Link>
                )}
                <time dateTime={notification.createdAt} className="small text-body-secondary">
                  {formatDateTime(notification.createdAt)}
                </time>
              </div>
              {!notification.read && (
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0"
                  onClick={() => markRead.mutate(notification.id)}
                  disabled={markingId === notification.id || isMarkingAll}
                  aria-label={t('notifications.markReadLabel', { message: textOf(notification) })}
                >
                  {t('notifications.markRead')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {children}
    </>
  );
}

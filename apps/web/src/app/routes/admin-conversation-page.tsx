import { useTranslation } from '../../i18n/use-translation';
import { Link, useParams } from 'react-router';
import { MessageList } from '../../features/messages/components/message-list';
import { PageLoading } from '../../components/ui/page-loading';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { useAdminConversation } from '../../features/admin/api/get-admin-conversation';
import { useAdminConversationMessages } from '../../features/admin/api/get-admin-conversation-messages';
import { AdminPage } from '../../features/admin/components/admin-page';
import { LoadFailed } from '../../components/ui/load-failed';

// /admin/conversations/:id: a conversation a participant reported, read-only, with the reports (decision 024).
export function AdminConversationRoute() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const conversation = useAdminConversation(id);
  const thread = useAdminConversationMessages(id);

  let content;
  if (conversation.isPending || thread.isPending) content = <PageLoading />;
  else if (conversation.isError || thread.isError) {
    const error = conversation.error ?? thread.error;
    content =
      error instanceof ApiError && error.status === 404 ? (
        <p>{t('messages.adminNotReported')}</p>
      ) : (
        <LoadFailed
          message={t('messages.loadFailed')}
          onRetry={() => {
            void conversation.refetch();
            void thread.refetch();
          }}
        />
      );
  } else {
    const head = conversation.data;
    const messages = thread.data.pages.flatMap((page) => page.items).reverse();
    content = (
      <div style={{ maxWidth: '48rem' }}>
        <p>
          <Link to={`/admin/products/edit/${head.listing.id}`}>
            {t('messages.about', { title: head.listing.title })}
          </Link>
          <br />
          {t('messages.adminBetween', { owner: head.owner.username, user: head.user.username })}
        </p>
        <h2 className="h5">{t('messages.adminReports')}</h2>
        <ul className="mb-4">
          {head.reports.map((report) => (
            <li key={`${report.reporter.username}-${report.createdAt}`}>
              {t('messages.adminReportBy', {
                username: report.reporter.username,
                date: formatDateTime(report.createdAt),
              })}
              {report.note && <q className="ms-1">{report.note}</q>}
            </li>
          ))}
        </ul>
        <h2 className="h5">{t('messages.title')}</h2>
        {thread.hasNextPage && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm mb-3"
            onClick={() => void thread.fetchNextPage()}
            disabled={thread.isFetchingNextPage}
          >
            {t('messages.earlier')}
          </button>
        )}
        {messages.length === 0 ? <p>{t('messages.noMessagesYet')}</p> : <MessageList messages={messages} />}
      </div>
    );
  }

  return (
    <AdminPage title={t('messages.adminTitle')} hasBackLink>
      {content}
    </AdminPage>
  );
}

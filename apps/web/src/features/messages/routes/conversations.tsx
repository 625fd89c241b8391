import { useTranslation } from '../../../i18n/use-translation';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { SavedCopyNote } from '../../../components/ui/saved-copy-note';
import { PageLoading } from '../../../components/ui/page-loading';
import { useConversations } from '../api/get-conversations';
import { ConversationList } from '../components/conversation-list';

// /messages (login only): the user's conversations, latest first, with unread counts (decision 024).
export function ConversationsRoute() {
  const { t } = useTranslation();
  const conversations = useConversations();
  const items = conversations.data?.pages.flatMap((page) => page.items) ?? [];

  let content;
  if (conversations.isPending) {
    content = <PageLoading />;
  } else if (conversations.data === undefined) {
    content = <LoadFailed message={t('messages.loadFailed')} onRetry={() => void conversations.refetch()} />;
  } else if (items.length === 0) {
    content = <p className="text-body-secondary">{t('messages.empty')}</p>;
  } else {
    content = (
      <>
        <ConversationList conversations={items} />
        <LoadMore pages={conversations} />
      </>
    );
  }

  return (
    <section className="container py-4" style={{ maxWidth: '48rem' }}>
      <title>{`${t('messages.title')} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-4">{t('messages.title')}</h1>
      {/* Offline, the list kept from the last visit (decision 056), with its time. */}
      <SavedCopyNote query={conversations} />
      {content}
    </section>
  );
}

import { useEffect, useRef, useState } from 'react';
import { LIVE_EVENT_TYPES } from '@marketplace/shared/live-event-types';
import type { MessageEvent } from '@marketplace/shared/schemas/messages';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useParams } from 'react-router';
import { MessageList } from '../components/message-list';
import { LoadMore } from '../../../components/ui/load-more';
import { PageLoading } from '../../../components/ui/page-loading';
import { SubPageFrame } from '../../../components/ui/sub-page-frame';
import { SavedCopyNote } from '../../../components/ui/saved-copy-note';
import { useLiveEvent } from '../../../hooks/use-live-event';
import { ApiError } from '../../../lib/api-client';
import { useConversation } from '../api/get-conversation';
import { useMessages } from '../api/get-messages';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { ConversationActions } from '../components/conversation-actions';
import { MessageComposer } from '../components/message-composer';
import { useMessageSlots } from '../slots';
import { conversationHandle } from './conversation-handle';

// /messages/:id (login only): one conversation about a listing (decision 024). New messages from the
// other person arrive live and are announced to screen readers; opening the thread reads them.
export function ConversationRoute() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const conversation = useConversation(id);
  const thread = useMessages(id);
  const markRead = useMarkConversationRead();
  const { ConversationOffers } = useMessageSlots();
  const back = { to: conversationHandle.back.to, label: t(conversationHandle.back.label) };
  const endRef = useRef<HTMLDivElement>(null);

  // Oldest first on screen; the pages come newest first.
  const messages = (thread.data?.pages.flatMap((page) => page.items) ?? []).slice().reverse();
  const newest = messages.at(-1);
  const newestUnread = messages.findLast((message) => !message.isMine && message.readAt === null);

  const markedUpTo = useRef<string | null>(null);
  const { mutate: markConversationRead } = markRead;
  useEffect(() => {
    if (!newestUnread || markedUpTo.current === newestUnread.id) return;
    markedUpTo.current = newestUnread.id;
    markConversationRead(id);
  }, [id, newestUnread, markConversationRead]);

  // What the live region says: the other person's message that just arrived in this thread (the cache is
  // updated by useLiveMessages in the header).
  const [announcement, setAnnouncement] = useState('');
  useLiveEvent<MessageEvent>(LIVE_EVENT_TYPES.message, ({ message }) => {
    if (message.conversationId === id) {
      setAnnouncement(
        t('messages.newMessageFrom', { username: message.sender.username, text: message.text }),
      );
    }
  });

  // The newest message in view as it arrives (or is sent).
  const newestId = newest?.id;
  useEffect(() => {
    if (newestId) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [newestId]);

  // In the frame the server drew (the login guard, decision 065), under the route's heading until the thread
  // names the other person.
  if (conversation.isPending || thread.isPending)
    return (
      <SubPageFrame heading={t(conversationHandle.heading)} back={back}>
        <PageLoading />
      </SubPageFrame>
    );
  // A thread kept from the last visit is shown offline (decision 056).
  if (conversation.data === undefined || thread.data === undefined) {
    const error = conversation.error ?? thread.error;
    const isMissing = error instanceof ApiError && error.status === 404;
    return (
      <section className="container py-4" style={{ maxWidth: '48rem' }}>
        <h1 className="h3">{isMissing ? t('messages.notFound') : t('messages.loadFailed')}</h1>
        {!isMissing && (
          <button
            type="button"
            className="btn btn-outline-danger me-2"
            onClick={() => {
              void conversation.refetch();
              void thread.refetch();
            }}
          >
            {t('common.tryAgain')}
          </button>
        )}
        <Link to={back.to}>{back.label}</Link>
      </section>
    );
  }

  const head = conversation.data;
  const savedCopy = conversation.isError ? conversation : thread;
  const other = head.viewer === 'owner' ? head.user : head.owner;

  return (
    <SubPageFrame heading={t('messages.threadTitle', { username: other.username })} back={back}>
      <SavedCopyNote query={savedCopy} />
      <p className="mb-3">
        <Link to={`/product/${head.listing.id}`}>
          {t(head.viewer === 'owner' ? 'messages.aboutYourListing' : 'messages.about', {
            title: head.listing.title,
          })}
        </Link>
      </p>

      {ConversationOffers && <ConversationOffers conversationId={id} />}
      <LoadMore pages={thread} className="text-center mb-3" label={t('messages.earlier')} />
      {messages.length === 0 ? (
        <p className="text-body-secondary">{t('messages.threadEmpty')}</p>
      ) : (
        <MessageList messages={messages} />
      )}
      <div ref={endRef} />
      {/* Announces the other person's message as it arrives. */}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>

      <div className="mt-3">
        {head.blockedMe ? (
          <p className="alert alert-warning mb-2" role="status">
            {t('messages.blockedYou', { username: other.username })}
          </p>
        ) : head.blockedByMe ? (
          <p className="alert alert-secondary mb-2" role="status">
            {t('messages.youBlocked', { username: other.username })}
          </p>
        ) : (
          <MessageComposer conversationId={id} />
        )}
        <ConversationActions conversation={head} otherName={other.username} />
      </div>
    </SubPageFrame>
  );
}

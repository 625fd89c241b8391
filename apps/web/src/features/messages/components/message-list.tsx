import '../../../styles/messages.scss';
import { useTranslation } from '../../../i18n/use-translation';
import type { Message } from '@marketplace/shared/schemas/messages';
import { formatDateTime } from '../../../lib/format-date';

// A conversation's messages, oldest first: the reader's own on the right. Shared by the thread page and
// the admin's view of a reported conversation (decision 024).
export function MessageList({ messages }: { messages: Message[] }) {
  const { t } = useTranslation();
  return (
    <ol className="list-unstyled d-grid gap-2 mb-0 message-list">
      {messages.map((message) => (
        <li
          key={message.id}
          className={`message-bubble ${message.isMine ? 'message-mine' : 'message-theirs'}`}
        >
          <span className="visually-hidden">
            {message.isMine ? t('messages.you') : message.sender.username}:{' '}
          </span>
          <p className="mb-1 message-text">{message.text}</p>
          <p className="mb-0 small message-meta">
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            {message.isMine && message.readAt && <span> · {t('messages.seen')}</span>}
          </p>
        </li>
      ))}
    </ol>
  );
}

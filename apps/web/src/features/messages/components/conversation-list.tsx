import '../../../styles/messages.scss';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import type { ConversationSummary } from '@marketplace/shared/schemas/messages';
import { formatDateTime } from '../../../lib/format-date';

// The user's conversations: picture and title of the listing, the other person, the last message, and
// how many of theirs are unread.
export function ConversationList({ conversations }: { conversations: ConversationSummary[] }) {
  const { t } = useTranslation();
  return (
    <ul className="list-unstyled d-grid gap-2 mb-0">
      {conversations.map((conversation) => (
        // min-w-0: a grid item otherwise widens the list to its longest line, which truncates instead.
        <li key={conversation.id} className="min-w-0">
          <Link
            to={`/messages/${conversation.id}`}
            className={`card card-body p-2 d-flex flex-row gap-2 align-items-center text-reset text-decoration-none conversation-item${conversation.unread > 0 ? ' border-primary' : ''}`}
          >
            {conversation.listing.picture ? (
              <img
                src={conversation.listing.picture}
                alt=""
                width={56}
                height={56}
                className="rounded conversation-picture"
                loading="lazy"
              />
            ) : (
              <span className="rounded conversation-picture bg-light" aria-hidden="true" />
            )}
            <span className="flex-grow-1 min-w-0">
              <span className="d-flex justify-content-between gap-2">
                <span
                  className={`text-truncate min-w-0${conversation.unread > 0 ? ' fw-bold' : ' fw-semibold'}`}
                >
                  {conversation.other.username}
                </span>
                <time
                  dateTime={conversation.lastActivityAt}
                  className="small text-body-secondary flex-shrink-0"
                >
                  {formatDateTime(conversation.lastActivityAt)}
                </time>
              </span>
              <span className="d-block small text-body-secondary text-truncate">
                {t(conversation.isOwner ? 'messages.aboutYourListing' : 'messages.about', {
                  title: conversation.listing.title,
                })}
              </span>
              <span className="d-flex justify-content-between gap-2">
                <span
                  className={`small text-truncate min-w-0${conversation.unread > 0 ? ' fw-semibold' : ''}`}
                >
                  {conversation.lastMessage
                    ? `${conversation.lastMessage.isMine ? `${t('messages.you')}: ` : ''}${conversation.lastMessage.text}`
                    : t('messages.noMessagesYet')}
                </span>
                {conversation.unread > 0 && (
                  <span className="badge rounded-pill bg-primary flex-shrink-0">
                    <span aria-hidden="true">{conversation.unread}</span>
                    <span className="visually-hidden">
                      {t('messages.unreadCount', { count: conversation.unread })}
                    </span>
                  </span>
                )}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

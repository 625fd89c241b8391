import { useTranslation } from '../../../i18n/use-translation';
import { NavLink } from 'react-router';
import { ChatIcon } from '../../../components/ui/icons';
import { useUnreadMessages } from '../api/get-unread-messages';
import { useLiveMessages } from '../api/live-messages';

// The header's way to the conversations, beside the bell, with the count of unread messages. The count is
// asked for once the session is confirmed (`isSessionConfirmed`: the profile answered), so an ended session
// makes one 401, not two.
export function MessagesLink({
  onClick,
  isSessionConfirmed,
}: {
  onClick: () => void;
  isSessionConfirmed: boolean;
}) {
  const { t } = useTranslation();
  const unread = useUnreadMessages({ enabled: isSessionConfirmed }).data ?? 0;
  useLiveMessages({ enabled: true });
  return (
    <NavLink to="/messages" className="nav-link header-icon-link" onClick={onClick}>
      <span className="header-icon">
        <ChatIcon />
        {unread > 0 && (
          <span className="badge rounded-pill bg-danger notification-badge" aria-hidden="true">
            {unread}
          </span>
        )}
      </span>
      <span className="visually-hidden">{t('messages.title')}</span>
      {unread > 0 && <span className="visually-hidden"> {t('messages.unreadCount', { count: unread })}</span>}
    </NavLink>
  );
}

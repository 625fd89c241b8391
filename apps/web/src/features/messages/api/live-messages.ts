import { useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES } from '@marketplace/shared/live-event-types';
import type { MessageEvent } from '@marketplace/shared/schemas/messages';
import { useLiveEvent } from '../../../hooks/use-live-event';
import { RESYNC } from '../../../lib/live-events';
import { conversationsQueryKey } from './get-conversations';
import { messagesQueryKey, withNewMessage, type MessagePages } from './get-messages';
import { unreadMessagesQueryKey } from './get-unread-messages';

// New messages, live (decisions 023, 024): each `message` event sets the unread badge, adds the message to
// its thread if that thread is loaded, and reads the conversation list again, without a reload. A stream
// that could not resume reads them all again. Used once, by the header's messages link, which every page
// of a signed-in user shows.
export function useLiveMessages({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  useLiveEvent<MessageEvent>(
    LIVE_EVENT_TYPES.message,
    ({ message, unread }) => {
      queryClient.setQueryData<number>(unreadMessagesQueryKey, unread);
      queryClient.setQueryData<MessagePages>(messagesQueryKey(message.conversationId), (pages) =>
        withNewMessage(pages, message),
      );
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    },
    { enabled },
  );
  useLiveEvent(RESYNC, () => void queryClient.invalidateQueries({ queryKey: ['messages'] }), { enabled });
}

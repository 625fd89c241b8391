import type { RouteHandle } from '../../../hooks/use-route-heading';

// The conversation's route (app/router.tsx): its heading until the thread names the other person, and its
// way back to every conversation, which the login guard draws on the server and the page draws itself.
export const conversationHandle = {
  heading: 'messages.title',
  back: { to: '/messages', label: 'messages.backToList' },
} as const satisfies RouteHandle;

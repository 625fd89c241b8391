import { useMutation } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';

export type NewsletterSubscription = { email: string };

// POST /api/newsletter/subscribe: the footer's weekend-discount sign-up.
export function subscribeToNewsletter(subscription: NewsletterSubscription) {
  return apiRequestOrThrow<unknown>('/newsletter/subscribe', {
    method: 'POST',
    body: subscription,
    audience: 'none',
  });
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}

import { useMutation } from '@tanstack/react-query';
import type { NewsletterInput } from '@marketplace/shared/schemas/newsletter';
import { apiRequestOrThrow } from '../../../lib/api-client';

// POST /api/newsletter/subscribe: the footer's weekend-discount sign-up.
export function subscribeToNewsletter(subscription: NewsletterInput) {
  return apiRequestOrThrow<unknown>('/newsletter/subscribe', {
    method: 'POST',
    body: subscription,
    audience: 'none',
  });
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}

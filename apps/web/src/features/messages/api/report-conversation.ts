import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationReportInput } from '@marketplace/shared/schemas/messages';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { conversationQueryKey } from './get-conversation';

// POST /api/conversations/{id}/reports: admins are told and may read the conversation from then on.
export function reportConversation({ id, report }: { id: string; report: ConversationReportInput }) {
  return apiRequestOrThrow<null>(`/conversations/${encodeURIComponent(id)}/reports`, {
    method: 'POST',
    body: report,
  });
}

export function useReportConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: ConversationReportInput) => reportConversation({ id, report }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationQueryKey(id) }),
  });
}

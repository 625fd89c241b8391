import { zodResolver } from '@hookform/resolvers/zod';
import type { KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { MESSAGE_MAX_LENGTH, MessageInputSchema } from '@marketplace/shared/schemas/messages';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorText } from '../../../lib/server-message';
import { useSendMessage } from '../api/send-message';

// Writing a message: Enter sends, Shift+Enter starts a new line, Send does the same for touch screens.
// The text is checked by the API's own rule; it stays in the box when sending fails, with the reason under it.
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const send = useSendMessage(conversationId);
  const { control, register, handleSubmit, reset } = useForm({
    resolver: zodResolver(MessageInputSchema),
    defaultValues: { text: '' },
  });
  const text = useWatch({ control, name: 'text' });
  const isEmpty = text.trim().length === 0;

  const onSubmit = handleSubmit(({ text: checked }) => {
    if (send.isPending) return;
    send.mutate(checked, { onSuccess: () => reset() });
  });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!isEmpty) void onSubmit();
    }
  }

  const field = register('text', { onChange: () => send.isError && send.reset() });
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="message-composer" noValidate>
      <TextAreaField
        label={t('messages.yourMessage')}
        hint={t('messages.composerHint', { count: MESSAGE_MAX_LENGTH - text.length })}
        error={send.isError ? errorText(send.error) : undefined}
        {...field}
        onKeyDown={onKeyDown}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={2}
        className="mb-2"
      />
      <div className="d-flex justify-content-end">
        <button
          type="submit"
          className="btn btn-primary px-4"
          disabled={isEmpty || send.isPending}
          aria-busy={send.isPending}
        >
          {send.isPending ? t('messages.sending') : t('messages.send')}
        </button>
      </div>
    </form>
  );
}

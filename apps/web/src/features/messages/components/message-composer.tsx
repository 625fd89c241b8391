import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '@marketplace/shared/schemas/messages';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorText } from '../../../lib/server-message';
import { useSendMessage } from '../api/send-message';

// Writing a message: Enter sends, Shift+Enter starts a new line, Send does the same for touch screens.
// The text stays in the box when sending fails, with the reason under it.
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = useSendMessage(conversationId);
  const trimmed = text.trim();

  function submit() {
    if (trimmed.length === 0 || send.isPending) return;
    send.mutate(trimmed, { onSuccess: () => setText('') });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form onSubmit={onSubmit} className="message-composer" noValidate>
      <TextAreaField
        label={t('messages.yourMessage')}
        hint={t('messages.composerHint', { count: MESSAGE_MAX_LENGTH - text.length })}
        error={send.isError ? errorText(send.error) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (send.isError) send.reset();
        }}
        onKeyDown={onKeyDown}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={2}
        className="mb-2"
      />
      <div className="d-flex justify-content-end">
        <button
          type="submit"
          className="btn btn-primary px-4"
          disabled={trimmed.length === 0 || send.isPending}
          aria-busy={send.isPending}
        >
          {send.isPending ? t('messages.sending') : t('messages.send')}
        </button>
      </div>
    </form>
  );
}

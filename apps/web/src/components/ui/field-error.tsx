import { useEffect, useState } from 'react';
import '../../styles/forms.scss';
import { useTranslation } from '../../i18n/use-translation';
import { loadServerMessages, textOfCode } from '../../lib/reader-message';
import type * as ServerMessageModule from '../../lib/server-message';

type FieldErrorProps = { id: string; message: string | undefined };
type ServerMessages = typeof ServerMessageModule;

// Form issues are message codes (shared schemas); they are shown, and announced, in the user's language. A
// message that is not a code (one of the API's English sentences) is read through the server's sentences,
// loaded then (lib/reader-message.ts).
export function FieldError({ id, message }: FieldErrorProps) {
  // Drawn again when the language changes.
  useTranslation();
  const fromCode = message ? textOfCode(message) : '';
  const [serverMessages, setServerMessages] = useState<ServerMessages | null>(null);
  const needsSentences = Boolean(message) && !fromCode && !serverMessages;
  useEffect(() => {
    if (!needsSentences) return;
    let isCurrent = true;
    // Offline before they were ever loaded, the message shows as the server wrote it.
    loadServerMessages().then(
      (loaded) => {
        if (isCurrent) setServerMessages(loaded);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [needsSentences]);
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block" role="alert">
      {fromCode || (serverMessages ? serverMessages.translateMessage(message) : message)}
    </div>
  );
}

export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter(Boolean);
  return present.length > 0 ? present.join(' ') : undefined;
}

import { i18n } from '../i18n/i18n';

// A message in the reader's language without the server's sentences (lib/server-message.ts, 5 KB gzipped), which
// the first view does without (decision 071): a message code the words have is read at once; anything else (one
// of the API's English sentences) waits for them.

// The words for a message code, or '' when the message is not a code the words have.
export function textOfCode(codeOrSentence: string): string {
  return i18n.t(`errors.${codeOrSentence}`, { defaultValue: '' });
}

// The server's sentences and their codes, loaded with the first message that needs them.
export const loadServerMessages = () => import('./server-message');

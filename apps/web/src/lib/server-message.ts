import { isMessageCode, messages, type MessageCode } from '@marketplace/shared/reply-texts';
import { i18n } from '../i18n/i18n';
import { ApiError } from './api-client';

const codeBySentence = new Map<string, MessageCode>(
  Object.entries(messages).map(([code, sentence]) => [sentence, code as MessageCode]),
);

// Shows a message code, or one of the API's English sentences, in the user's language. Anything the
// web does not know (a sentence added to the API later) is shown as the server wrote it.
export function translateMessage(codeOrSentence: string): string {
  const code = isMessageCode(codeOrSentence) ? codeOrSentence : codeBySentence.get(codeOrSentence);
  return code ? i18n.t(`errors.${code}`) : codeOrSentence;
}

// What an error toast says: the server's message, translated through its code when the code is known.
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    return translateMessage(isMessageCode(error.code) ? error.code : error.message);
  }
  return i18n.t('errors.INTERNAL_ERROR');
}

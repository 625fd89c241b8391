import { messages } from '@marketplace/shared/reply-texts';
import { notificationMessages, notificationSingulars } from '@marketplace/shared/notifications';
import en from './en.json';

// The English words, the fallback of every language. Their `errors` and `notificationMessages` are the
// shared ones themselves, so the sentences the API sends and the ones the web shows can never drift apart.
// The browser never runs this module: the build writes these words into a JSON file (words-plugin.ts); the
// server's render, the tests and the key types read it.
export const englishResources = {
  ...en,
  errors: messages,
  notificationMessages: { ...notificationMessages, ...notificationSingulars },
};
export type TranslationResources = typeof englishResources;

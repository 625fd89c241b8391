import type { FastifyRequest } from 'fastify';
import type { Language } from '@marketplace/shared/constants';
import {
  acceptLanguageTags,
  firstSupportedLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  pageLanguage,
} from '@marketplace/shared/languages';

// A cookie's value from the Cookie header (the only cookie the server reads; no cookie plugin needed).
function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

// The language a page is drawn in (decision 027): the user's choice (the `lang` cookie the web app sets),
// else the browser's Accept-Language, else English. The web app decides the same way in the browser.
export function requestLanguage(request: FastifyRequest): Language {
  return pageLanguage(
    cookieValue(request.headers.cookie, LANGUAGE_COOKIE),
    acceptLanguageTags(request.headers['accept-language']),
  );
}

// The language a request asks for, when it asks for one we have (the `lang` cookie, else Accept-Language);
// null when it says nothing, so that a default is never kept as the user's choice (decision 055).
export function expressedLanguage(request: FastifyRequest): Language | null {
  const chosen = cookieValue(request.headers.cookie, LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  return firstSupportedLanguage(acceptLanguageTags(request.headers['accept-language']));
}

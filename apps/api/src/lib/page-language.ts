import type { FastifyRequest } from 'fastify';
import type { Language } from '@marketplace/shared/constants';
import { acceptLanguageTags, LANGUAGE_COOKIE, pageLanguage } from '@marketplace/shared/languages';

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

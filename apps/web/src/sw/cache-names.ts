// The service worker's cache of pages (sw.ts); the page empties it when the language changes (i18n.ts),
// so that a page kept offline is never shown in the language the user just left.
export const PAGES_CACHE = 'oja-pages';

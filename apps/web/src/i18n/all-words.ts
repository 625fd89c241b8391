import type { Language } from '@marketplace/shared/constants';
import { englishResources } from './english';
import es from './es.json';
import fr from './fr.json';
import type { Words } from './translator';

// Every language's words. The browser fetches them one file at a time (words-plugin.ts writes these files);
// the server's render and the tests have them all at hand.
export const allWords: Record<Language, Words> = { en: englishResources, fr, es };

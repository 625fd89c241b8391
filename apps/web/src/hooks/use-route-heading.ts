import type { TranslationKey } from '../i18n/translator';
import { useTranslation } from '../i18n/use-translation';
import { useMatches } from 'react-router';

// A route names its page's heading in its `handle` (app/router.tsx), as a key of the words: the one place
// the login and admin guards read it from to draw the page's frame with its heading on the server, before
// the browser knows the session (decision 065), and what the page's own heading must say (or, for a page
// whose heading names what it loads, a conversation or a dispute, what it says until then).
export type RouteHandle = { heading?: TranslationKey };

function headingOf(handle: unknown): TranslationKey | undefined {
  if (typeof handle !== 'object' || handle === null || !('heading' in handle)) return undefined;
  return (handle as RouteHandle).heading;
}

// The heading of the deepest route that names one, in the reader's language; null when none does.
export function useRouteHeading(): string | null {
  const { t } = useTranslation();
  const key = useMatches()
    .map((match) => headingOf(match.handle))
    .filter((heading) => heading !== undefined)
    .at(-1);
  return key === undefined ? null : t(key);
}

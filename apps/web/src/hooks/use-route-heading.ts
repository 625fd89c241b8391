import type { TranslationKey } from '../i18n/translator';
import { useTranslation } from '../i18n/use-translation';
import { useMatches } from 'react-router';

// A route names its page's heading in its `handle` (app/router.tsx), as a key of the words: the one place
// the login and admin guards read it from to draw the page's frame with its heading on the server, before
// the browser knows the session (decision 065), and what the page's own heading must say (or, for a page
// whose heading names what it loads, a conversation or a dispute, what it says until then). A page reached
// from a list that draws itself in `SubPageFrame` (components/ui/sub-page-frame.tsx; the conversation) names its
// way back there (`back`): the guards then draw that frame. A page drawn otherwise names no `back`, or it would
// move when it replaces the guards' frame.
export type RouteHandle =
  | { heading?: TranslationKey; back?: never }
  | { heading: TranslationKey; back: { to: string; label: TranslationKey } };

export type RouteFrame = { heading: string; back: { to: string; label: string } | null };

function handleOf(handle: unknown): RouteHandle | undefined {
  if (typeof handle !== 'object' || handle === null || !('heading' in handle)) return undefined;
  return handle as RouteHandle;
}

// The frame of the deepest route that names a heading, in the reader's language; null when none does.
export function useRouteFrame(): RouteFrame | null {
  const { t } = useTranslation();
  const handle = useMatches()
    .map((match) => handleOf(match.handle))
    .filter((found) => found?.heading !== undefined)
    .at(-1);
  if (handle?.heading === undefined) return null;
  return {
    heading: t(handle.heading),
    back: handle.back ? { to: handle.back.to, label: t(handle.back.label) } : null,
  };
}

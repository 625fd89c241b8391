import {
  cloneElement,
  Fragment,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { i18n } from './i18n';
import type { TFunction, TranslationKey, TranslationValues } from './translator';

const currentT = () => i18n.current;

// The words in the reader's language. The component renders again when the language changes or words
// arrive; `t` is then a new function, so that a memo or an effect depending on it runs again.
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const t = useSyncExternalStore(i18n.subscribe, currentT, currentT);
  return useMemo(() => ({ t, i18n }), [t]);
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/g;

// A text with links in it: `<termsLink>terms</termsLink>` in the words is drawn as `components.termsLink`
// with the words inside. Tags the words name but `components` lacks are dropped, their words kept.
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: TranslationKey;
  values?: TranslationValues;
  components: Record<string, ReactElement>;
}) {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', inner] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const component = components[name];
    parts.push(component ? cloneElement(component, { key: parts.length }, inner) : inner);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}

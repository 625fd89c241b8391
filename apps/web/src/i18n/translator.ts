import type { Language } from '@marketplace/shared/constants';
import type { TranslationResources } from './english';

// The app's words in one language: nested objects of texts, as en.json, fr.json and es.json are written.
export type Words = { readonly [key: string]: string | Words };

// A plural's forms are written `key_one`, `key_other` (the categories of Intl.PluralRules) and asked for by
// their common name with a `count`.
type PluralBase<Key extends string> = Key extends `${infer Base}_${Intl.LDMLPluralRule}` ? Base : never;
type KeyPaths<Node, Prefix extends string = ''> = {
  [Key in keyof Node & string]: Node[Key] extends string
    ? `${Prefix}${Key}` | PluralBase<`${Prefix}${Key}`>
    : KeyPaths<Node[Key], `${Prefix}${Key}.`>;
}[keyof Node & string];

// Every key the English words have ('header.login'): the compiler refuses `t('login.titel')`.
export type TranslationKey = KeyPaths<TranslationResources>;

// `{{name}}` placeholders' values; `count` also picks a plural's form. React escapes what it renders, so
// values are inserted as they are.
export type TranslationValues = {
  readonly [name: string]: string | number | null | undefined;
  count?: number;
};

export interface TFunction {
  (key: TranslationKey, values?: TranslationValues): string;
  // A key made from data (a payment channel, an audited value) may have no words: its `defaultValue` shows.
  (key: string, values: TranslationValues & { defaultValue: string }): string;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

// A value given is written (nothing for undefined or null); a placeholder with no value given stays as it
// is, so a missing parameter shows instead of vanishing.
function interpolate(text: string, values: TranslationValues): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    if (!Object.hasOwn(values, name)) return placeholder;
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

function lookUp(words: Words, key: string): string | undefined {
  let node: string | Words | undefined = words;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralForm(language: Language, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

type TranslatorOptions = {
  language: Language;
  // The language whose words stand in for a missing key (then the key itself shows).
  fallback: Language;
  // Fetches a language's words.
  load: (language: Language) => Promise<Words>;
};

// The app's words and the language they are read in. The app has one (i18n.ts); components read it
// through useTranslation(), which renders them again when the language or the words change.
export class Translator {
  #language: Language;
  readonly #fallback: Language;
  readonly #load: TranslatorOptions['load'];
  readonly #words = new Map<Language, Words>();
  readonly #loading = new Map<Language, Promise<void>>();
  readonly #listeners = new Set<() => void>();
  // `t` as of the current words and language: a new function whenever what `t` returns may have changed, so
  // that it is useSyncExternalStore's snapshot and a memo or an effect depending on it runs again.
  #current: TFunction = this.#fresh();

  constructor({ language, fallback, load }: TranslatorOptions) {
    this.#language = language;
    this.#fallback = fallback;
    this.#load = load;
  }

  get language(): Language {
    return this.#language;
  }

  get current(): TFunction {
    return this.#current;
  }

  addWords(language: Language, words: Words): void {
    this.#words.set(language, words);
    this.#changed();
  }

  // Fetches a language's words once; a failed fetch may be tried again.
  #loadWords(language: Language): Promise<void> {
    if (this.#words.has(language)) return Promise.resolve();
    let loading = this.#loading.get(language);
    if (!loading) {
      loading = this.#load(language)
        .then((words) => this.addWords(language, words))
        .finally(() => this.#loading.delete(language));
      this.#loading.set(language, loading);
    }
    return loading;
  }

  // Reads the words in another language, once they are there.
  async changeLanguage(language: Language): Promise<void> {
    await this.#loadWords(language);
    if (language === this.#language) return;
    this.#language = language;
    this.#changed();
  }

  // Calls `listener` whenever the language or the words change; returns the unsubscription.
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  t: TFunction = this.#fresh();

  #fresh(): TFunction {
    return (key: string, values: TranslationValues & { defaultValue?: string } = {}) =>
      this.#translate(key, values);
  }

  #translate(key: string, values: TranslationValues & { defaultValue?: string }): string {
    const languages = this.#language === this.#fallback ? [this.#language] : [this.#language, this.#fallback];
    for (const language of languages) {
      const words = this.#words.get(language);
      if (!words) {
        // The fallback's words are fetched the first time a key is missing: every language has every key
        // (i18n.test.tsx), so normally never.
        if (language === this.#fallback) this.#loadWords(language).catch(() => undefined);
        continue;
      }
      const text = this.#find(words, language, key, values.count);
      if (text !== undefined) return interpolate(text, values);
    }
    return values.defaultValue === undefined ? key : interpolate(values.defaultValue, values);
  }

  // A plural's form for `count` in that language, else its `other` form, else the key as it is.
  #find(words: Words, language: Language, key: string, count: number | undefined): string | undefined {
    if (typeof count !== 'number') return lookUp(words, key);
    return (
      lookUp(words, `${key}_${pluralForm(language, count)}`) ??
      lookUp(words, `${key}_other`) ??
      lookUp(words, key)
    );
  }

  #changed(): void {
    this.#current = this.#fresh();
    for (const listener of this.#listeners) listener();
  }
}

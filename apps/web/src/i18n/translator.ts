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

// A language's words, each at its key path, as a tree of the same shape as the whole words.
function addAt(tree: Record<string, unknown>, path: string, text: string): void {
  const parts = path.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    const child = node[part];
    node = (typeof child === 'object' && child !== null ? child : (node[part] = {})) as Record<
      string,
      unknown
    >;
  }
  node[parts.at(-1)!] = text;
}

// The app's words and the language they are read in. The app has one (i18n.ts); components read it
// through useTranslation(), which renders them again when the language or the words change.
export class Translator {
  #language: Language;
  readonly #fallback: Language;
  readonly #load: TranslatorOptions['load'];
  readonly #words = new Map<Language, Words>();
  // Languages of which only a page's words are here (addPageWords): their whole file is fetched when asked
  // for (completeWords) or when a key they lack is read.
  readonly #partial = new Set<Language>();
  // Those of them of which a key was read that they lack (drawn empty).
  readonly #lacked = new Set<Language>();
  // The words read while recording (record()), by language: the server's render notes a page's words.
  #used: Map<Language, Record<string, unknown>> | null = null;
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

  // Whether the language read has its whole words (not only a page's).
  get hasAllWords(): boolean {
    return !this.#partial.has(this.#language);
  }

  addWords(language: Language, words: Words): void {
    this.#words.set(language, words);
    this.#partial.delete(language);
    this.#changed();
  }

  // The words a page was drawn with on the server (its first view reads no other): enough to hydrate it, so
  // that the whole file (17 KB on 3G) need not share the line with the app's scripts (decision 072).
  addPageWords(language: Language, words: Words): void {
    if (this.#words.has(language)) return;
    this.#words.set(language, words);
    this.#partial.add(language);
    this.#changed();
  }

  // Fetches the whole words of the language read, where only a page's are here (a French reader's English
  // fallback waits until a key French lacks is read: normally never).
  completeWords(): Promise<void> {
    return this.#partial.has(this.#language) ? this.#loadWords(this.#language) : Promise.resolve();
  }

  // A language's whole words have come. Where only its page's were here and none was found lacking, every
  // text drawn reads the same: nothing is drawn again (on a slow phone, the whole app's render just after
  // hydration).
  #completed(language: Language, words: Words): void {
    const isSame = this.#partial.has(language) && !this.#lacked.has(language);
    this.#lacked.delete(language);
    if (!isSame) return this.addWords(language, words);
    this.#words.set(language, words);
    this.#partial.delete(language);
  }

  // Notes every text read from now on, by language and key path, until the returned function is called,
  // which gives them as words (one language's tree per language).
  record(): () => Partial<Record<Language, Words>> {
    const used = new Map<Language, Record<string, unknown>>();
    this.#used = used;
    return () => {
      if (this.#used === used) this.#used = null;
      return Object.fromEntries(used);
    };
  }

  // Fetches a language's words once (the whole file, where only a page's are here); a failed fetch may be
  // tried again.
  #loadWords(language: Language): Promise<void> {
    if (this.#words.has(language) && !this.#partial.has(language)) return Promise.resolve();
    let loading = this.#loading.get(language);
    if (!loading) {
      loading = this.#load(language)
        .then((words) => this.#completed(language, words))
        .finally(() => this.#loading.delete(language));
      this.#loading.set(language, loading);
    }
    return loading;
  }

  // Reads the words in another language, once they are there.
  async changeLanguage(language: Language): Promise<void> {
    if (!this.#words.has(language)) await this.#loadWords(language);
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
      const text = words && this.#find(words, language, key, values.count);
      if (text !== undefined) return interpolate(text, values);
      // A key the page's words lack is in the language's whole file, fetched now: nothing shows until it has
      // come (the component reading it is drawn again then), rather than the key's name.
      if (this.#partial.has(language)) {
        this.#lacked.add(language);
        this.#loadWords(language).catch(() => undefined);
        return values.defaultValue === undefined ? '' : interpolate(values.defaultValue, values);
      }
      // The fallback's words are fetched the first time a key is missing: every language has every key
      // (i18n.test.tsx), so normally never.
      if (!words && language === this.#fallback) this.#loadWords(language).catch(() => undefined);
    }
    return values.defaultValue === undefined ? key : interpolate(values.defaultValue, values);
  }

  // A plural's form for `count` in that language, else its `other` form, else the key as it is.
  #find(words: Words, language: Language, key: string, count: number | undefined): string | undefined {
    const paths =
      typeof count === 'number' ? [`${key}_${pluralForm(language, count)}`, `${key}_other`, key] : [key];
    for (const path of paths) {
      const text = lookUp(words, path);
      if (text === undefined) continue;
      if (this.#used) {
        let tree = this.#used.get(language);
        if (!tree) this.#used.set(language, (tree = {}));
        addAt(tree, path, text);
      }
      return text;
    }
    return undefined;
  }

  #changed(): void {
    this.#current = this.#fresh();
    for (const listener of this.#listeners) listener();
  }
}

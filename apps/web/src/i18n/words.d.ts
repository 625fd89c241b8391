// The hashed addresses of each language's words file, written by the build (words-plugin.ts).
declare module 'virtual:oja-words' {
  import type { Language } from '@marketplace/shared/constants';

  export const wordFiles: Record<Language, string>;
}

import type { Language } from './constants';

// What the API's server render (apps/api plugins/server-render.ts) and the web build's server entry
// (apps/web entry-server.tsx) say to each other: one page drawn by the app on the server (decision 060).

// `Fetch`: how the page's API calls are answered by the API of the request being drawn (a fetch-like function;
// this package is typed without the DOM's or Node's fetch types).
export type RenderInput<Fetch> = { url: string; language: Language; fetchApi: Fetch };
export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      html: string;
      // The page modules the address loaded (src/… paths, keys of the build's manifest).
      sources: string[];
      // The API replies the page was drawn with, for the browser's query cache (TanStack Query's dehydrate).
      state: unknown;
      // The router's state the browser starts from (createBrowserRouter's hydrationData).
      router: unknown;
      // The texts the page was drawn with, by language and key path as the app's words are written: the
      // browser hydrates the page with them and fetches the whole words after (decision 072).
      words: Partial<Record<Language, unknown>>;
    };
export type ServerEntry<Fetch> = { render: (input: RenderInput<Fetch>) => Promise<RenderResult> };

import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isHydrated } from '../hooks/use-hydrated';
import { i18n } from '../i18n/i18n';
import { ApiError } from './api-client';
import { loadServerMessages, textOfCode } from './reader-message';
import { toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    // A call whose page shows the outcome itself opts out of the toast; a page's content, see below.
    queryMeta: { hasErrorToast?: boolean; isPageContent?: boolean };
    mutationMeta: { hasSuccessToast?: boolean; hasErrorToast?: boolean };
  }
}

// The options of a call that is a page's content (a listing, a seller): its 404 is the page's, drawn and
// answered as not found by the server (entry-server.tsx, decision 076), and hydrated as drawn: a failed call
// is asked for again on mount only once the page is hydrated (TanStack Query shows it as loading meanwhile).
// The page shows a failure itself (no toast).
export const pageContentQuery = {
  meta: { hasErrorToast: false, isPageContent: true },
  retryOnMount: () => isHydrated(),
} as const;

function hasMessage(value: unknown): value is { message: string } {
  return (
    typeof value === 'object' && value !== null && 'message' in value && typeof value.message === 'string'
  );
}

// spec §8: every failed call shows the server's message in an error toast. The toast id is the error code,
// so the same failure from several calls at once shows one toast.
export function showErrorToast(error: unknown): void {
  const id = error instanceof ApiError ? error.code : 'INTERNAL_ERROR';
  if (!(error instanceof ApiError)) return void toast.error(() => i18n.t('errors.INTERNAL_ERROR'), { id });
  inReadersLanguage(error.code, error.message, (text) => toast.error(text, { id }));
}

// A reply's message in the reader's language: by its code at once when the words have it, otherwise through the
// server's sentences (lib/reader-message.ts), and as the server wrote it when they cannot be loaded (offline).
// The whole words first: a reply of the first moments may carry a code the page's words lack (decision 072).
function inReadersLanguage(code: string, message: string, show: (text: string) => void): void {
  const byCode = () => textOfCode(code);
  if (i18n.hasAllWords && byCode()) return show(byCode());
  void i18n
    .completeWords()
    .catch(() => undefined)
    .then(() => {
      if (byCode()) return show(byCode());
      loadServerMessages().then(
        ({ translateMessage }) => show(translateMessage(message)),
        () => show(message),
      );
    });
}

// Retry only what may succeed a moment later: no answer, or a server error.
function shouldRetry(failureCount: number, error: Error): boolean {
  const isTransient = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
  return isTransient && failureCount < 2;
}

// `retryDelay`: the wait before each retry, in ms. Unset, TanStack Query's own (1 s, then 2 s). The web tests
// pass 0 (test/render-routes.tsx): they check what a page shows once the retries have failed, not how long the
// retries take, and each such test waited 3 s for them (decision 041).
export function createQueryClient({ retryDelay }: { retryDelay?: number } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (query.meta?.hasErrorToast !== false) showErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onSuccess(data, _variables, _onMutateResult, mutation) {
        // spec §8: successful calls show the server's message.
        if (mutation.meta?.hasSuccessToast !== false && hasMessage(data))
          inReadersLanguage(data.message, data.message, (text) => toast.success(text));
      },
      onError(error, _variables, _onMutateResult, mutation) {
        if (mutation.meta?.hasErrorToast !== false) showErrorToast(error);
      },
    }),
    defaultOptions: {
      // 'always': offline, a request fails and the page says so, instead of waiting silently forever.
      queries: {
        retry: shouldRetry,
        ...(retryDelay === undefined ? {} : { retryDelay }),
        staleTime: 30_000,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    // A call whose page shows the outcome itself opts out of the toast.
    queryMeta: { hasErrorToast?: boolean };
    mutationMeta: { hasSuccessToast?: boolean; hasErrorToast?: boolean };
  }
}

function hasMessage(value: unknown): value is { message: string } {
  return (
    typeof value === 'object' && value !== null && 'message' in value && typeof value.message === 'string'
  );
}

// spec §8: every failed call shows the server's message in an error toast. The toast id is the error code,
// so the same failure from several calls at once shows one toast.
export function showErrorToast(error: unknown): void {
  const id = error instanceof ApiError ? error.code : 'INTERNAL_ERROR';
  void serverMessages().then(({ errorText }) => toast.error(errorText(error), { id }));
}

// The server's sentences and their codes (5 KB gzipped) are loaded with the first message to show, not with
// the first view's scripts (decision 071).
const serverMessages = () => import('./server-message');

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
          void serverMessages().then(({ translateMessage }) => toast.success(translateMessage(data.message)));
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

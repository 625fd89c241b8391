import { apiRequestOrThrow, type RequestOptions } from './api-client';

// One page of a list the API pages by cursor (`meta.nextCursor`; docs/decisions/006): its items, the cursor of
// the next page (null on the last), and the list's total when the API counts it.
export type CursorPage<Item> = { items: Item[]; nextCursor: string | null; total: number | null };

// GET `path`?pageSize&`query`&cursor: the page after `cursor` (the first without one).
export async function fetchCursorPage<Item>(
  path: string,
  {
    pageSize,
    cursor,
    query = {},
    audience,
    signal,
  }: {
    pageSize: number;
    cursor: string | undefined;
    query?: Record<string, string>;
    audience?: RequestOptions['audience'];
    signal?: AbortSignal;
  },
): Promise<CursorPage<Item>> {
  const params = new URLSearchParams({ pageSize: String(pageSize), ...query });
  if (cursor) params.set('cursor', cursor);
  const result = await apiRequestOrThrow<Item[]>(`${path}?${params.toString()}`, { audience, signal });
  return {
    items: result.data,
    nextCursor: result.meta?.nextCursor ?? null,
    total: result.meta?.total ?? null,
  };
}

// The next page's cursor for useInfiniteQuery's getNextPageParam: none after the last page.
export const nextPageCursor = (lastPage: { nextCursor: string | null }) => lastPage.nextCursor ?? undefined;

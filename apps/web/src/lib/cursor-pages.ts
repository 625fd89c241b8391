import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
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

// A list whose first page came inside another reply (a listing's admin page carries its newest reports and audit
// entries): that page as the list's first, without a request of its own, and the next ones from GET `path` with
// the cursor. They are as fresh as the reply read at `fetchedAt`: when it is read again (after a decision on the
// listing, say), the list starts again from its new first page.
export function useCursorPagesAfter<Item>({
  queryKey,
  path,
  pageSize,
  first,
  fetchedAt,
  audience,
}: {
  queryKey: readonly unknown[];
  path: string;
  pageSize: number;
  first: CursorPage<Item>;
  fetchedAt: number;
  audience?: RequestOptions['audience'];
}) {
  return useInfiniteQuery({
    queryKey: [...queryKey, fetchedAt],
    queryFn: ({ pageParam, signal }) =>
      fetchCursorPage<Item>(path, { pageSize, cursor: pageParam, audience, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageCursor,
    initialData: { pages: [first], pageParams: [undefined] },
    initialDataUpdatedAt: fetchedAt,
    staleTime: Infinity,
  });
}

// The pages of a list kept newest first (by createdAt, then id), with its newest page read again: what is new is
// put into the first page's items, in order (an item written in a transaction that began earlier can come after
// a newer one), and the pages after it, read earlier, stay as they are (a thread's older messages do not change).
// undefined when the two share no item: more came than a page holds, or the list changed, and it must be read
// again from its start.
export function withNewestPage<
  Item extends { id: string; createdAt: string },
  Page extends { items: Item[] },
  Param,
>(data: InfiniteData<Page, Param> | undefined, newest: Page): InfiniteData<Page, Param> | undefined {
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first) return undefined;
  if (first.items.length === 0) return { ...data, pages: [newest, ...rest] };
  const shown = new Set(first.items.map((item) => item.id));
  if (!newest.items.some((item) => shown.has(item.id))) return undefined;
  const added = newest.items.filter((item) => !shown.has(item.id));
  if (added.length === 0) return data;
  const newerFirst = (a: Item, b: Item) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;
  return { ...data, pages: [{ ...first, items: [...added, ...first.items].sort(newerFirst) }, ...rest] };
}

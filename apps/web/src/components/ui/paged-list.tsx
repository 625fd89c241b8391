import type { ReactNode } from 'react';
import { LoadFailed } from './load-failed';
import { LoadMore, type NextPages } from './load-more';
import { SectionLoading } from './page-loading';

// What PagedList reads of a list's infinite query (useInfiniteQuery's result over pages of `items`).
export type ItemPages<Item> = NextPages & {
  isPending: boolean;
  isLoadingError: boolean;
  data: { pages: { items: Item[] }[] } | undefined;
  refetch: () => Promise<unknown>;
};

type PagedListProps<Item> = {
  pages: ItemPages<Item>;
  // What the list says when it could not load (with Try again) and when it has no item.
  loadFailed: ReactNode;
  empty: ReactNode;
  itemKey: (item: Item) => string;
  children: (item: Item) => ReactNode;
  className?: string;
  itemClassName?: string;
  // The id of the heading that names the list.
  labelledBy?: string;
};

// A short list inside a panel or a card, a page at a time: 'Loading...', its load error, its empty text, or the
// items with Load more under them.
export function PagedList<Item>({
  pages,
  loadFailed,
  empty,
  itemKey,
  children,
  className,
  itemClassName,
  labelledBy,
}: PagedListProps<Item>) {
  if (pages.isPending) return <SectionLoading spacing="py-2" />;
  if (pages.isLoadingError || !pages.data)
    return <LoadFailed message={loadFailed} onRetry={() => void pages.refetch()} />;
  const items = pages.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="text-body-secondary">{empty}</p>;
  return (
    <>
      <ul className={className} aria-labelledby={labelledBy}>
        {items.map((item) => (
          <li key={itemKey(item)} className={itemClassName}>
            {children(item)}
          </li>
        ))}
      </ul>
      <LoadMore pages={pages} className="mt-2" />
    </>
  );
}

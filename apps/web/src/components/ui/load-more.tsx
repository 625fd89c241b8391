import { useTranslation } from '../../i18n/use-translation';

// What LoadMore reads of a list's infinite query (useInfiniteQuery's result).
export type NextPages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

// `label`: the button's word when it is not 'Load more' ('Earlier messages' over a thread).
type LoadMoreProps = { pages: NextPages; className?: string; label?: string };

// 'Load more' under a list paged by cursor. Nothing on the last page. When the next page could not be loaded,
// says so above the button, which tries again; the pages already shown stay (a list shows its load error only
// when it has nothing to show: isLoadingError).
export function LoadMore({ pages, className = 'text-center mt-4', label }: LoadMoreProps) {
  const { t } = useTranslation();
  if (!pages.hasNextPage) return null;
  const { isFetchingNextPage } = pages;
  return (
    <div className={className}>
      {pages.isFetchNextPageError && !isFetchingNextPage && (
        <p className="small text-danger mb-2" role="alert">
          {t('common.loadMoreFailed')}
        </p>
      )}
      <button
        type="button"
        className="btn btn-outline-primary px-4"
        onClick={() => void pages.fetchNextPage()}
        disabled={isFetchingNextPage}
        aria-busy={isFetchingNextPage}
      >
        {isFetchingNextPage && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {isFetchingNextPage ? t('common.loadingMore') : (label ?? t('common.loadMore'))}
      </button>
    </div>
  );
}

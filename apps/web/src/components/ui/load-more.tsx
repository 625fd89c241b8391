import { useTranslation } from '../../i18n/use-translation';

type LoadMoreProps = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  className?: string;
};

// 'Load more' under a list paged by cursor (the public grids and the admin lists). Nothing on the last page.
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  className = 'text-center mt-4',
}: LoadMoreProps) {
  const { t } = useTranslation();
  if (!hasNextPage) return null;
  return (
    <div className={className}>
      <button
        type="button"
        className="btn btn-outline-primary px-4"
        onClick={onLoadMore}
        disabled={isFetchingNextPage}
        aria-busy={isFetchingNextPage}
      >
        {isFetchingNextPage && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {isFetchingNextPage ? t('common.loadingMore') : t('common.loadMore')}
      </button>
    </div>
  );
}

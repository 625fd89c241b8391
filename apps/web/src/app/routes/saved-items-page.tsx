import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/ui/load-failed';
import { Pager } from '../../components/ui/pager';
import { pageFromSearch } from '../../lib/page-param';
import { SAVED_PAGE_SIZE, useSavedProducts } from '../../features/favourites/api/get-saved-products';
import { ProductGrid, ProductGridSkeleton } from '../../features/products/components/product-grid';
import '../../features/products/products.scss';

// Saved items (issue #14, decision 026): the listings the user saved with the heart, last saved first. A
// listing sold or withdrawn since shows 'No longer available'; one deleted is gone.
export function SavedItemsRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams);
  const saved = useSavedProducts(page);

  let content;
  if (saved.isPending) {
    content = <ProductGridSkeleton count={4} />;
  } else if (saved.isError) {
    content = <LoadFailed message={t('favourites.loadFailed')} onRetry={() => void saved.refetch()} />;
  } else if (saved.data.items.length === 0) {
    content = (
      <div className="text-center py-4">
        <p className="text-body-secondary">{t('favourites.empty')}</p>
        <Link to="/" className="btn btn-primary">
          {t('favourites.browse')}
        </Link>
      </div>
    );
  } else {
    content = (
      <>
        <ProductGrid products={saved.data.items} />
        <Pager
          page={page}
          pageSize={SAVED_PAGE_SIZE}
          total={saved.data.total}
          label={t('favourites.pagerLabel')}
          onPageChange={(next) => setSearchParams({ page: String(next) })}
        />
      </>
    );
  }

  return (
    <section className="container py-3 py-md-4">
      <title>{`${t('favourites.title')} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-3">{t('favourites.title')}</h1>
      {content}
    </section>
  );
}

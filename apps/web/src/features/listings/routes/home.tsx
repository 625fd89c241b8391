import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CategoryBar } from '../components/category-bar';
import { ProductResults } from '../components/product-results';
import { UploadCard } from '../components/upload-card';
import { filtersFromSearchParams, type ProductFilters } from '../product-filters';
import '../listings.scss';

// spec §2: hero banner, category bar, upload card, and the product grid titled by the category or
// 'recommended'. Changing the category reloads the products.
export function HomeRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { category } = filtersFromSearchParams(searchParams);
  const filters: ProductFilters = category ? { category } : {};
  const gridTitle = category ? t(`listings.category.${category}`) : t('home.recommended');

  return (
    <div className="container py-3 py-md-4">
      <title>{`${t('app.name')} · ${t('app.tagline')}`}</title>
      {/* Compact on phones, so that the first products show without scrolling far. */}
      <section className="hero home-hero p-3 p-md-5 mb-3">
        <h1 className="fw-bold mb-2">{t('home.title')}</h1>
        <p className="mb-0">{t('home.mission')}</p>
      </section>
      <CategoryBar selected={category} />
      <UploadCard />
      <section aria-labelledby="home-grid-title">
        <h2 id="home-grid-title" className="h4 mb-3">
          {gridTitle}
        </h2>
        <ProductResults
          filters={filters}
          empty={<p className="text-body-secondary py-4 text-center">{t('errors.NO_PRODUCTS')}</p>}
        />
      </section>
    </div>
  );
}

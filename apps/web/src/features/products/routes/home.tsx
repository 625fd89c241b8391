import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from 'react-router';
import { CategoryBar } from '../components/category-bar';
import { ProductResults } from '../components/product-results';
import { UploadCard } from '../components/upload-card';
import { filtersFromSearchParams, type ProductFilters } from '../../../lib/product-filters';
import '../products.scss';

// spec §2: hero banner, category bar, the product grid (with the upload card after its first line) titled by the category or
// 'recommended'. Changing the category reloads the products.
// `impactCounter`: the platform's impact (another feature; the router composes it in), below the grid so it
// never moves or delays the first cards.
export function HomeRoute({ impactCounter }: { impactCounter?: ReactNode } = {}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { category } = filtersFromSearchParams(searchParams);
  const filters: ProductFilters = category ? { category } : {};
  const gridTitle = category ? t(`listings.category.${category}`) : t('home.recommended');

  return (
    <div className="container py-3 py-md-4">
      <title>{`${t('app.name')} · ${t('app.tagline')}`}</title>
      {/* Compact on phones, so that the first products show without scrolling far. */}
      <section className="hero home-hero px-3 py-2 p-md-5 mb-2 mb-md-3">
        <h1 className="fw-bold mb-1 mb-md-2">{t('home.title')}</h1>
        <p className="mb-0">{t('home.mission')}</p>
      </section>
      <CategoryBar selected={category} />
      <section aria-labelledby="home-grid-title">
        <h2 id="home-grid-title" className="h4 mb-3">
          {gridTitle}
        </h2>
        {/* The upload card comes after the first line of cards, so a buyer sees listings on the first screen. */}
        <ProductResults
          filters={filters}
          afterFirstRow={<UploadCard />}
          empty={<p className="text-body-secondary py-4 text-center">{t('errors.NO_PRODUCTS')}</p>}
        />
      </section>
      {impactCounter}
    </div>
  );
}

import { useTranslation } from '../../../i18n/use-translation';
import { FIRST_SCREEN_PICTURES } from '@marketplace/shared/constants';
import type { ProductCard as ProductCardData } from '@marketplace/shared/schemas/products';
import { ProductCard, ProductCardSkeleton } from './product-card';
import '../products.scss';

const GRID_CLASS = 'row row-cols-2 row-cols-md-3 row-cols-lg-4 g-2 g-md-3 list-unstyled mb-0';

// `priorityCount`: how many of the first cards' pictures load at once, with high priority; `afterStartFrom`:
// the first card whose picture waits for the app to start on a page the server drew (decision 071), by default
// the first below a phone's first screen.
export function ProductGrid({
  products,
  priorityCount = 0,
  afterStartFrom = FIRST_SCREEN_PICTURES,
}: {
  products: ProductCardData[];
  priorityCount?: number;
  afterStartFrom?: number;
}) {
  return (
    <ul className={GRID_CLASS}>
      {products.map((product, index) => (
        <li key={product.id} className="col">
          <ProductCard
            product={product}
            isPriority={index < priorityCount}
            isAfterStart={index >= afterStartFrom}
          />
        </li>
      ))}
    </ul>
  );
}

// announce: false for a second skeleton on the same page (one 'Loading' is enough for a screen reader).
export function ProductGridSkeleton({ count, announce = true }: { count: number; announce?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role={announce ? 'status' : undefined}>
      {announce && <span className="visually-hidden">{t('common.loading')}</span>}
      <div className={GRID_CLASS}>
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className="col">
            <ProductCardSkeleton />
          </div>
        ))}
      </div>
    </div>
  );
}

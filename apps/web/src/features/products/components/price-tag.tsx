import { useTranslation } from '../../../i18n/use-translation';
import { formatNaira } from '@marketplace/shared/money';
import type { ProductCard } from '@marketplace/shared/schemas/products';

type PriceTagProps = { product: Pick<ProductCard, 'tag' | 'price'>; className?: string };

// A price in naira, or a badge for a donation (no price).
export function PriceTag({ product, className = 'fw-bold' }: PriceTagProps) {
  const { t } = useTranslation();
  if (product.tag === 'Donate' || product.price === null) {
    return <span className="badge text-bg-info">{t('listings.free')}</span>;
  }
  return <span className={className}>{formatNaira(product.price)}</span>;
}

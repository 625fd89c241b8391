import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { PRODUCT_CARD_SIZES } from '@marketplace/shared/constants';
import type { ProductCard as ProductCardData } from '@marketplace/shared/schemas/products';
import { formatDate } from '../../../lib/format-date';
import { PriceTag } from './price-tag';
import { ResponsiveImage } from './responsive-image';
import { VerifiedBadge } from './trust';
import { useProductSlots } from '../slots';

// `isPriority`: one of the first pictures on the page, fetched at once instead of when scrolled to;
// `isAfterStart`: below a phone's first screen, fetched once the app has started.
export function ProductCard({
  product,
  isPriority = false,
  isAfterStart = false,
}: {
  product: ProductCardData;
  isPriority?: boolean;
  isAfterStart?: boolean;
}) {
  const { t } = useTranslation();
  const { SaveButton } = useProductSlots();
  return (
    <article className="card h-100 product-card">
      <div className="ratio ratio-1x1 product-card-image">
        {product.primaryImage ? (
          <ResponsiveImage
            url={product.primaryImage}
            media={product.media}
            alt={product.title}
            sizes={PRODUCT_CARD_SIZES}
            isPriority={isPriority}
            isAfterStart={isAfterStart}
          />
        ) : (
          <div className="product-image-missing" aria-hidden="true" />
        )}
      </div>
      <div className="card-body p-2 p-sm-3 d-flex flex-column gap-1">
        <h3 className="h6 card-title mb-0 product-card-title">
          <Link to={`/product/${product.id}`} className="stretched-link text-reset text-decoration-none">
            {product.title}
          </Link>
        </h3>
        <div>
          <PriceTag product={product} />
        </div>
        <p className="small text-body-secondary mb-0 text-truncate">
          <span className="visually-hidden">{t('listings.location')}: </span>
          {product.location}
        </p>
        {!product.availability && (
          // A saved listing that was sold or withdrawn stays in Saved items (decision 026).
          <p className="small mb-0">
            <span className="badge text-bg-secondary">{t('favourites.noLongerAvailable')}</span>
          </p>
        )}
        <p className="small text-body-secondary mb-0 d-flex flex-wrap align-items-center gap-1 product-card-trust">
          {product.user.isVerified && <VerifiedBadge isCompact />}
          <span>
            <span className="visually-hidden">{t('trust.posted')}: </span>
            <time dateTime={product.createdAt}>{formatDate(product.createdAt)}</time>
          </span>
        </p>
      </div>
      {/* Over the picture's corner, out of the flow: the card is the same size with or without it. */}
      {SaveButton && <SaveButton product={product} variant="card" />}
    </article>
  );
}

// A grey card of the same shape, shown while the real ones load, so the page does not jump.
export function ProductCardSkeleton() {
  return (
    <div className="card h-100 product-card" aria-hidden="true">
      <div className="ratio ratio-1x1 product-card-image placeholder-glow">
        <span className="placeholder w-100 h-100" />
      </div>
      <div className="card-body p-2 p-sm-3 placeholder-glow">
        <span className="placeholder col-10 mb-2" />
        <span className="placeholder col-5 mb-2" />
        <span className="placeholder col-7 mb-2" />
        <span className="placeholder col-6" />
      </div>
    </div>
  );
}

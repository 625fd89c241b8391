import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatNaira } from '@marketplace/shared/money';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { ApiError } from '../../../lib/api-client';
import type { CartEntry } from '../../../lib/cart';

export type CartItemState = 'checking' | 'available' | 'sold' | 'gone' | 'unknown';

// What the listing's fresh read says about a cart entry: sold (no longer available), gone (removed, or no
// longer public), or still for sale. A read that failed for another reason flags nothing.
export function cartItemState(product: UseQueryResult<ProductDetail>): CartItemState {
  if (product.isPending) return 'checking';
  if (product.isError) {
    return product.error instanceof ApiError && product.error.status === 404 ? 'gone' : 'unknown';
  }
  if (product.data.status !== 'approved' || product.data.tag !== 'For sale') return 'gone';
  return product.data.availability ? 'available' : 'sold';
}

type CartItemProps = {
  entry: CartEntry;
  product: UseQueryResult<ProductDetail>;
  onRemove: () => void;
  onCheckout: (product: ProductDetail | undefined) => void;
};

// One cart entry: picture, title, price, what changed since it was added, Check out and Remove.
export function CartItem({ entry, product, onRemove, onCheckout }: CartItemProps) {
  const { t } = useTranslation();
  const state = cartItemState(product);
  const currentPrice = product.data?.price ?? null;
  const hasNewPrice = state === 'available' && currentPrice !== null && currentPrice !== entry.price;

  return (
    <li className="list-group-item d-flex gap-3 align-items-start py-3">
      {entry.picture ? (
        <img src={entry.picture} alt="" className="cart-picture" width={72} height={72} loading="lazy" />
      ) : (
        <span className="cart-picture" aria-hidden="true" />
      )}
      <div className="flex-grow-1 min-w-0">
        <h2 className="h6 mb-1">
          <Link to={`/product/${entry.productId}`}>{entry.title}</Link>
        </h2>
        <p className="mb-1 fw-bold">{formatNaira(entry.price)}</p>
        <p className="mb-1 small text-body-secondary">{t('cart.quantity', { count: entry.quantity })}</p>
        {state === 'checking' && (
          <p className="mb-1 small text-body-secondary" role="status">
            {t('cart.checking')}
          </p>
        )}
        {state === 'sold' && <p className="mb-1 small text-danger fw-semibold">{t('cart.sold')}</p>}
        {state === 'gone' && <p className="mb-1 small text-danger fw-semibold">{t('cart.gone')}</p>}
        {hasNewPrice && (
          <p className="mb-1 small text-warning-emphasis">
            {t('cart.priceChanged', { price: formatNaira(currentPrice) })}
          </p>
        )}
        <div className="d-flex flex-wrap gap-2 mt-2">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={state === 'sold' || state === 'gone'}
            aria-label={t('cart.checkoutLabel', { title: entry.title })}
            onClick={() => onCheckout(product.data)}
          >
            {t('cart.checkout')}
          </button>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            aria-label={t('cart.removeLabel', { title: entry.title })}
            onClick={onRemove}
          >
            {t('cart.remove')}
          </button>
        </div>
      </div>
    </li>
  );
}

import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { checkoutPath, useCart, type CartEntry, type CheckoutState } from '../../../lib/cart';
import { useQueries } from '@tanstack/react-query';
import { productQueryOptions } from '../api/get-product';
import { CartItem } from '../components/cart-item';
import '../cart.scss';

// The cart (spec §1): what was added, each listing read again when the page opens so that an item sold or
// removed since is flagged. Each item is checked out on its own: one payment goes to one seller.
export function CartRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { entries, remove } = useCart();
  // Each listing read afresh when the cart opens: it may have been sold a minute ago.
  const products = useQueries({
    queries: entries.map((entry) => ({ ...productQueryOptions(entry.productId), staleTime: 0 })),
  });

  function onRemove(entry: CartEntry) {
    remove(entry.productId);
    toast.info(() => t('cart.removed', { title: entry.title }));
  }

  function onCheckout(entry: CartEntry, product: ProductDetail | undefined) {
    // The seller is known once the listing has been read again; without it the checkout asks the server.
    const state: CheckoutState | undefined = product
      ? { product: entry, sellerId: product.uploader.id }
      : undefined;
    void navigate(checkoutPath(entry.productId), { state });
  }

  return (
    <section className="container cart-page py-4">
      <title>{`${t('cart.title')} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-3">{t('cart.title')}</h1>
      {entries.length === 0 ? (
        <>
          <p className="text-body-secondary">{t('cart.empty')}</p>
          <Link to="/" className="btn btn-primary">
            {t('cart.browse')}
          </Link>
        </>
      ) : (
        <>
          <p className="small text-body-secondary">{t('cart.onePerPayment')}</p>
          <ul className="list-group" aria-label={t('cart.caption')}>
            {entries.map((entry, index) => {
              const product = products[index];
              if (!product) return null;
              return (
                <CartItem
                  key={entry.productId}
                  entry={entry}
                  product={product}
                  onRemove={() => onRemove(entry)}
                  onCheckout={(fresh) => onCheckout(entry, fresh)}
                />
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

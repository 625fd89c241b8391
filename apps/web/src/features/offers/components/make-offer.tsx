import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { formatNaira } from '@marketplace/shared/money';
import { offerFormSchema } from '@marketplace/shared/schemas/offers';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { earlyTap } from '../../../lib/early-taps';
import { useSession } from '../../../lib/session';
import { STORAGE_KEYS } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { useOffers } from '../api/get-offers';
import { useMakeOffer } from '../api/make-offer';
import { OfferAmountForm } from './offer-amount-form';
import { OfferCard } from './offer-card';

// 'Make an offer' beside Buy on a listing for sale (decision 061), or the buyer's offer on it that is still
// open or accepted. A visitor logs in first and comes back.
export function MakeOffer({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { isLoggedIn } = useSession();
  const [isOpen, setIsOpen] = useState(false);
  const offers = useOffers({ productId: product.id, role: 'buying' }, { enabled: isLoggedIn });
  const makeOffer = useMakeOffer();
  const price = product.price;
  if (price === null || !product.availability) return null;

  const current = offers.data?.find((offer) => ['pending', 'countered', 'accepted'].includes(offer.status));
  if (current) {
    return (
      <div className="w-100">
        <OfferCard offer={current} />
      </div>
    );
  }
  if (!isLoggedIn) {
    const loginUrl = `/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
    return (
      <Link
        to={loginUrl}
        className="btn btn-outline-primary btn-lg"
        onClick={() => toast.warning(() => t('errors.LOGIN_REQUIRED'), { id: 'LOGIN_REQUIRED' })}
        // The server draws every reader signed out: a signed-in reader's tap before the app is ready waits
        // for the button that replaces this link (decision 065).
        {...earlyTap(`offer:${product.id}`, { whenStored: STORAGE_KEYS.session })}
      >
        {t('offers.make')}
      </Link>
    );
  }
  if (!isOpen) {
    return (
      <button
        type="button"
        className="btn btn-outline-primary btn-lg"
        onClick={() => setIsOpen(true)}
        {...earlyTap(`offer:${product.id}`)}
      >
        {t('offers.make')}
      </button>
    );
  }
  return (
    <div className="w-100 card card-body p-3">
      <OfferAmountForm
        schema={offerFormSchema(price)}
        label={t('offers.amountLabel')}
        hint={t('offers.amountHint', {
          min: formatNaira(Math.ceil(price / 2)),
          max: formatNaira(price - 1),
        })}
        submitLabel={t('offers.send')}
        isPending={makeOffer.isPending}
        onSubmit={(amount) =>
          makeOffer.mutate(
            { productId: product.id, offer: { amount } },
            { onSuccess: () => setIsOpen(false) },
          )
        }
        onCancel={() => setIsOpen(false)}
      />
    </div>
  );
}

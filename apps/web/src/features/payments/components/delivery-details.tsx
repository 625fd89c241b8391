import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { profilePathReturningTo } from '../../../lib/safe-redirect';
import type { CheckoutQuote } from '@marketplace/shared/schemas/payments';

// The buyer's delivery details from their profile, with a way to complete them: the seller's contact for a
// pickup, the courier's destination for a delivery.
export function DeliveryDetails({
  buyer,
  method,
}: {
  buyer: CheckoutQuote['buyer'];
  method: 'pickup' | 'courier';
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const addressLines = [
    buyer.street,
    [buyer.city, buyer.state].filter(Boolean).join(', '),
    buyer.country,
  ].filter((line): line is string => Boolean(line));
  return (
    <section className="card mb-3" aria-labelledby="checkout-delivery">
      <div className="card-body">
        <h2 id="checkout-delivery" className="h6">
          {t('payments.checkout.delivery')}
        </h2>
        {method === 'pickup' && <p className="mb-2">{t('payments.checkout.pickup')}</p>}
        <p className="mb-1 fw-semibold">{buyer.fullName}</p>
        {addressLines.length > 0 && (
          <address className="mb-1">
            {addressLines.map((line) => (
              <span key={line} className="d-block">
                {line}
              </span>
            ))}
          </address>
        )}
        {buyer.phoneNumber && <p className="mb-1">{buyer.phoneNumber}</p>}
        <p className="mb-2 text-body-secondary small">{buyer.email}</p>
        {!buyer.isAddressComplete && (
          <div className="alert alert-warning mb-0 small" role="status">
            {t('payments.checkout.addressIncomplete')}{' '}
            <Link to={profilePathReturningTo(location)} className="alert-link">
              {t('payments.checkout.completeProfile')}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}

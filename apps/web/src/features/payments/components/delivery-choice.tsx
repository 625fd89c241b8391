import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { formatKobo } from '@marketplace/shared/money';
import type { CheckoutQuote, DeliveryQuote } from '@marketplace/shared/schemas/payments';
import { profilePathReturningTo } from '../../../lib/safe-redirect';
import { errorText, translateMessage } from '../../../lib/server-message';

export type DeliveryMethod = 'pickup' | 'courier';

type DeliveryChoiceProps = {
  quote: CheckoutQuote;
  method: DeliveryMethod;
  onMethodChange: (method: DeliveryMethod) => void;
  rates: { isPending: boolean; error: unknown; data: DeliveryQuote[] | undefined; retry: () => void };
  chosenId: string | null;
  onChoose: (quoteId: string) => void;
  disabled: boolean;
};

// Pickup with the seller, or a courier from the seller's address to the buyer's at a price the server
// quoted (decision 018). The delivery fee is shown before paying.
export function DeliveryChoice({
  quote,
  method,
  onMethodChange,
  rates,
  chosenId,
  onChoose,
  disabled,
}: DeliveryChoiceProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const unavailable = quote.courierUnavailableReason;
  const from = [quote.seller.city, quote.seller.state].filter(Boolean).join(', ');
  return (
    <fieldset className="mb-3" disabled={disabled}>
      <legend className="h6">{t('payments.checkout.deliveryMethod')}</legend>
      <div className="form-check">
        <input
          className="form-check-input"
          type="radio"
          name="delivery-method"
          id="delivery-pickup"
          checked={method === 'pickup'}
          onChange={() => onMethodChange('pickup')}
        />
        <label className="form-check-label" htmlFor="delivery-pickup">
          {t('payments.checkout.pickupOption')}
        </label>
      </div>
      <div className="form-check">
        <input
          className="form-check-input"
          type="radio"
          name="delivery-method"
          id="delivery-courier"
          checked={method === 'courier'}
          onChange={() => onMethodChange('courier')}
          disabled={unavailable !== null}
          aria-describedby={unavailable ? 'delivery-courier-unavailable' : undefined}
        />
        <label className="form-check-label" htmlFor="delivery-courier">
          {from
            ? t('payments.checkout.courierOptionFrom', { place: from })
            : t('payments.checkout.courierOption')}
        </label>
        {unavailable && (
          <div id="delivery-courier-unavailable" className="form-text">
            {translateMessage(unavailable)}{' '}
            {unavailable === 'DELIVERY_ADDRESS_INCOMPLETE' && (
              <Link to={profilePathReturningTo(location)}>{t('payments.checkout.completeProfile')}</Link>
            )}
          </div>
        )}
      </div>
      {method === 'courier' && (
        <div className="mt-2 ms-md-4" aria-live="polite">
          {rates.isPending && (
            <p role="status" className="mb-0">
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              {t('payments.checkout.loadingRates')}
            </p>
          )}
          {Boolean(rates.error) && (
            <div className="alert alert-danger" role="alert">
              <p className="mb-2">{errorText(rates.error)}</p>
              <button type="button" className="btn btn-sm btn-outline-danger" onClick={rates.retry}>
                {t('common.tryAgain')}
              </button>
            </div>
          )}
          {rates.data && (
            <fieldset>
              <legend className="form-label fs-6">{t('payments.checkout.chooseCourier')}</legend>
              <div className="list-group">
                {rates.data.map((rate) => (
                  <label key={rate.id} className="list-group-item d-flex gap-2 align-items-start">
                    <input
                      className="form-check-input flex-shrink-0 mt-1"
                      type="radio"
                      name="delivery-quote"
                      value={rate.id}
                      checked={chosenId === rate.id}
                      onChange={() => onChoose(rate.id)}
                    />
                    <span className="flex-grow-1 min-w-0">
                      <span className="d-flex justify-content-between gap-2">
                        <span className="fw-semibold text-break">{rate.courier}</span>
                        <span className="text-nowrap">{formatKobo(rate.deliveryFee)}</span>
                      </span>
                      <span className="d-block small text-body-secondary">
                        {t('payments.checkout.courierTimes', {
                          days: rate.estimated_days,
                          pickup: rate.pickup,
                        })}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </div>
      )}
    </fieldset>
  );
}

import { useTranslation } from '../../../i18n/use-translation';
import { formatKobo, nairaToKobo } from '@marketplace/shared/money';
import type { ShipmentRate } from '@marketplace/shared/schemas/shipping';
import { formatDate } from '../../../lib/format-date';

// Days as a number or a range ('2-4') are said in the reader's language; a courier's own words are kept.
function daysText(days: string, inDays: (range: string) => string): string {
  return /^\d+(\s*-\s*\d+)?$/.test(days.trim()) ? inDays(days.replace(/\s+/g, '')) : days;
}

function pickupText(pickup: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(pickup) ? formatDate(`${pickup}T12:00:00Z`) : pickup;
}

function amountText(rate: ShipmentRate): string {
  return rate.currency === 'NGN' ? formatKobo(nairaToKobo(rate.amount)) : `${rate.amount} ${rate.currency}`;
}

// spec §3, shipment rate: courier name, amount, currency, estimated days, pickup.
export function RateResult({ rates }: { rates: ShipmentRate[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="rate-result-title" className="card mt-4">
      <div className="card-body">
        <h2 id="rate-result-title" className="h5 card-title">
          {t('shipping.resultTitle')}
        </h2>
        {rates.map((rate) => (
          <dl key={rate.carrierName} className="row mb-0">
            <dt className="col-sm-4">{t('shipping.courier')}</dt>
            <dd className="col-sm-8">{rate.courier}</dd>
            <dt className="col-sm-4">{t('shipping.amount')}</dt>
            <dd className="col-sm-8 fw-bold">{amountText(rate)}</dd>
            <dt className="col-sm-4">{t('shipping.estimatedDays')}</dt>
            <dd className="col-sm-8">
              {rate.estimated_days
                ? daysText(rate.estimated_days, (range) => String(t('shipping.days', { days: range })))
                : '–'}
            </dd>
            <dt className="col-sm-4">{t('shipping.pickup')}</dt>
            <dd className="col-sm-8">{rate.pickup ? pickupText(rate.pickup) : '–'}</dd>
          </dl>
        ))}
      </div>
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import type { ShipmentTrackingResult } from '@marketplace/shared/schemas/shipping';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { ShipmentStatus } from '../../../components/ui/shipment-status';
import { formatDateTime } from '../../../lib/format-date';
import { errorText } from '../../../lib/server-message';
import { useTrackShipment } from '../api/track-shipment';
import '../tracking.scss';
import { useLiveShipments } from '../../../hooks/use-live-shipments';

// The courier's own word for the shipment's state, in the reader's language when it is one we know
// ("Delivered", "In transit"; issue 32); any other as the courier wrote it.
function useCourierWord() {
  const { t } = useTranslation();
  return (word: string) =>
    t(
      `shipping.courierWords.${word
        .trim()
        .toLowerCase()
        .replace(/[\s_]+/g, '-')}`,
      { defaultValue: word },
    );
}

function ShipmentDetails({ shipment }: { shipment: ShipmentTrackingResult }) {
  const { t } = useTranslation();
  const courierWord = useCourierWord();
  return (
    <section aria-labelledby="shipment-heading" className="card">
      <div className="card-body">
        <h2 id="shipment-heading" className="h5">
          {shipment.productTitle}
        </h2>
        <p className="mb-1">
          {t('shipping.tracking.status')}:{' '}
          <ShipmentStatus
            status={shipment.status === 'unknown' ? shipment.data.courier_status : shipment.status}
          />
        </p>
        <p className="mb-1 small text-body-secondary">
          {t('shipping.tracking.courierSays', { status: courierWord(shipment.data.courier_status) })}
        </p>
        {shipment.courier && (
          <p className="mb-1">
            {t('shipping.tracking.courier')}: {shipment.courier}
          </p>
        )}
        {shipment.deliveredAt && (
          <p className="mb-1 text-success">
            {t('shipping.tracking.deliveredAt', { date: formatDateTime(shipment.deliveredAt) })}
          </p>
        )}
        <h3 className="h6 mt-3">{t('shipping.tracking.timeline')}</h3>
        <ol className="list-group list-group-numbered mb-3">
          {shipment.timeline.map((step) => (
            <li
              key={step.status}
              className={`list-group-item d-flex justify-content-between gap-2${step.isReached ? '' : ' text-body-secondary'}`}
              aria-current={step.status === shipment.status ? 'step' : undefined}
            >
              <span className={step.isReached ? 'fw-semibold' : ''}>
                {t(`shipping.tracking.steps.${step.status}`)}
              </span>
              <span className="small text-end">
                {step.at
                  ? formatDateTime(step.at)
                  : step.isReached
                    ? t('shipping.tracking.passed')
                    : t('shipping.tracking.notYet')}
              </span>
            </li>
          ))}
        </ol>
        {shipment.status !== 'delivered' && shipment.status !== 'cancelled' && (
          <p className="small text-body-secondary">{t('shipping.tracking.refreshing')}</p>
        )}
        {shipment.reference && (
          <Link
            to={`/transaction-details?${new URLSearchParams({ reference: shipment.reference }).toString()}`}
          >
            {t('shipping.tracking.payment')}
          </Link>
        )}
      </div>
    </section>
  );
}

// spec §2: /tracking (login). The shipment reference comes from the address (?reference=), from the
// orders tab, the transaction details or a notification, or is typed in.
export function TrackingRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const reference = searchParams.get('reference')?.trim() ?? '';
  const [typed, setTyped] = useState(reference);
  const shipment = useTrackShipment(reference);
  useLiveShipments();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (typed.trim()) setSearchParams({ reference: typed.trim() });
  }

  let content = null;
  if (reference !== '') {
    if (shipment.isPending) content = <PageLoading />;
    else if (shipment.isError)
      content = <LoadFailed message={errorText(shipment.error)} onRetry={() => void shipment.refetch()} />;
    else content = <ShipmentDetails shipment={shipment.data} />;
  }

  return (
    <section className="container tracking-page py-4">
      <title>{`${t('shipping.tracking.title')} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-3">{t('shipping.tracking.title')}</h1>
      <form onSubmit={onSubmit} className="mb-3" role="search">
        <p className="text-body-secondary">{t('shipping.tracking.intro')}</p>
        <label htmlFor="tracking-reference" className="form-label">
          {t('shipping.tracking.reference')}
        </label>
        <div className="d-flex flex-wrap gap-2">
          <input
            id="tracking-reference"
            className="form-control flex-grow-1 w-auto"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit" className="btn btn-primary">
            {t('shipping.tracking.track')}
          </button>
        </div>
      </form>
      <div aria-live="polite">{content}</div>
    </section>
  );
}

import { useTranslation } from '../../../i18n/use-translation';
import { ApiError } from '../../../lib/api-client';
import { useGetRate } from '../api/get-rate';
import { RateResult } from '../components/rate-result';
import { RateTesterForm } from '../components/rate-tester-form';

// The courier's own reason for refusing a rate (a 422's details), shown beside the translated message.
function courierReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const details = error.details as { courierMessage?: unknown } | undefined;
  return typeof details?.courierMessage === 'string' ? details.courierMessage : null;
}

// spec §2: /goshiip (visitor), the courier and rate tester.
export function GoShiipRoute() {
  const { t } = useTranslation();
  const rate = useGetRate();
  const reason = courierReason(rate.error);

  return (
    <section className="container py-4" style={{ maxWidth: '56rem' }}>
      <title>{`${t('shipping.title')} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-2">{t('shipping.title')}</h1>
      <p className="text-body-secondary">{t('shipping.intro')}</p>
      <RateTesterForm isPending={rate.isPending} onSubmit={(input) => rate.mutate(input)} />
      <div aria-live="polite">
        {rate.isSuccess && <RateResult rates={rate.data} />}
        {reason && (
          <p className="alert alert-warning mt-4" role="status">
            {t('shipping.courierSaid', { reason })}
          </p>
        )}
      </div>
    </section>
  );
}

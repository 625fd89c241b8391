import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate, useParams } from 'react-router';
import { useOpenDispute } from '../api/disputes';
import { ReportProblemForm } from '../components/report-problem-form';

// /orders/:orderId/report-problem (login): the buyer reports a problem with a paid order while the
// money is held; the dispute's page opens once it is sent (decision 058).
export function ReportProblemRoute() {
  const { t } = useTranslation();
  const orderId = useParams().orderId ?? '';
  const navigate = useNavigate();
  const openDispute = useOpenDispute(orderId);

  return (
    <section className="container py-4" style={{ maxWidth: '40rem' }}>
      <title>{`${t('protection.report.title')} · ${t('app.name')}`}</title>
      <p className="mb-2">
        <Link to="/profile?tab=orders" className="link-secondary">
          <span aria-hidden="true">← </span>
          {t('protection.report.backToOrders')}
        </Link>
      </p>
      <h1 className="h3 mb-3">{t('protection.report.title')}</h1>
      <p>{t('protection.report.intro')}</p>
      <ReportProblemForm
        isPending={openDispute.isPending}
        onSubmit={(body) =>
          openDispute.mutate(body, {
            onSuccess: (result) => void navigate(`/disputes/${result.data.id}`, { replace: true }),
          })
        }
      />
    </section>
  );
}

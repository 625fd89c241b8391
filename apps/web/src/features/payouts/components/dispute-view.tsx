import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatKobo } from '@marketplace/shared/money';
import { DetailList } from '../../../components/ui/detail-list';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { formatDateTime } from '../../../lib/format-date';
import { useDispute, type DisputeReader } from '../api/disputes';
import { DisputeMessages } from './dispute-messages';
import { ResolveDisputeForm } from './resolve-dispute-form';

type DisputeViewProps = {
  reader: DisputeReader;
  id: string;
  // The page's frame, given the heading (the item's name) once the dispute is loaded.
  frame: (title: string | null, content: ReactNode) => ReactNode;
};

// A dispute as its buyer, seller or an admin reads it: what was reported, where the money is, the
// messages, a form to write, and for an admin while it is open, the settling form (decision 058).
export function DisputeView({ reader, id, frame }: DisputeViewProps) {
  const { t } = useTranslation();
  const query = useDispute(reader, id);
  if (query.data === undefined) {
    return frame(
      null,
      query.isError ? (
        <LoadFailed message={t('protection.dispute.loadFailed')} onRetry={() => void query.refetch()} />
      ) : (
        <PageLoading />
      ),
    );
  }
  const dispute = query.data;
  let outcome: string | null = null;
  if (dispute.outcome === 'partial')
    outcome = t('protection.dispute.outcomes.partial', { amount: formatKobo(dispute.refundAmount ?? 0) });
  else if (dispute.outcome) outcome = t(`protection.dispute.outcomes.${dispute.outcome}`);

  return frame(
    t('protection.dispute.title', { title: dispute.productTitle }),
    <div style={{ maxWidth: '48rem' }}>
      <p className="d-flex flex-wrap gap-2">
        <span className={dispute.status === 'open' ? 'badge text-bg-warning' : 'badge text-bg-success'}>
          {t(`protection.dispute.${dispute.status}`)}
        </span>
        {dispute.isChargeback && (
          <span className="badge text-bg-danger">{t('protection.dispute.chargeback')}</span>
        )}
        {dispute.dueAt && dispute.status === 'open' && (
          <span className="small">
            {t('protection.dispute.dueAt', { date: formatDateTime(dispute.dueAt) })}
          </span>
        )}
      </p>
      <DetailList
        details={[
          { label: t('protection.dispute.reason'), value: t(`protection.reasons.${dispute.reason}`) },
          { label: t('protection.dispute.openedOn'), value: formatDateTime(dispute.createdAt) },
          { label: t('protection.dispute.buyer'), value: dispute.buyer.username },
          { label: t('protection.dispute.seller'), value: dispute.seller.username },
          { label: t('protection.dispute.paid'), value: formatKobo(dispute.paidAmount) },
          ...(dispute.payout
            ? [
                {
                  label: t('protection.dispute.share'),
                  value: `${formatKobo(dispute.payout.amount)} · ${t(`payoutStatus.${dispute.payout.status}`)}`,
                },
              ]
            : []),
          ...(outcome ? [{ label: t('protection.dispute.outcome'), value: outcome }] : []),
        ]}
      />
      {/* The buyer's report is the first message; a chargeback's reason (from Paystack) has none. */}
      {dispute.isChargeback && (
        <p className="mt-3 mb-0" style={{ whiteSpace: 'pre-wrap' }}>
          {dispute.details}
        </p>
      )}
      {dispute.viewerRole === 'admin' && dispute.status === 'open' && (
        <ResolveDisputeForm dispute={dispute} />
      )}
      <DisputeMessages reader={reader} dispute={dispute} />
    </div>,
  );
}

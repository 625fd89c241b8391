import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import type { Order } from '@marketplace/shared/schemas/payments';
import type { Protection } from '@marketplace/shared/schemas/payouts';
import { LazyConfirmDialog } from '../../../components/ui/lazy-confirm-dialog';
import { useConfirmReceipt } from '../api/confirm-receipt';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// The time the buyer has left to confirm receipt or report a problem, in whole days, then hours.
function TimeLeft({ protection, now }: { protection: Protection; now: number }) {
  const { t } = useTranslation();
  // A courier order not yet delivered: the window opens at delivery.
  if (!protection.releaseAt) return t('protection.startsAtDelivery');
  const left = new Date(protection.releaseAt).getTime() - now;
  if (left >= DAY) return t('protection.leftDays', { count: Math.floor(left / DAY) });
  if (left >= HOUR) return t('protection.leftHours', { count: Math.floor(left / HOUR) });
  return t('protection.leftUnderHour');
}

// Buyer protection on the buyer's order (decision 058): while the money is held, "Confirm receipt" (asked
// once more: the seller is paid at once) and "Report a problem" with the time left; afterwards where the
// money is, and the dispute when there is one.
export function OrderProtection({ order }: { order: Order }) {
  const { t } = useTranslation();
  const confirm = useConfirmReceipt();
  const [isAsking, setIsAsking] = useState(false);
  // The time when the list was drawn; the list is fetched again after each change.
  const [now] = useState(() => Date.now());
  const protection = order.protection;
  if (!protection) return null;
  const canAct = protection.canConfirmReceipt || protection.canDispute;

  return (
    <div className="order-protection small">
      <p className="mb-1">
        {t(`protection.buyerStatus.${protection.payoutStatus}`)}
        {canAct && (
          <>
            {' '}
            <TimeLeft protection={protection} now={now} />
          </>
        )}
      </p>
      <div className="d-flex flex-wrap gap-2">
        {protection.canConfirmReceipt && (
          <button
            type="button"
            className="btn btn-sm btn-success text-nowrap"
            disabled={confirm.isPending}
            aria-busy={confirm.isPending}
            onClick={() => setIsAsking(true)}
          >
            {t('protection.confirmReceipt')}
          </button>
        )}
        {protection.canDispute && (
          <Link
            to={`/orders/${encodeURIComponent(order.id)}/report-problem`}
            className="btn btn-sm btn-outline-danger text-nowrap"
          >
            {t('protection.reportProblem')}
          </Link>
        )}
        {protection.disputeId && (
          <Link to={`/disputes/${encodeURIComponent(protection.disputeId)}`} className="text-nowrap">
            {t('protection.seeDispute')}
          </Link>
        )}
      </div>
      {isAsking && (
        <LazyConfirmDialog
          title={t('protection.confirmTitle')}
          confirmLabel={t('protection.confirmAction')}
          onCancel={() => setIsAsking(false)}
          onConfirm={() => {
            setIsAsking(false);
            confirm.mutate(order.id);
          }}
        >
          <p className="mb-0">{t('protection.confirmBody')}</p>
        </LazyConfirmDialog>
      )}
    </div>
  );
}

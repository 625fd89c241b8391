import { useTranslation } from '../../../i18n/use-translation';
import type { Protection } from '@marketplace/shared/schemas/payouts';
import { formatDate } from '../../../lib/format-date';

// Where the seller's share of a sale is (buyer protection, decision 058): held until a date (or until the
// courier delivers), disputed, being paid out, paid out on a date, or refunded to the buyer.
export function PayoutStatus({ protection }: { protection: Protection }) {
  const { t } = useTranslation();
  const { payoutStatus, releaseAt, paidAt } = protection;
  let text: string;
  if (payoutStatus === 'held')
    text = releaseAt
      ? t('protection.sellerStatus.heldUntil', { date: formatDate(releaseAt) })
      : t('protection.sellerStatus.heldUntilDelivery');
  else if (payoutStatus === 'paid')
    text = paidAt
      ? t('protection.sellerStatus.paidOn', { date: formatDate(paidAt) })
      : t('protection.sellerStatus.paid');
  else text = t(`protection.sellerStatus.${payoutStatus}`);
  const tone =
    payoutStatus === 'paid'
      ? 'text-success'
      : payoutStatus === 'disputed' || payoutStatus === 'failed'
        ? 'text-danger'
        : 'text-body-secondary';
  return <span className={`d-block small ${tone}`}>{text}</span>;
}

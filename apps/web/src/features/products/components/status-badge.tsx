import { useTranslation } from '../../../i18n/use-translation';
import type { ProductStatus } from '@marketplace/shared/constants';

const STATUS_CLASS: Record<ProductStatus, string> = {
  pending: 'text-bg-warning',
  approved: 'text-bg-success',
  rejected: 'text-bg-danger',
};

// spec §4: pending (yellow) until an admin approves (green) or rejects (red) the listing; once an order for it
// is paid, Sold (issue 32).
export function StatusBadge({ status, isSold = false }: { status: ProductStatus; isSold?: boolean }) {
  const { t } = useTranslation();
  if (isSold) return <span className="badge text-bg-secondary">{t('listings.status.sold')}</span>;
  return <span className={`badge ${STATUS_CLASS[status]}`}>{t(`listings.status.${status}`)}</span>;
}

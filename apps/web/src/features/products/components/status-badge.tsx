import { useTranslation } from 'react-i18next';
import type { ProductStatus } from '@marketplace/shared/constants';

const STATUS_CLASS: Record<ProductStatus, string> = {
  pending: 'text-bg-warning',
  approved: 'text-bg-success',
  rejected: 'text-bg-danger',
};

// spec §4: pending (yellow) until an admin approves (green) or rejects (red) the listing.
export function StatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation();
  return <span className={`badge ${STATUS_CLASS[status]}`}>{t(`listings.status.${status}`)}</span>;
}

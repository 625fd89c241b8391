import { useTranslation } from 'react-i18next';

const KNOWN_STATUSES = ['success', 'failed', 'pending', 'abandoned'] as const;
type KnownStatus = (typeof KNOWN_STATUSES)[number];

function isKnownStatus(status: string): status is KnownStatus {
  return KNOWN_STATUSES.some((known) => known === status);
}

// spec §2, §4: a transaction's status is green when it is 'success', red otherwise.
export function TransactionStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  const isSuccess = status === 'success';
  return (
    <span className={isSuccess ? 'text-success fw-semibold' : 'text-danger fw-semibold'}>
      {isKnownStatus(status) ? t(`admin.transactions.statuses.${status}`) : status}
    </span>
  );
}

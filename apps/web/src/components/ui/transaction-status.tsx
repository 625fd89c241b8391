import { useTranslation } from '../../i18n/use-translation';
import { TRANSACTION_STATUSES, type TransactionStatus as Status } from '@marketplace/shared/constants';

function isKnownStatus(status: string): status is Status {
  return (TRANSACTION_STATUSES as readonly string[]).includes(status);
}

// spec §2, §4: a transaction's status is green when it is 'success', red otherwise.
export function TransactionStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  const isSuccess = status === 'success';
  return (
    <span className={isSuccess ? 'text-success fw-semibold' : 'text-danger fw-semibold'}>
      {isKnownStatus(status) ? t(`transactionStatus.${status}`) : status}
    </span>
  );
}

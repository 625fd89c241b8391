import { useTranslation } from '../../../i18n/use-translation';
import type { Transaction } from '@marketplace/shared/schemas/payments';
import { Dialog } from '../../../components/ui/dialog';
import { useRetryBooking } from '../api/retry-booking';
import { useAdminSlots } from '../slots';

type TransactionDetailsDialogProps = { transaction: Transaction; onClose: () => void };

// spec §2, admin transactions screen: Transaction Info, Order Details and Buyer Details.
export function TransactionDetailsDialog({ transaction, onClose }: TransactionDetailsDialogProps) {
  const { t } = useTranslation();
  const { order } = transaction;
  const retry = useRetryBooking();
  // The details are the transactions feature's, handed over by the app (decision 054).
  const { TransactionDetails } = useAdminSlots();
  // Shown as pending at once; the list refreshes with the job's outcome.
  const bookingStatus = retry.isSuccess ? 'pending' : order.bookingStatus;
  if (!TransactionDetails) return null;
  return (
    <Dialog
      title={t('admin.transactions.dialogTitle', { reference: transaction.reference })}
      onClose={onClose}
      size="lg"
      isScrollable
    >
      <TransactionDetails
        transaction={transaction}
        variant="admin"
        delivery={
          order.delivery === 'courier'
            ? {
                label: t('admin.transactions.booking'),
                value: bookingStatus ? (
                  // spec §4: red when the booking failed.
                  <span className={bookingStatus === 'failed' ? 'text-danger fw-semibold' : ''}>
                    {t(`admin.transactions.bookingStates.${bookingStatus}`)}
                  </span>
                ) : null,
              }
            : undefined
        }
        orderActions={
          bookingStatus === 'failed' && (
            <button
              type="button"
              className="btn btn-warning mt-2"
              disabled={retry.isPending}
              onClick={() => retry.mutate(order.id)}
            >
              {t('admin.transactions.retryBooking')}
            </button>
          )
        }
      />
    </Dialog>
  );
}

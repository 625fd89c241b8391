import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { formatKobo } from '@marketplace/shared/money';
import type { Transaction } from '@marketplace/shared/schemas/payments';
import { formatDateTime } from '../../../lib/format-date';
import { DetailList } from '../../../components/ui/detail-list';
import { TransactionStatus } from '../../../components/ui/transaction-status';
import { useRetryBooking } from '../api/retry-booking';

type TransactionDetailsDialogProps = { transaction: Transaction; onClose: () => void };

// spec §2, admin transactions screen: Transaction Info, Order Details and Buyer Details.
export function TransactionDetailsDialog({ transaction, onClose }: TransactionDetailsDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { order, user } = transaction;
  const retry = useRetryBooking();
  // Shown as pending at once; the list refreshes with the job's outcome.
  const bookingStatus = retry.isSuccess ? 'pending' : order.bookingStatus;
  return (
    <Modal show onHide={onClose} aria-labelledby={titleId} centered scrollable size="lg">
      <Modal.Header closeButton closeLabel={t('admin.dialog.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('admin.transactions.dialogTitle', { reference: transaction.reference })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <section aria-labelledby={`${titleId}-info`}>
          <h3 id={`${titleId}-info`} className="h6">
            {t('admin.transactions.info')}
          </h3>
          <DetailList
            details={[
              { label: t('admin.transactions.reference'), value: transaction.reference },
              { label: t('admin.transactions.transactionId'), value: transaction.transactionId },
              { label: t('admin.transactions.amount'), value: formatKobo(transaction.amount) },
              { label: t('admin.transactions.currency'), value: transaction.currency },
              {
                label: t('admin.transactions.status'),
                value: <TransactionStatus status={transaction.status} />,
              },
              { label: t('admin.transactions.method'), value: transaction.paymentMethod },
              {
                label: t('admin.transactions.paidAt'),
                value: transaction.paidAt ? formatDateTime(transaction.paidAt) : null,
              },
              { label: t('admin.transactions.createdAt'), value: formatDateTime(transaction.createdAt) },
              { label: t('admin.transactions.customerEmail'), value: transaction.customerEmail },
            ]}
          />
        </section>
        <section aria-labelledby={`${titleId}-order`} className="mt-3">
          <h3 id={`${titleId}-order`} className="h6">
            {t('admin.transactions.order')}
          </h3>
          <DetailList
            details={[
              { label: t('admin.transactions.product'), value: order.product.title },
              { label: t('admin.transactions.seller'), value: order.seller.username },
              { label: t('admin.transactions.orderStatus'), value: t(`orderStatus.${order.status}`) },
              { label: t('admin.transactions.quantity'), value: order.quantity },
              { label: t('admin.transactions.productAmount'), value: formatKobo(order.productAmount) },
              {
                label: t('admin.transactions.transactionCharge'),
                value: formatKobo(order.transactionCharge),
              },
              ...(order.delivery === 'courier'
                ? [
                    { label: t('admin.transactions.courier'), value: order.courierName },
                    { label: t('admin.transactions.deliveryFee'), value: formatKobo(order.deliveryFee) },
                    {
                      label: t('admin.transactions.booking'),
                      value: bookingStatus ? (
                        // spec §4: red when the booking failed.
                        <span className={bookingStatus === 'failed' ? 'text-danger fw-semibold' : ''}>
                          {t(`admin.transactions.bookingStates.${bookingStatus}`)}
                        </span>
                      ) : null,
                    },
                  ]
                : []),
              { label: t('admin.transactions.shipmentReference'), value: order.shipmentReference },
              { label: t('admin.transactions.shipmentStatus'), value: order.shipmentStatus },
            ]}
          />
          {bookingStatus === 'failed' && (
            <button
              type="button"
              className="btn btn-warning mt-2"
              disabled={retry.isPending}
              onClick={() => retry.mutate(order.id)}
            >
              {t('admin.transactions.retryBooking')}
            </button>
          )}
        </section>
        <section aria-labelledby={`${titleId}-buyer`} className="mt-3">
          <h3 id={`${titleId}-buyer`} className="h6">
            {t('admin.transactions.buyer')}
          </h3>
          <DetailList
            details={[
              { label: t('admin.transactions.username'), value: user.username },
              { label: t('admin.transactions.fullName'), value: user.fullName },
              { label: t('admin.transactions.email'), value: user.email },
              { label: t('admin.transactions.phone'), value: user.phoneNumber },
              { label: t('admin.transactions.street'), value: user.street },
              { label: t('admin.transactions.city'), value: user.city },
              { label: t('admin.transactions.state'), value: user.state },
              { label: t('admin.transactions.country'), value: user.country },
            ]}
          />
        </section>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('admin.dialog.close')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}

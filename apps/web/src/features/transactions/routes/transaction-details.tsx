import { BOOKING_FAILED_TEXT } from '@marketplace/shared/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { formatKobo } from '@marketplace/shared/money';
import { DetailList } from '../../../components/ui/detail-list';
import { PageLoading } from '../../../components/ui/page-loading';
import { TransactionStatus } from '../../../components/ui/transaction-status';
import { formatDateTime } from '../../../lib/format-date';
import { translateMessage } from '../../../lib/server-message';
import { useVerifyTransaction } from '../../../lib/verify-transaction';
import '../transactions.scss';

// spec §2: /transaction-details?reference= (login): one of the user's own payments, as buyer or seller.
export function TransactionDetailsRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const reference = searchParams.get('reference') ?? '';
  const details = useVerifyTransaction(reference);
  const hasFailed = reference === '' || details.isError;

  // spec §8: 'Error fetching transaction details'.
  useEffect(() => {
    if (hasFailed) toast.error(t('errors.TRANSACTION_DETAILS_ERROR'), { id: 'TRANSACTION_DETAILS_ERROR' });
  }, [hasFailed, t]);

  let content;
  if (hasFailed) {
    content = (
      <div className="alert alert-danger" role="alert">
        <p>{t('errors.TRANSACTION_DETAILS_ERROR')}</p>
        <Link to="/payment-history" className="btn btn-outline-danger">
          {t('payments.history.title')}
        </Link>
      </div>
    );
  } else if (details.isPending) {
    content = <PageLoading />;
  } else {
    const { transactionDetails: transaction, bookingStatus, bookingStatusCode } = details.data;
    const { order, user } = transaction;
    content = (
      <>
        <section className="card mb-3" aria-labelledby="details-info">
          <div className="card-body">
            <h2 id="details-info" className="h5">
              {t('admin.transactions.info')}
            </h2>
            <DetailList
              details={[
                { label: t('admin.transactions.reference'), value: transaction.reference },
                { label: t('admin.transactions.amount'), value: formatKobo(transaction.amount) },
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
                { label: t('admin.transactions.currency'), value: transaction.currency },
              ]}
            />
          </div>
        </section>
        <section className="card mb-3" aria-labelledby="details-order">
          <div className="card-body">
            <h2 id="details-order" className="h5">
              {t('admin.transactions.order')}
            </h2>
            <DetailList
              details={[
                {
                  label: t('admin.transactions.product'),
                  value: order.product.id ? (
                    <Link to={`/product/${order.product.id}`}>{order.product.title}</Link>
                  ) : (
                    order.product.title
                  ),
                },
                { label: t('admin.transactions.seller'), value: order.seller.username },
                { label: t('admin.transactions.quantity'), value: order.quantity },
                { label: t('admin.transactions.productAmount'), value: formatKobo(order.productAmount) },
                {
                  label: t('admin.transactions.transactionCharge'),
                  value: formatKobo(order.transactionCharge),
                },
                {
                  label: t('payments.details.sellerAmount'),
                  value: formatKobo(order.productAmount - order.transactionCharge),
                },
                { label: t('admin.transactions.orderStatus'), value: t(`orderStatus.${order.status}`) },
                {
                  label: t('payments.details.delivery'),
                  // spec §4: red when it says 'Failed to book shipment'.
                  value: bookingStatus ? (
                    <span className={bookingStatus === BOOKING_FAILED_TEXT ? 'text-danger fw-semibold' : ''}>
                      {bookingStatusCode ? translateMessage(bookingStatusCode) : bookingStatus}
                    </span>
                  ) : null,
                },
                ...(order.delivery === 'courier'
                  ? [
                      { label: t('admin.transactions.courier'), value: order.courierName },
                      { label: t('admin.transactions.deliveryFee'), value: formatKobo(order.deliveryFee) },
                    ]
                  : []),
                {
                  label: t('admin.transactions.shipmentReference'),
                  value: order.shipmentReference ? (
                    <Link
                      to={`/tracking?${new URLSearchParams({ reference: order.shipmentReference }).toString()}`}
                    >
                      {order.shipmentReference}
                    </Link>
                  ) : null,
                },
              ]}
            />
          </div>
        </section>
        <section className="card mb-3" aria-labelledby="details-buyer">
          <div className="card-body">
            <h2 id="details-buyer" className="h5">
              {t('admin.transactions.buyer')}
            </h2>
            <DetailList
              details={[
                { label: t('admin.transactions.username'), value: user.username },
                { label: t('admin.transactions.fullName'), value: user.fullName },
                { label: t('admin.transactions.email'), value: user.email },
                { label: t('admin.transactions.phone'), value: user.phoneNumber },
                {
                  label: t('payments.details.address'),
                  value: [user.street, user.city, user.state, user.country].filter(Boolean).join(', '),
                },
              ]}
            />
          </div>
        </section>
        <Link to="/payment-history">{t('payments.details.back')}</Link>
      </>
    );
  }

  return (
    <section className="container transactions-page py-4">
      <title>{`${t('payments.details.title')} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-3">{t('payments.details.title')}</h1>
      {content}
    </section>
  );
}

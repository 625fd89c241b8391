import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatKobo } from '@marketplace/shared/money';
import type { Transaction } from '@marketplace/shared/schemas/payments';
import { formatDateTime } from '../../../lib/format-date';
import { DetailList, type Detail } from '../../../components/ui/detail-list';
import { TransactionStatus } from '../../../components/ui/transaction-status';
import { PaymentMethod } from '../../../components/ui/payment-method';

type TransactionDetailsProps = {
  transaction: Transaction;
  // page: the buyer's or seller's /transaction-details (sections as cards under the page's h1, links to the
  // product and its tracking); admin: the admin transactions dialog (sections under the dialog's title, and
  // the provider's fields: transaction id, customer email, shipment status, the address in parts).
  variant: 'page' | 'admin';
  // The delivery line: the page's booking sentence, the admin's booking state; none when not given.
  delivery?: Detail;
  // Under the order's details (the admin's Retry booking).
  orderActions?: ReactNode;
};

type DetailsSectionProps = { id: string; title: string; variant: 'page' | 'admin'; children: ReactNode };

function DetailsSection({ id, title, variant, children }: DetailsSectionProps) {
  if (variant === 'admin') {
    return (
      <section aria-labelledby={id}>
        <h3 id={id} className="h6">
          {title}
        </h3>
        {children}
      </section>
    );
  }
  return (
    <section className="card mb-3" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h5">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

// spec §2: a payment's Transaction Info, Order Details and Buyer Details, as the transaction details page
// and the admin transactions screen's dialog both show them.
export function TransactionDetails({
  transaction,
  variant,
  delivery,
  orderActions,
}: TransactionDetailsProps) {
  const { t } = useTranslation();
  const id = useId();
  const { order, user } = transaction;
  const isAdmin = variant === 'admin';
  const only = (shown: boolean, details: Detail[]) => (shown ? details : []);
  return (
    // In the dialog, the sections are spaced by their wrapper; on the page, each card keeps its margin.
    <div className={isAdmin ? 'd-grid gap-3' : undefined}>
      <DetailsSection id={`${id}-info`} title={t('admin.transactions.info')} variant={variant}>
        <DetailList
          details={[
            { label: t('admin.transactions.reference'), value: transaction.reference },
            ...only(isAdmin, [
              { label: t('admin.transactions.transactionId'), value: transaction.transactionId },
            ]),
            { label: t('admin.transactions.amount'), value: formatKobo(transaction.amount) },
            { label: t('admin.transactions.currency'), value: transaction.currency },
            {
              label: t('admin.transactions.status'),
              value: <TransactionStatus status={transaction.status} />,
            },
            {
              label: t('admin.transactions.method'),
              value: transaction.paymentMethod && <PaymentMethod method={transaction.paymentMethod} />,
            },
            {
              label: t('admin.transactions.paidAt'),
              value: transaction.paidAt ? formatDateTime(transaction.paidAt) : null,
            },
            { label: t('admin.transactions.createdAt'), value: formatDateTime(transaction.createdAt) },
            ...only(isAdmin, [
              { label: t('admin.transactions.customerEmail'), value: transaction.customerEmail },
            ]),
          ]}
        />
      </DetailsSection>
      <DetailsSection id={`${id}-order`} title={t('admin.transactions.order')} variant={variant}>
        <DetailList
          details={[
            {
              label: t('admin.transactions.product'),
              value:
                !isAdmin && order.product.id ? (
                  <Link to={`/product/${order.product.id}`}>{order.product.title}</Link>
                ) : (
                  order.product.title
                ),
            },
            { label: t('admin.transactions.seller'), value: order.seller.username },
            { label: t('admin.transactions.orderStatus'), value: t(`orderStatus.${order.status}`) },
            { label: t('admin.transactions.quantity'), value: order.quantity },
            { label: t('admin.transactions.productAmount'), value: formatKobo(order.productAmountKobo) },
            { label: t('admin.transactions.transactionCharge'), value: formatKobo(order.transactionCharge) },
            {
              label: t('payments.details.sellerAmount'),
              value: formatKobo(order.productAmountKobo - order.transactionCharge),
            },
            ...only(order.delivery === 'courier', [
              { label: t('admin.transactions.courier'), value: order.courierName },
              { label: t('admin.transactions.deliveryFee'), value: formatKobo(order.deliveryFee) },
            ]),
            ...(delivery ? [delivery] : []),
            {
              label: t('admin.transactions.shipmentReference'),
              value:
                !isAdmin && order.shipmentReference ? (
                  <Link
                    to={`/tracking?${new URLSearchParams({ reference: order.shipmentReference }).toString()}`}
                  >
                    {order.shipmentReference}
                  </Link>
                ) : (
                  order.shipmentReference
                ),
            },
            ...only(isAdmin, [
              { label: t('admin.transactions.shipmentStatus'), value: order.shipmentStatus },
            ]),
          ]}
        />
        {orderActions}
      </DetailsSection>
      <DetailsSection id={`${id}-buyer`} title={t('admin.transactions.buyer')} variant={variant}>
        <DetailList
          details={[
            { label: t('admin.transactions.username'), value: user.username },
            { label: t('admin.transactions.fullName'), value: user.fullName },
            { label: t('admin.transactions.email'), value: user.email },
            { label: t('admin.transactions.phone'), value: user.phoneNumber },
            ...(isAdmin
              ? [
                  { label: t('admin.transactions.street'), value: user.street },
                  { label: t('admin.transactions.city'), value: user.city },
                  { label: t('admin.transactions.state'), value: user.state },
                  { label: t('admin.transactions.country'), value: user.country },
                ]
              : [
                  {
                    label: t('payments.details.address'),
                    value: [user.street, user.city, user.state, user.country].filter(Boolean).join(', '),
                  },
                ]),
          ]}
        />
      </DetailsSection>
    </div>
  );
}

import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { BOOKING_FAILED_TEXT, type TransactionStatus } from '@marketplace/shared/constants';
import { formatKobo } from '@marketplace/shared/money';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { cart } from '../../../lib/cart';
import { errorText, translateMessage } from '../../../lib/server-message';
import { useSession } from '../../../lib/session';
import { useTransactionStatus } from '../api/get-transaction-status';
import { useVerifyTransaction } from '../../../lib/verify-transaction';
import { transactionDetailsPath } from '../../../lib/payment-paths';
import '../payments.scss';

// spec §4: success or failure by the stored status; the other statuses say why it is not paid.
const OUTCOME_MESSAGE: Record<TransactionStatus, string> = {
  success: 'PAYMENT_SUCCESSFUL',
  pending: 'PAYMENT_PENDING',
  abandoned: 'PAYMENT_PENDING',
  failed: 'PAYMENT_FAILED',
  refund_pending: 'PAYMENT_REFUNDED',
  refunded: 'PAYMENT_REFUNDED',
};

type OutcomeProps = {
  status: TransactionStatus;
  amount: number;
  reference: string;
  children?: ReactNode;
};

function Outcome({ status, amount, reference, children }: OutcomeProps) {
  const { t } = useTranslation();
  const isSuccess = status === 'success';
  const isWaiting = status === 'pending';
  return (
    <div
      className={`alert ${isSuccess ? 'alert-success' : isWaiting ? 'alert-warning' : 'alert-danger'}`}
      role="status"
    >
      <h2 className="h4">{translateMessage(OUTCOME_MESSAGE[status])}</h2>
      <p className="mb-1">
        {t('payments.confirmation.amount')}: <strong>{formatKobo(amount)}</strong>
      </p>
      <p className="mb-0">
        {t('payments.confirmation.reference')}: <code>{reference}</code>
      </p>
      {isWaiting && <p className="mt-2 mb-0 small">{t('payments.confirmation.checkingAgain')}</p>}
      {children}
    </div>
  );
}

// For the logged-in buyer (or seller): the stored transaction after the server asked the provider.
function VerifiedConfirmation({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const verification = useVerifyTransaction(reference, { recheckPending: true });
  const productId = verification.data?.transactionDetails.order.product.id ?? null;
  const isPaid = verification.data?.transactionDetails.status === 'success';

  // A paid item leaves the cart.
  useEffect(() => {
    if (isPaid && productId) cart.remove(productId);
  }, [isPaid, productId]);

  if (verification.isPending) return <PageLoading />;
  if (verification.isError) {
    return <LoadFailed message={errorText(verification.error)} onRetry={() => void verification.refetch()} />;
  }
  const { transactionDetails: transaction, bookingStatus, bookingStatusCode } = verification.data;
  const isBookingFailed = bookingStatus === BOOKING_FAILED_TEXT;
  return (
    <>
      <Outcome status={transaction.status} amount={transaction.amount} reference={transaction.reference}>
        <p className="mt-2 mb-0">
          {t('payments.confirmation.item')}: <strong>{transaction.order.product.title}</strong> (
          {t('payments.confirmation.seller', { username: transaction.order.seller.username })})
        </p>
        {bookingStatus && (
          // spec §4: the booking status is red when it says 'Failed to book shipment'.
          <p
            className={`mt-2 mb-0 fw-semibold${isBookingFailed ? ' text-danger' : ''}`}
            data-testid="booking-status"
          >
            {bookingStatusCode ? translateMessage(bookingStatusCode) : bookingStatus}
          </p>
        )}
        {transaction.order.shipmentReference && (
          <p className="mt-2 mb-0">
            <Link
              to={`/tracking?${new URLSearchParams({ reference: transaction.order.shipmentReference }).toString()}`}
            >
              {t('shipping.tracking.trackLink')}
            </Link>
          </p>
        )}
      </Outcome>
      <div className="d-flex flex-wrap gap-2">
        {/* A declined payment freed the item: the buyer can go back to its checkout at once (issue 32). */}
        {transaction.status === 'failed' && transaction.order.product.id && (
          <Link
            to={`/checkout?${new URLSearchParams({ product: transaction.order.product.id }).toString()}`}
            className="btn btn-primary"
          >
            {t('common.tryAgain')}
          </Link>
        )}
        <Link to={transactionDetailsPath(transaction.reference)} className="btn btn-primary">
          {t('payments.confirmation.details')}
        </Link>
        <Link to="/payment-history" className="btn btn-outline-primary">
          {t('payments.history.title')}
        </Link>
        {transaction.status !== 'success' && transaction.order.product.id && (
          <Link to={`/product/${transaction.order.product.id}`} className="btn btn-outline-secondary">
            {t('payments.confirmation.backToItem')}
          </Link>
        )}
        <Link to="/" className="btn btn-outline-secondary">
          {t('payments.confirmation.continue')}
        </Link>
      </div>
    </>
  );
}

// Without a session (spec §6: the confirmation is for visitors too): only the status and the amount.
function PublicConfirmation({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const status = useTransactionStatus(reference);
  if (status.isPending) return <PageLoading />;
  if (status.isError) {
    return <LoadFailed message={errorText(status.error)} onRetry={() => void status.refetch()} />;
  }
  return (
    <>
      <Outcome status={status.data.status} amount={status.data.amount} reference={status.data.reference} />
      <Link
        to={`/login?redirect=${encodeURIComponent(transactionDetailsPath(reference))}`}
        className="btn btn-primary"
      >
        {t('payments.confirmation.loginForDetails')}
      </Link>
    </>
  );
}

// spec §2: /confirmationPage?reference=, where the payment provider sends the buyer back.
export function ConfirmationRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { isLoggedIn } = useSession();
  const reference = searchParams.get('reference') ?? '';

  let content;
  if (reference === '') {
    content = (
      <div className="alert alert-warning" role="alert">
        {t('payments.confirmation.noReference')}
      </div>
    );
  } else if (isLoggedIn) {
    content = <VerifiedConfirmation reference={reference} />;
  } else {
    content = <PublicConfirmation reference={reference} />;
  }

  return (
    <section className="container payments-page py-4">
      <title>{`${t('payments.confirmation.title')} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-3">{t('payments.confirmation.title')}</h1>
      {content}
    </section>
  );
}

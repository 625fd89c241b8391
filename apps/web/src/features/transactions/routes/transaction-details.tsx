import { BOOKING_FAILED_TEXT } from '@marketplace/shared/constants';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { PageLoading } from '../../../components/ui/page-loading';
import { TransactionDetails } from '../components/transaction-details';
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
    if (hasFailed)
      toast.error(() => t('errors.TRANSACTION_DETAILS_ERROR'), { id: 'TRANSACTION_DETAILS_ERROR' });
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
    content = (
      <>
        <TransactionDetails
          transaction={transaction}
          variant="page"
          delivery={{
            label: t('payments.details.delivery'),
            // spec §4: red when it says 'Failed to book shipment'.
            value: bookingStatus ? (
              <span className={bookingStatus === BOOKING_FAILED_TEXT ? 'text-danger fw-semibold' : ''}>
                {bookingStatusCode ? translateMessage(bookingStatusCode) : bookingStatus}
              </span>
            ) : null,
          }}
        />
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

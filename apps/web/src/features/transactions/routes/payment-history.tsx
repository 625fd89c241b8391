import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { pageFromSearch } from '../../../lib/page-param';
import { TransactionsList } from '../components/transactions-list';
import '../transactions.scss';

// spec §2: /payment-history (login): the user's transactions, as buyer and as seller, a page at a time.
export function PaymentHistoryRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams);

  function onPageChange(next: number) {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.set('page', String(next));
      return params;
    });
  }

  return (
    <section className="container py-4">
      <title>{`${t('payments.history.title')} · ${t('app.name')}`}</title>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('payments.history.title')}</h1>
        <Link to="/account-summary">{t('payments.summary.title')}</Link>
      </div>
      <TransactionsList page={page} onPageChange={onPageChange} />
    </section>
  );
}

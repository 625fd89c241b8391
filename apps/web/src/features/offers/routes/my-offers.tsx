import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { PageLoading } from '../../../components/ui/page-loading';
import { useOffers } from '../api/get-offers';
import { OfferCard } from '../components/offer-card';

const TABS = ['buying', 'selling'] as const;

// /offers (login only): My offers (decision 061): the offers the user made (buying) or received (selling),
// newest first, each with what they may do now; a page at a time with Load more.
export function MyOffersRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const role = searchParams.get('role') === 'selling' ? 'selling' : 'buying';
  const offers = useOffers({ role });
  const shown = offers.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="container py-4" style={{ maxWidth: '48rem' }}>
      <title>{`${t('offers.myOffers')} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-3">{t('offers.myOffers')}</h1>
      <nav className="nav nav-pills mb-3" aria-label={t('offers.tabsLabel')}>
        {TABS.map((tab) => (
          <Link
            key={tab}
            to={`/offers?role=${tab}`}
            className={`nav-link${tab === role ? ' active' : ''}`}
            aria-current={tab === role ? 'page' : undefined}
          >
            {t(`offers.tabs.${tab}`)}
          </Link>
        ))}
      </nav>
      {offers.isPending ? (
        <PageLoading />
      ) : offers.isLoadingError ? (
        <LoadFailed message={t('offers.loadFailed')} onRetry={() => void offers.refetch()} />
      ) : shown.length === 0 ? (
        <p className="text-body-secondary">{t(`offers.empty.${role}`)}</p>
      ) : (
        <>
          {shown.map((offer) => (
            <OfferCard key={offer.id} offer={offer} showListing />
          ))}
          <LoadMore pages={offers} className="text-center mt-3" />
        </>
      )}
    </section>
  );
}

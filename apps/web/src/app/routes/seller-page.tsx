import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { LoadFailed } from '../../components/ui/load-failed';
import { PageLoading } from '../../components/ui/page-loading';
import { Pager } from '../../components/ui/pager';
import { SellerRatingSummary } from '../../components/ui/star-rating';
import {
  SELLER_PRODUCTS_PAGE_SIZE,
  useSellerProducts,
} from '../../features/products/api/get-seller-products';
import { ProductGrid, ProductGridSkeleton } from '../../features/products/components/product-grid';
import { VerifiedBadge } from '../../features/products/components/trust';
import { useSeller } from '../../features/reviews/api/get-seller';
import { SELLER_REVIEWS_PAGE_SIZE, useSellerReviews } from '../../features/reviews/api/get-seller-reviews';
import { ReviewItem } from '../../features/reviews/components/review-item';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format-date';
import { pageFromSearch } from '../../lib/page-param';
import { useSession } from '../../lib/session';
import '../../features/products/products.scss';
import '../../features/reviews/reviews.scss';

type PageOf<Item> = { items: Item[]; total: number };

type PagedListProps<Item> = {
  // One page of the list (a TanStack query): loading, failed, or its items and the total.
  query: { isPending: boolean; isError: boolean; data?: PageOf<Item>; refetch: () => unknown };
  loading: ReactNode;
  failedText: string;
  empty: ReactNode;
  page: number;
  pageSize: number;
  pagerLabel: string;
  onPage: (page: number) => void;
  children: (items: Item[]) => ReactNode;
};

// A list of the seller's, a page at a time: loading, failed (with Try again), empty, or its items and pager.
function PagedList<Item>({
  query,
  loading,
  failedText,
  empty,
  page,
  pageSize,
  pagerLabel,
  onPage,
  children,
}: PagedListProps<Item>) {
  if (query.isError) return <LoadFailed message={failedText} onRetry={() => void query.refetch()} />;
  if (query.isPending || !query.data) return loading;
  if (query.data.items.length === 0) return <p className="text-body-secondary">{empty}</p>;
  return (
    <>
      {children(query.data.items)}
      <Pager
        page={page}
        pageSize={pageSize}
        total={query.data.total}
        label={pagerLabel}
        onPageChange={onPage}
      />
    </>
  );
}

type SellerListProps = { username: string; page: number; onPage: (page: number) => void };

function SellerListings({ username, page, onPage }: SellerListProps) {
  const { t } = useTranslation();
  const listings = useSellerProducts(username, page);
  return (
    <PagedList
      query={listings}
      loading={<ProductGridSkeleton count={4} />}
      failedText={t('seller.listingsLoadFailed')}
      empty={t('seller.noListings', { username })}
      page={page}
      pageSize={SELLER_PRODUCTS_PAGE_SIZE}
      pagerLabel={t('seller.listingsPager')}
      onPage={onPage}
    >
      {(products) => <ProductGrid products={products} />}
    </PagedList>
  );
}

function SellerReviews({ username, page, onPage }: SellerListProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const reviews = useSellerReviews(username, page);
  const isSeller = user?.username.toLowerCase() === username.toLowerCase();
  return (
    <PagedList
      query={reviews}
      loading={<PageLoading />}
      failedText={t('seller.reviewsLoadFailed')}
      empty={t('reviews.noReviews')}
      page={page}
      pageSize={SELLER_REVIEWS_PAGE_SIZE}
      pagerLabel={t('seller.reviewsPager')}
      onPage={onPage}
    >
      {(items) =>
        items.map((review) => (
          <ReviewItem key={review.id} review={review} sellerUsername={username} canReply={isSeller} />
        ))
      }
    </PagedList>
  );
}

// The public seller page /seller/:username (issue #14, decision 026): who they are, since when, bank
// verified, their rating and reviews, and their listings buyers can see. Never their e-mail or phone.
// Each list keeps its own page in the address: ?listings=2&reviews=3.
export function SellerPage() {
  const { t } = useTranslation();
  const { username = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const seller = useSeller(username);
  const setPage = (name: 'listings' | 'reviews') => (page: number) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set(name, String(page));
      return next;
    });

  if (seller.isPending) return <PageLoading />;
  if (seller.isError) {
    if (seller.error instanceof ApiError && seller.error.status === 404) {
      return (
        <section className="container py-5 text-center">
          <title>{`${t('seller.notFoundTitle')} · ${t('app.name')}`}</title>
          <h1 className="h3">{t('seller.notFoundTitle')}</h1>
          <p className="lead">{t('seller.notFoundText')}</p>
          <Link to="/" className="btn btn-primary">
            {t('common.goHome')}
          </Link>
        </section>
      );
    }
    return (
      <div className="container py-5">
        <LoadFailed message={t('seller.loadFailed')} onRetry={() => void seller.refetch()} />
      </div>
    );
  }

  const profile = seller.data;
  return (
    <article className="container py-3 py-md-4">
      <title>{`${profile.username} · ${t('app.name')}`}</title>
      <header className="d-flex align-items-center gap-3 mb-4">
        <Avatar name={profile.username} pictureUrl={profile.profilePicture} size={64} />
        <div className="min-w-0">
          <h1 className="h3 mb-1">
            {profile.username} {profile.isVerified && <VerifiedBadge />}
          </h1>
          <p className="small text-body-secondary mb-1">
            {t('trust.memberSince', { date: formatDate(profile.memberSince) })}
          </p>
          <SellerRatingSummary average={profile.rating.average} count={profile.rating.count} />
        </div>
      </header>
      {profile.bio && <p className="preserve-lines">{profile.bio}</p>}
      <section className="mb-5" aria-labelledby="seller-listings">
        <h2 id="seller-listings" className="h4 mb-3">
          {t('seller.listingsTitle', { username: profile.username })}
        </h2>
        <SellerListings
          username={profile.username}
          page={pageFromSearch(searchParams, 'listings')}
          onPage={setPage('listings')}
        />
      </section>
      <section aria-labelledby="seller-reviews">
        <h2 id="seller-reviews" className="h4 mb-2">
          {t('seller.reviewsTitle')}
        </h2>
        <SellerReviews
          username={profile.username}
          page={pageFromSearch(searchParams, 'reviews')}
          onPage={setPage('reviews')}
        />
      </section>
    </article>
  );
}

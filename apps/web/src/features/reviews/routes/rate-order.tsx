import { useTranslation } from '../../../i18n/use-translation';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { StarRating } from '../../../components/ui/star-rating';
import { ApiError } from '../../../lib/api-client';
import { useOrderReview } from '../api/get-order-review';
import { ReviewForm } from '../components/review-form';
import '../reviews.scss';

// Rate the seller (issue #14, decision 026): /orders/:orderId/review, from the buyer's orders tab. The form
// while the order may be rated; the review once written; why not yet, before delivery or collection.
export function RateOrderRoute() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const orderReview = useOrderReview(orderId);
  const backLink = (
    <Link to="/profile?tab=orders" className="btn btn-outline-secondary btn-sm">
      {t('reviews.backToOrders')}
    </Link>
  );

  let content;
  if (orderReview.isPending) {
    content = <PageLoading />;
  } else if (orderReview.isError) {
    const isMissing = orderReview.error instanceof ApiError && orderReview.error.status === 404;
    content = isMissing ? (
      <p className="alert alert-danger" role="alert">
        {t('reviews.notFound')}
      </p>
    ) : (
      <LoadFailed message={t('reviews.loadFailed')} onRetry={() => void orderReview.refetch()} />
    );
  } else {
    const { order, review, canReview } = orderReview.data;
    content = (
      <>
        <p>{t('reviews.rateIntro', { title: order.productTitle, seller: order.seller.username })}</p>
        {review ? (
          <div className="card card-body mb-3" role="status">
            <h2 className="h6">{t('reviews.yourReview')}</h2>
            <p className="mb-1">
              <StarRating rating={review.rating} />
            </p>
            <p className="mb-2 preserve-lines">{review.text}</p>
            <Link to={`/seller/${encodeURIComponent(order.seller.username)}`}>
              {t('seller.viewPage', { username: order.seller.username })}
            </Link>
          </div>
        ) : canReview ? (
          <ReviewForm orderId={order.id} />
        ) : (
          <p className="alert alert-info">{t('errors.REVIEW_NOT_YET')}</p>
        )}
      </>
    );
  }

  return (
    <section className="container py-3 py-md-4">
      <title>{`${t('reviews.rateSeller')} · ${t('app.name')}`}</title>
      <div className="row">
        <div className="col-12 col-lg-8">
          <h1 className="h3 mb-3">{t('reviews.rateSeller')}</h1>
          {content}
          <div className="mt-3">{backLink}</div>
        </div>
      </div>
    </section>
  );
}

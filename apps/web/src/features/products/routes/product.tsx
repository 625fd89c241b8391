import { useTranslation } from '../../../i18n/use-translation';
import { Link, useParams } from 'react-router';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { LoadFailed } from '../../../components/ui/load-failed';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { useProduct } from '../api/get-product';
import { PriceTag } from '../components/price-tag';
import { HiddenForReviewNotice } from '../components/hidden-for-review';
import { ProductActions } from '../components/product-actions';
import { ProductGallery } from '../components/product-gallery';
import { ProductGrid } from '../components/product-grid';
import { ProductPageSkeleton } from '../components/product-page-skeleton';
import { SellerCard } from '../components/seller-card';
import { StatusBadge } from '../components/status-badge';
import { SafetyTips } from '../components/trust';
import { useProductSlots } from '../slots';
import '../products.scss';
import { useSiteConfig } from '../../../lib/site-config';

function ProductNotFound() {
  const { t } = useTranslation();
  return (
    <section className="container py-5 text-center">
      <title>{`${t('product.notFoundTitle')} · ${t('app.name')}`}</title>
      <h1 className="h3">{t('product.notFoundTitle')}</h1>
      <p className="lead">{t('product.notFoundText')}</p>
      <Link to="/" className="btn btn-primary">
        {t('common.goHome')}
      </Link>
    </section>
  );
}

// What only the owner sees: where the listing stands in moderation, why it was rejected, or why reports hid it.
function OwnerPanel({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-light border mb-3" role="status">
      <p className="mb-2">
        {t('product.ownerNotice')} <StatusBadge status={product.status} isSold={product.isSold} />
      </p>
      {product.hiddenForReview && <HiddenForReviewNotice hidden={product.hiddenForReview} />}
      {product.status === 'rejected' && product.rejectionReason && (
        <p className="mb-2 text-danger">
          {t('product.rejectionReason', { reason: product.rejectionReason })}
        </p>
      )}
      <Link to={`/my-products/${product.id}/edit`} className="btn btn-sm btn-outline-primary">
        {t('myProducts.edit')}
      </Link>
    </div>
  );
}

// A video's poster: no frame can be taken from it (no ffmpeg on the server, video-metadata.ts), and the
// main photo again would pass for a second picture; so a neutral frame with a play sign (decision 056).
const VIDEO_POSTER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><rect width="320" height="180" fill="#1f2d26"/>' +
    '<circle cx="160" cy="90" r="34" fill="#fbfcf9" fill-opacity=".9"/><path d="M149 72v36l30-18z" fill="#1f2d26"/></svg>',
)}`;

function ProductView({ product }: { product: ProductDetail }) {
  const siteConfig = useSiteConfig();
  const { t } = useTranslation();
  const { DonationRequestsPanel, ReportListing, SaveButton } = useProductSlots();
  const { user } = useSession();
  const isOwner = user?.id === product.uploader.id;

  return (
    <article className="container py-3 py-md-4">
      <title>{`${product.title} · ${t('app.name')}`}</title>
      <div className="row g-4">
        <div className="col-12 col-lg-6">
          <ProductGallery
            key={product.id}
            images={product.images}
            media={product.media}
            primaryImageIndex={product.primaryImageIndex}
            title={product.title}
          />
        </div>
        <div className="col-12 col-lg-6">
          {isOwner && <OwnerPanel product={product} />}
          <h1 className="h3 mb-2">{product.title}</h1>
          {product.isSold && (
            <p className="mb-2">
              <StatusBadge status={product.status} isSold /> {t('product.soldNote')}
            </p>
          )}
          <p className="fs-4 mb-3">
            <PriceTag product={product} />
          </p>
          {!isOwner && <ProductActions product={product} />}
          {/* Buyer protection (decision 058): said where the buyer decides to pay. */}
          {!isOwner && product.tag !== 'Donate' && !product.isSold && siteConfig.data?.buyerProtection && (
            <p className="small text-body-secondary mb-3">{t('protection.heldNote')}</p>
          )}
          {isOwner && product.tag === 'Donate' && DonationRequestsPanel && (
            <DonationRequestsPanel productId={product.id} />
          )}
          {!isOwner && SaveButton && (
            <div className="mb-3">
              <SaveButton product={product} variant="page" />
            </div>
          )}
          <dl className="row small mb-3">
            <dt className="col-5 col-sm-4">{t('product.condition')}</dt>
            <dd className="col-7 col-sm-8">{t(`listings.condition.${product.condition}`)}</dd>
            <dt className="col-5 col-sm-4">{t('product.category')}</dt>
            <dd className="col-7 col-sm-8">{t(`listings.category.${product.category}`)}</dd>
            <dt className="col-5 col-sm-4">{t('product.location')}</dt>
            <dd className="col-7 col-sm-8">{product.location}</dd>
            <dt className="col-5 col-sm-4">{t('trust.posted')}</dt>
            <dd className="col-7 col-sm-8">
              <time dateTime={product.createdAt}>{formatDate(product.createdAt)}</time>
            </dd>
          </dl>
          <TextSection
            id="product-specification"
            title={t('product.specification')}
            text={product.specification}
          />
          <TextSection id="product-description" title={t('product.description')} text={product.description} />
          {/* After the details: on a phone the title, the price and Buy stay on the first screen. */}
          {product.videoUrl && (
            <video
              className="product-video w-100 mb-3"
              src={product.videoUrl}
              poster={VIDEO_POSTER}
              controls
              preload="none"
              playsInline
              aria-label={t('product.video', { title: product.title })}
            />
          )}
          <SellerCard seller={product.uploader} />
          {!isOwner && (
            <>
              <SafetyTips />
              {ReportListing && <ReportListing productId={product.id} productTitle={product.title} />}
            </>
          )}
        </div>
      </div>
      {product.relatedProducts.length > 0 && (
        <section className="mt-5 render-when-near" aria-labelledby="related-products">
          <h2 id="related-products" className="h4 mb-3">
            {t('product.moreFromSeller', { username: product.uploader.username })}
          </h2>
          {/* Below a phone's first screen: its pictures wait for the app to start (decision 071). */}
          <ProductGrid products={product.relatedProducts} afterStartFrom={0} />
        </section>
      )}
    </article>
  );
}

// A titled block of the seller's own text, its line breaks kept.
function TextSection({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <section className="mb-3" aria-labelledby={id}>
      <h2 id={id} className="h6">
        {title}
      </h2>
      <p className="preserve-lines">{text}</p>
    </section>
  );
}

// spec §2: /product/:id, for visitors too.
export function ProductRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const product = useProduct(id);

  // Also while a failed load is asked for again (Try again; a signed-in owner's listing the server drew as
  // not found, app/start.tsx).
  if (product.isPending || (product.isError && product.isFetching)) return <ProductPageSkeleton />;
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404) return <ProductNotFound />;
    return (
      <div className="container py-5">
        <LoadFailed message={t('product.loadFailed')} onRetry={() => void product.refetch()} />
      </div>
    );
  }
  return <ProductView product={product.data} />;
}

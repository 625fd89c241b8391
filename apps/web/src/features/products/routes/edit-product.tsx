import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { PRICE_CATEGORIES } from '@marketplace/shared/constants';
import {
  REVIEWED_FIELDS,
  type ProductDetail,
  type ProductEditInput,
} from '@marketplace/shared/schemas/products';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api-client';
import { smallestPictureUrl } from '../../../lib/product-media';
import { useSession } from '../../../lib/session';
import type { NewListing } from '../api/create-product';
import { useProduct } from '../api/get-product';
import { useUpdateProduct } from '../api/update-product';
import { ProductForm } from '../components/product-form';
import type { ProductFormInitial } from '../components/product-form-rules';
import '../products.scss';

function toInitial(product: ProductDetail): ProductFormInitial {
  return {
    title: product.title,
    description: product.description,
    specification: product.specification,
    category: product.category,
    condition: product.condition,
    price: product.price,
    priceCategory: product.priceCategory,
    images: product.images.map((url, index) => ({
      url,
      previewUrl: smallestPictureUrl(product.media, url),
      name: `${product.title} ${index + 1}`,
    })),
    primaryImageIndex: product.primaryImageIndex,
    video: product.videoUrl
      ? { url: product.videoUrl, previewUrl: product.videoUrl, name: product.title }
      : null,
  };
}

// Only what changed is sent: an untouched title or picture does not send the listing back to review.
export function listingChanges(product: ProductDetail, listing: NewListing): ProductEditInput {
  const changes: ProductEditInput = {};
  if (listing.title !== product.title) changes.title = listing.title;
  if (listing.description !== product.description) changes.description = listing.description;
  if (listing.specification !== product.specification) changes.specification = listing.specification;
  if (listing.category !== product.category) changes.category = listing.category;
  if (listing.condition !== product.condition) changes.condition = listing.condition;
  const priceCategory = PRICE_CATEGORIES.find((range) => range === listing.priceCategory);
  if (typeof listing.price === 'number' && priceCategory) {
    // The two are checked together (the price must be in its range), so they travel together.
    if (listing.price !== product.price || priceCategory !== product.priceCategory) {
      changes.price = listing.price;
      changes.priceCategory = priceCategory;
    }
  }
  if (listing.images.join(',') !== product.images.join(',')) {
    changes.images = listing.images;
    changes.primaryImageIndex = listing.primaryImageIndex;
  } else if (listing.primaryImageIndex !== product.primaryImageIndex) {
    changes.primaryImageIndex = listing.primaryImageIndex;
  }
  if ((listing.video ?? null) !== product.videoUrl) changes.video = listing.video ?? null;
  return changes;
}

// Whether saving these changes hides an approved listing until it is approved again (docs/decisions/006).
export function sendsBackToReview(product: ProductDetail, changes: ProductEditInput): boolean {
  return product.status === 'approved' && REVIEWED_FIELDS.some((field) => field in changes);
}

// /my-products/:id/edit (login): the upload form, filled in, sent with PUT /api/myProducts/{id}.
export function EditProductRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { user } = useSession();
  const product = useProduct(id);
  const updateProduct = useUpdateProduct();
  // The seller is asked before a save takes an approved listing off the shop; the answer settles the save.
  const [isAskingReview, setAskingReview] = useState(false);
  const answerReview = useRef<(confirmed: boolean) => void>(() => {});
  function confirmReview(): Promise<boolean> {
    setAskingReview(true);
    return new Promise((resolve) => {
      answerReview.current = (confirmed) => {
        setAskingReview(false);
        resolve(confirmed);
      };
    });
  }

  let content;
  if (product.isPending) {
    content = <PageLoading />;
  } else if (product.isError || product.data.uploader.id !== user?.id) {
    const isMissing = !product.isError || (product.error instanceof ApiError && product.error.status === 404);
    content = (
      <div className="alert alert-warning" role="alert">
        <p>{isMissing ? t('product.notFoundText') : t('product.loadFailed')}</p>
        <Link to="/my-products" className="btn btn-outline-secondary">
          {t('myProducts.back')}
        </Link>
      </div>
    );
  } else {
    const current = product.data;
    content = (
      <ProductForm
        key={current.id}
        mode={current.tag === 'Donate' ? 'donate' : 'sell'}
        location={current.location}
        initial={toInitial(current)}
        submitLabel={t('myProducts.save')}
        isPending={updateProduct.isPending}
        onSubmit={async (listing) => {
          const changes = listingChanges(current, listing);
          if (Object.keys(changes).length === 0) {
            toast.info(() => t('myProducts.noChanges'));
          } else {
            if (sendsBackToReview(current, changes) && !(await confirmReview())) return;
            // The success toast is the server's message: 'Product updated.' or '... sent back for approval.'
            await updateProduct.mutateAsync({ id: current.id, changes });
          }
          void navigate('/my-products', { state: { focusHeading: true } });
        }}
      />
    );
  }

  return (
    <div className="container py-3 py-md-4 upload-page">
      <title>{`${t('myProducts.editTitle')} · ${t('app.name')}`}</title>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('myProducts.editTitle')}</h1>
        <Link to="/my-products" className="btn btn-outline-secondary btn-sm">
          {t('myProducts.back')}
        </Link>
      </div>
      {content}
      {isAskingReview && (
        <ConfirmDialog
          title={t('myProducts.reviewTitle')}
          confirmLabel={t('myProducts.reviewConfirm')}
          onConfirm={() => answerReview.current(true)}
          onCancel={() => answerReview.current(false)}
        >
          <p className="mb-0">{t('myProducts.reviewText')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

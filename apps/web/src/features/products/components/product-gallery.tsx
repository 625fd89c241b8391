import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { GALLERY_IMAGE_SIZES } from '@marketplace/shared/constants';
import type { ProductMedia } from '@marketplace/shared/schemas/products';
import { ResponsiveImage } from './responsive-image';

// The full-screen viewer loads when a buyer opens it.
const PictureViewer = lazy(() =>
  import('./picture-viewer').then((module) => ({ default: module.PictureViewer })),
);

type ProductGalleryProps = {
  images: string[];
  media: readonly ProductMedia[];
  primaryImageIndex: number;
  title: string;
};

// The primary picture first, then the others in the seller's order.
export function orderedImages(images: string[], primaryImageIndex: number): string[] {
  const primary = images[primaryImageIndex];
  if (!primary) return images;
  return [primary, ...images.filter((_, index) => index !== primaryImageIndex)];
}

export function ProductGallery({ images, media, primaryImageIndex, title }: ProductGalleryProps) {
  const { t } = useTranslation();
  const ordered = orderedImages(images, primaryImageIndex);
  const [selectedIndex, setSelectedIndex] = useState(0);
  const [isViewerOpen, setIsViewerOpen] = useState(false);
  const selected = ordered[selectedIndex] ?? ordered[0];

  if (!selected) {
    return <div className="ratio ratio-4x3 product-gallery-main product-image-missing" aria-hidden="true" />;
  }
  return (
    <div className="product-gallery">
      <div className="ratio ratio-4x3 product-gallery-main mb-2">
        <button
          type="button"
          className="product-gallery-open"
          aria-label={t('gallery.open', { number: selectedIndex + 1, count: ordered.length })}
          onClick={() => setIsViewerOpen(true)}
        >
          <ResponsiveImage url={selected} media={media} alt={title} sizes={GALLERY_IMAGE_SIZES} isPriority />
        </button>
      </div>
      {isViewerOpen && (
        <Suspense fallback={null}>
          <PictureViewer
            images={ordered}
            media={media}
            title={title}
            startIndex={selectedIndex}
            onClose={(index) => {
              setSelectedIndex(index);
              setIsViewerOpen(false);
            }}
          />
        </Suspense>
      )}
      {ordered.length > 1 && (
        <ul className="product-gallery-thumbs list-unstyled d-flex gap-2 mb-0">
          {ordered.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                className="product-gallery-thumb"
                aria-pressed={index === selectedIndex}
                aria-label={t('product.showImage', { number: index + 1, count: ordered.length })}
                onClick={() => setSelectedIndex(index)}
              >
                <ResponsiveImage url={image} media={media} alt="" sizes="72px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductMedia } from '@marketplace/shared/schemas/products';
import { ResponsiveImage } from './responsive-image';

// The picture column is full width on phones and half the container from lg.
const MAIN_SIZES = '(min-width: 1400px) 636px, (min-width: 1200px) 546px, (min-width: 992px) 456px, 100vw';

type ProductGalleryProps = { images: string[]; media: readonly ProductMedia[]; primaryImageIndex: number; title: string };

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
  const selected = ordered[selectedIndex] ?? ordered[0];

  if (!selected) {
    return <div className="ratio ratio-4x3 product-gallery-main product-image-missing" aria-hidden="true" />;
  }
  return (
    <div className="product-gallery">
      <div className="ratio ratio-4x3 product-gallery-main mb-2">
        <ResponsiveImage url={selected} media={media} alt={title} sizes={MAIN_SIZES} isPriority />
      </div>
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

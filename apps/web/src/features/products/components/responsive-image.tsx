import type { ProductMedia } from '@marketplace/shared/schemas/products';
import { mediaFor } from '../../../lib/product-media';

type ResponsiveImageProps = {
  // The picture's URL as the reply names it (`primaryImage`, an entry of `images`).
  url: string;
  // The reply's `media`, where the picture's sizes are found by its URL.
  media: readonly ProductMedia[];
  alt: string;
  // How wide the picture is drawn at each breakpoint, so the browser fetches the smallest file that fits.
  sizes: string;
  isPriority?: boolean;
  // Below a phone's first screen: fetched once the app has started (decision 071).
  isAfterStart?: boolean;
  className?: string;
};

// A listing picture from its WebP variants (320, 640, 1280 px, and its own width up to 1,600 px). Lazy unless it is the page's main
// picture; width and height give the browser its shape before it arrives, so nothing jumps.
export function ResponsiveImage({
  url,
  media,
  alt,
  sizes,
  isPriority = false,
  isAfterStart = false,
  className,
}: ResponsiveImageProps) {
  const image = mediaFor(media, url);
  const variants = [...(image?.variants ?? [])].sort((a, b) => a.width - b.width);
  const srcSet = variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
  return (
    <img
      src={variants[0]?.url ?? url}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={image?.width ?? undefined}
      height={image?.height ?? undefined}
      alt={alt}
      loading={isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : undefined}
      decoding="async"
      className={isAfterStart ? `picture-after-start ${className ?? ''}`.trim() : className}
    />
  );
}

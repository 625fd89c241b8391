import type { ProductImage } from '@marketplace/shared/schemas/products';

type ResponsiveImageProps = {
  image: ProductImage;
  alt: string;
  // How wide the picture is drawn at each breakpoint, so the browser fetches the smallest file that fits.
  sizes: string;
  isPriority?: boolean;
  className?: string;
};

// A listing picture from its WebP variants (320, 640, 1280 px). Lazy unless it is the page's main
// picture; width and height give the browser its shape before it arrives, so nothing jumps.
export function ResponsiveImage({ image, alt, sizes, isPriority = false, className }: ResponsiveImageProps) {
  const variants = [...image.variants].sort((a, b) => a.width - b.width);
  const srcSet = variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
  return (
    <img
      src={variants[0]?.url ?? image.url}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      alt={alt}
      loading={isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}

import type { ProductMedia } from '@marketplace/shared/schemas/products';

// A product reply names its pictures by URL (spec §3) and keeps their sizes in `media`, keyed by the same
// URL (docs/decisions/013). A picture without an entry is shown from its URL alone.
export function mediaFor(media: readonly ProductMedia[], url: string): ProductMedia | undefined {
  return media.find((entry) => entry.url === url);
}

// The smallest file of a picture: its smallest variant, else the URL itself.
export function smallestPictureUrl(media: readonly ProductMedia[], url: string): string {
  const variants = [...(mediaFor(media, url)?.variants ?? [])].sort(
    (first, second) => first.width - second.width,
  );
  return variants[0]?.url ?? url;
}

import { useTranslation } from '../../i18n/use-translation';
import { REVIEW_MAX_RATING } from '@marketplace/shared/constants';
import { formatNumber } from '../../lib/format-number';
import { StarIcon } from './icons';

// A rating shown as stars (read only): the stars are drawn for the eye, the words are read out.
export function StarRating({ rating, size = 16 }: { rating: number; size?: number }) {
  const { t } = useTranslation();
  const rounded = Math.round(rating);
  const value = formatNumber(rating);
  return (
    <span className="star-rating d-inline-flex align-items-center">
      <span className="d-inline-flex" aria-hidden="true">
        {Array.from({ length: REVIEW_MAX_RATING }, (_, index) => (
          <StarIcon key={index} size={size} isFilled={index < rounded} />
        ))}
      </span>
      <span className="visually-hidden">{t('reviews.ratingValue', { rating: value })}</span>
    </span>
  );
}

// A seller's average and count: '★★★★☆ 4.3 (12 reviews)', or 'No reviews yet'.
export function SellerRatingSummary({ average, count }: { average: number | null; count: number }) {
  const { t } = useTranslation();
  if (average === null || count === 0)
    return <span className="small text-body-secondary">{t('reviews.noReviews')}</span>;
  const value = formatNumber(average, { oneDecimal: true });
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-1 small">
      <StarRating rating={average} />
      <span aria-hidden="true" className="fw-semibold">
        {value}
      </span>
      <span className="text-body-secondary">{t('reviews.count', { count })}</span>
    </span>
  );
}

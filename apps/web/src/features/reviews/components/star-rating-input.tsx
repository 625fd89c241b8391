import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { REVIEW_MAX_RATING, REVIEW_MIN_RATING } from '@marketplace/shared/constants';
import { FieldError } from '../../../components/ui/field-error';
import { StarIcon } from '../../../components/ui/icons';

type StarRatingInputProps = {
  value: number | null;
  onChange: (rating: number) => void;
  // A message code of the shared rules, shown in the reader's language.
  error?: string | undefined;
};

const RATINGS = Array.from(
  { length: REVIEW_MAX_RATING - REVIEW_MIN_RATING + 1 },
  (_, index) => REVIEW_MIN_RATING + index,
);

// 1 to 5 stars as a radio group (decision 026): native radios, so arrow keys move between the stars and a
// screen reader reads '4 stars, radio, 4 of 5'; the stars up to the chosen one are filled.
export function StarRatingInput({ value, onChange, error }: StarRatingInputProps) {
  const { t } = useTranslation();
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="mb-3" aria-describedby={error ? errorId : undefined}>
      <legend className="form-label fs-6">{t('reviews.stars')}</legend>
      <div className="star-input d-inline-flex gap-1">
        {RATINGS.map((rating) => (
          <span key={rating}>
            <input
              className="visually-hidden"
              type="radio"
              name={name}
              id={`${name}-${rating}`}
              value={rating}
              checked={value === rating}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(rating)}
            />
            <label
              htmlFor={`${name}-${rating}`}
              className={`star-input-label${value !== null && rating <= value ? ' is-on' : ''}`}
            >
              <StarIcon size={32} isFilled={value !== null && rating <= value} />
              <span className="visually-hidden">{t('reviews.starLabel', { count: rating })}</span>
            </label>
          </span>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

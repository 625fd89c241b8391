import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_TEXT_MAX_LENGTH } from '@marketplace/shared/constants';
import { ReviewInputSchema } from '@marketplace/shared/schemas/reviews';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorText } from '../../../lib/server-message';
import { useCreateReview } from '../api/create-review';
import { StarRatingInput } from './star-rating-input';

// The buyer's review of the seller: stars and a short text, checked by the shared rules before it is sent.
export function ReviewForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});
  const create = useCreateReview();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = ReviewInputSchema.safeParse({ rating: rating ?? undefined, text });
    if (!checked.success) {
      const messageOf = (field: 'rating' | 'text') => {
        const issue = checked.error.issues.find((candidate) => candidate.path[0] === field);
        return issue ? t(`errors.${issue.message}` as 'errors.REVIEW_TEXT_REQUIRED') : undefined;
      };
      setErrors({ rating: messageOf('rating'), text: messageOf('text') });
      return;
    }
    setErrors({});
    create.mutate({ orderId, review: checked.data });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <StarRatingInput
        value={rating}
        error={errors.rating}
        onChange={(value) => {
          setRating(value);
          setErrors((current) => ({ ...current, rating: undefined }));
        }}
      />
      <TextAreaField
        label={t('reviews.textLabel')}
        hint={t('reviews.textHint', { max: REVIEW_TEXT_MAX_LENGTH })}
        error={errors.text}
        rows={4}
        maxLength={REVIEW_TEXT_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {create.isError && (
        <div className="alert alert-danger" role="alert">
          {errorText(create.error)}
        </div>
      )}
      <SubmitButton isPending={create.isPending} className="btn btn-primary">
        {t('reviews.submit')}
      </SubmitButton>
    </form>
  );
}

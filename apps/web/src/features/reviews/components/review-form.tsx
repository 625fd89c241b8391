import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
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
  const create = useCreateReview();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ReviewInputSchema), defaultValues: { rating: undefined, text: '' } });

  const onSubmit = handleSubmit((review) => create.mutate({ orderId, review }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput
            value={typeof field.value === 'number' ? field.value : null}
            error={errors.rating?.message}
            onChange={field.onChange}
          />
        )}
      />
      <TextAreaField
        label={t('reviews.textLabel')}
        hint={t('reviews.textHint', { max: REVIEW_TEXT_MAX_LENGTH })}
        error={errors.text?.message}
        rows={4}
        maxLength={REVIEW_TEXT_MAX_LENGTH}
        {...register('text')}
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

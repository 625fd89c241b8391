import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { REVIEW_TEXT_MAX_LENGTH } from '@marketplace/shared/constants';
import { ReviewReplyInputSchema, type Review } from '@marketplace/shared/schemas/reviews';
import { StarRating } from '../../../components/ui/star-rating';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { formatDate } from '../../../lib/format-date';
import { errorText } from '../../../lib/server-message';
import { useReplyToReview } from '../api/reply-to-review';

// The seller's one answer to a review, written under it.
function ReplyForm({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation();
  const reply = useReplyToReview();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ReviewReplyInputSchema), defaultValues: { text: '' } });

  const onSubmit = handleSubmit((values) => reply.mutate({ reviewId, reply: values }));

  return (
    <form onSubmit={onSubmit} noValidate className="mt-2">
      <TextAreaField
        label={t('reviews.replyLabel')}
        hint={t('reviews.replyHint')}
        error={errors.text?.message}
        rows={2}
        maxLength={REVIEW_TEXT_MAX_LENGTH}
        {...register('text')}
        className="mb-2"
      />
      {reply.isError && (
        <div className="alert alert-danger py-2" role="alert">
          {errorText(reply.error)}
        </div>
      )}
      <SubmitButton isPending={reply.isPending} className="btn btn-outline-primary btn-sm">
        {t('reviews.replySubmit')}
      </SubmitButton>
    </form>
  );
}

// One review: stars, the buyer, the item, the text, and the seller's answer (or, for the seller, the form).
export function ReviewItem({
  review,
  sellerUsername,
  canReply,
}: {
  review: Review;
  sellerUsername: string;
  canReply: boolean;
}) {
  const { t } = useTranslation();
  return (
    <article className="border-bottom py-3">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <StarRating rating={review.rating} />
        <span className="fw-semibold text-break">{review.buyer.username}</span>
        <span className="small text-body-secondary">
          <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        </span>
      </div>
      <p className="small text-body-secondary mb-1">{t('reviews.forItem', { title: review.productTitle })}</p>
      <p className="mb-1 preserve-lines">{review.text}</p>
      {review.reply !== null ? (
        <div className="review-reply ps-3 mt-2">
          <p className="small fw-semibold mb-1">{t('reviews.sellerAnswer', { seller: sellerUsername })}</p>
          <p className="small mb-0 preserve-lines">{review.reply}</p>
        </div>
      ) : (
        canReply && <ReplyForm reviewId={review.id} />
      )}
    </article>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatNaira } from '@marketplace/shared/money';
import { counterFormSchema, type Offer } from '@marketplace/shared/schemas/offers';
import { checkoutPath } from '../../../lib/cart';
import { formatDateTime } from '../../../lib/format-date';
import { useAnswerOffer } from '../api/answer-offer';
import { OfferAmountForm } from './offer-amount-form';

const BADGE: Record<Offer['status'], string> = {
  pending: 'text-bg-warning',
  countered: 'text-bg-info',
  accepted: 'text-bg-success',
  completed: 'text-bg-success',
  declined: 'text-bg-secondary',
  withdrawn: 'text-bg-secondary',
  expired: 'text-bg-secondary',
  ended: 'text-bg-secondary',
};

// One offer and what the reader may do with it now (decision 061): the seller answers a pending offer
// (accept, decline, counter), the buyer a counter (accept, decline); the buyer may withdraw while it is
// open, and pays the agreed price once it is accepted.
export function OfferCard({ offer, showListing = false }: { offer: Offer; showListing?: boolean }) {
  const { t } = useTranslation();
  const answer = useAnswerOffer();
  const [isCountering, setIsCountering] = useState(false);
  const isBuyer = offer.role === 'buyer';
  const isMyTurn = isBuyer ? offer.status === 'countered' : offer.status === 'pending';
  const onTheTable = offer.status === 'countered' ? (offer.counterAmount ?? offer.amount) : offer.amount;
  const act = (action: 'accept' | 'decline' | 'withdraw') => answer.mutate({ id: offer.id, action });

  return (
    <article
      className="card mb-2 offer-card"
      aria-label={t('offers.cardLabel', { title: offer.product.title })}
    >
      <div className="card-body p-3">
        <div className="d-flex justify-content-between align-items-start gap-2 mb-1">
          <h2 className="h6 mb-0 text-break">
            {showListing ? (
              <Link to={`/product/${offer.product.id}`}>{offer.product.title}</Link>
            ) : (
              t('offers.title')
            )}
          </h2>
          <span className={`badge ${BADGE[offer.status]}`}>{t(`offers.status.${offer.status}`)}</span>
        </div>
        <p className="mb-1 text-break">
          {isBuyer
            ? t('offers.yourOffer', { amount: formatNaira(offer.amount) })
            : t('offers.theirOffer', { username: offer.buyer.username, amount: formatNaira(offer.amount) })}
          {offer.listedPrice !== null && (
            <span className="text-body-secondary">
              {' '}
              · {t('offers.listed', { price: formatNaira(offer.listedPrice) })}
            </span>
          )}
        </p>
        {offer.counterAmount !== null && (
          <p className="mb-1">{t('offers.counter', { amount: formatNaira(offer.counterAmount) })}</p>
        )}
        {offer.agreedAmount !== null && offer.status === 'accepted' && offer.holdExpiresAt && (
          <p className="mb-1 fw-bold">
            {t('offers.agreed', {
              amount: formatNaira(offer.agreedAmount),
              time: formatDateTime(offer.holdExpiresAt),
            })}
          </p>
        )}
        {(offer.status === 'pending' || offer.status === 'countered') && (
          <p className="small text-body-secondary mb-2">
            {t(isMyTurn ? 'offers.answerBy' : 'offers.waitingUntil', {
              time: formatDateTime(offer.expiresAt),
            })}
          </p>
        )}

        {isCountering ? (
          <OfferAmountForm
            schema={counterFormSchema(offer.amount, offer.listedPrice ?? 0)}
            label={t('offers.counterLabel')}
            hint={t('offers.counterHint', {
              min: formatNaira(offer.amount + 1),
              max: formatNaira((offer.listedPrice ?? 1) - 1),
            })}
            submitLabel={t('offers.sendCounter')}
            isPending={answer.isPending}
            onSubmit={(amount) =>
              answer.mutate(
                { id: offer.id, action: 'counter', amount },
                { onSuccess: () => setIsCountering(false) },
              )
            }
            onCancel={() => setIsCountering(false)}
          />
        ) : (
          <div className="d-flex flex-wrap gap-2">
            {isMyTurn && (
              <>
                <button
                  type="button"
                  className="btn btn-success btn-sm"
                  disabled={answer.isPending}
                  onClick={() => act('accept')}
                >
                  {t('offers.accept', { amount: formatNaira(onTheTable) })}
                </button>
                {!isBuyer && (
                  <button
                    type="button"
                    className="btn btn-outline-primary btn-sm"
                    disabled={answer.isPending}
                    onClick={() => setIsCountering(true)}
                  >
                    {t('offers.counterAction')}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  disabled={answer.isPending}
                  onClick={() => act('decline')}
                >
                  {t('offers.decline')}
                </button>
              </>
            )}
            {isBuyer && offer.status === 'pending' && (
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                disabled={answer.isPending}
                onClick={() => act('withdraw')}
              >
                {t('offers.withdraw')}
              </button>
            )}
            {isBuyer && offer.status === 'accepted' && offer.agreedAmount !== null && (
              <Link to={checkoutPath(offer.product.id)} className="btn btn-primary btn-sm">
                {t('offers.pay', { amount: formatNaira(offer.agreedAmount) })}
              </Link>
            )}
            {showListing && offer.conversationId && (
              <Link to={`/messages/${offer.conversationId}`} className="btn btn-link btn-sm">
                {t('offers.openConversation')}
              </Link>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

import { useTranslation } from '../../../i18n/use-translation';
import { formatNaira } from '@marketplace/shared/money';
import { offerFormSchema } from '@marketplace/shared/schemas/offers';
import { useMakeOffer } from '../api/make-offer';
import { OfferAmountForm } from './offer-amount-form';

// The buyer's offer on a listing for sale (decision 061): loaded when they open it, with the form's code
// (react-hook-form, the shared schema and zod), which a reader who does not make an offer never downloads.
export function MakeOfferForm({
  productId,
  price,
  onClose,
}: {
  productId: string;
  price: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const makeOffer = useMakeOffer();
  return (
    <OfferAmountForm
      schema={offerFormSchema(price)}
      label={t('offers.amountLabel')}
      hint={t('offers.amountHint', {
        min: formatNaira(Math.ceil(price / 2)),
        max: formatNaira(price - 1),
      })}
      submitLabel={t('offers.send')}
      isPending={makeOffer.isPending}
      onSubmit={(amount) => makeOffer.mutate({ productId, offer: { amount } }, { onSuccess: onClose })}
      onCancel={onClose}
    />
  );
}

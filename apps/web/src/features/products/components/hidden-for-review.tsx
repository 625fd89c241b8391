import { useTranslation } from '../../../i18n/use-translation';
import type { HiddenForReview } from '@marketplace/shared/schemas/products';

// The reasons the reports gave, in the reader's language, as one line ('Scam…, Fake or counterfeit').
export function useReportReasons(hidden: HiddenForReview): string {
  const { t } = useTranslation();
  return hidden.reasons.map((reason) => t(`report.reasons.${reason}`)).join(', ');
}

// What the owner of a listing hidden by reports reads on its page (decision 049): that it is hidden while our
// team reviews the reports, and the reasons they gave (never who sent them).
export function HiddenForReviewNotice({ hidden }: { hidden: HiddenForReview }) {
  const { t } = useTranslation();
  const reasons = useReportReasons(hidden);
  return (
    <div className="alert alert-warning py-2 mb-2">
      <p className="mb-1 fw-semibold">{t('product.hiddenForReview')}</p>
      {reasons && <p className="mb-0 small">{t('product.hiddenReasons', { reasons })}</p>}
    </div>
  );
}

import { useTranslation } from '../../../i18n/use-translation';
import { ShieldCheckIcon } from '../../../components/ui/icons';

// 'Bank verified': the server resolved the seller's bank account itself (decision 022).
export function VerifiedBadge({ isCompact = false }: { isCompact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`badge verified-badge${isCompact ? ' verified-badge-compact' : ''}`}
      title={t('trust.verifiedHint')}
    >
      <ShieldCheckIcon size={isCompact ? 12 : 14} /> {t('trust.verified')}
    </span>
  );
}

// The few rules that keep a buyer safe, where they decide to buy.
export function SafetyTips() {
  const { t } = useTranslation();
  return (
    <aside className="safety-tips card card-body mb-3" aria-labelledby="safety-tips-title">
      <h2 id="safety-tips-title" className="h6 mb-2">
        {t('trust.safetyTitle')}
      </h2>
      <ul className="small mb-0 ps-3">
        <li>{t('trust.safetyPayThroughOja')}</li>
        <li>{t('trust.safetyNoDeposit')}</li>
        <li>{t('trust.safetyMeet')}</li>
      </ul>
    </aside>
  );
}

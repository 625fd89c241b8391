import { useTranslation } from '../../../i18n/use-translation';
import { translateMessage } from '../../../lib/server-message';

// The message is a message code or the server's sentence, shown in the user's language; null is the
// generic failure (spec §8: 'Failed to update profile.').
export type SaveResult = { variant: 'success' | 'danger'; message: string | null };

type ResultAlertProps = { result: SaveResult | null; onClose: () => void };

// spec §2: a fixed alert shows the result of saving, green for success and red for a failure. The live
// region is always present, so a screen reader announces each new result.
export function ResultAlert({ result, onClose }: ResultAlertProps) {
  const { t } = useTranslation();
  return (
    <div className="profile-result-alert" aria-live="polite" aria-atomic="true">
      {result && (
        <div className={`alert alert-${result.variant} alert-dismissible shadow mb-0`}>
          {result.message === null ? t('profile.saveFailed') : translateMessage(result.message)}
          <button
            type="button"
            className="btn-close"
            aria-label={t('profile.closeAlert')}
            onClick={onClose}
          />
        </div>
      )}
    </div>
  );
}

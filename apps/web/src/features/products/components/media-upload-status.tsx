import { useTranslation } from '../../../i18n/use-translation';
import { translateMessage } from '../../../lib/server-message';
import type { MediaItem } from '../hooks/use-media-uploads';

type MediaUploadStatusProps = { item: MediaItem; label: string; onRetry: () => void };

// One file's upload: a progress bar while it goes up, a tick when stored, the reason and Retry on failure.
export function MediaUploadStatus({ item, label, onRetry }: MediaUploadStatusProps) {
  const { t } = useTranslation();
  if (item.status === 'done') {
    return <p className="small text-success mb-1">{t('upload.uploaded')}</p>;
  }
  if (item.status === 'failed') {
    return (
      <div className="mb-1">
        <p className="small text-danger mb-1" role="alert">
          {t('upload.uploadFailed')}
          {item.error && `: ${translateMessage(item.error)}`}
        </p>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={onRetry}>
          {t('upload.retry')} <span className="visually-hidden">{label}</span>
        </button>
      </div>
    );
  }
  return (
    <div
      className="progress mb-1"
      role="progressbar"
      aria-label={t('upload.progressLabel', { name: label })}
      aria-valuenow={item.progress}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuetext={
        item.status === 'queued' ? t('upload.waiting') : t('upload.percent', { percent: item.progress })
      }
    >
      <div className="progress-bar" style={{ width: `${item.progress}%` }} />
    </div>
  );
}

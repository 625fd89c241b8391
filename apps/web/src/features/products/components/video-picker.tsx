import { useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { MessageCode } from '@marketplace/shared/reply-texts';
import { describedBy, FieldError } from '../../../components/ui/field-error';
import type { MediaItem, MediaUploadStore } from '../hooks/use-media-uploads';
import { MediaUploadStatus } from './media-upload-status';

export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

type VideoPickerProps = {
  inputId: string;
  item: MediaItem | undefined;
  store: MediaUploadStore;
  isRequired: boolean;
  error: string | undefined;
};

// spec §5: one video of at most 10MB; required for Accessories, Household-Items and Electronics.
export function VideoPicker({ inputId, item, store, isRequired, error }: VideoPickerProps) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<MessageCode | null>(null);
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const refusalId = `${inputId}-refusal`;
  const isInvalid = Boolean(refusal ?? error);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []).slice(0, 1);
    event.target.value = '';
    if (files.length === 0) return;
    // A new video replaces the one already chosen.
    if (item) store.remove(item.key);
    setRefusal(store.add(files));
  }

  return (
    <div className="mb-3">
      <label htmlFor={inputId} className="form-label mb-1">
        {t('upload.video')}
        {!isRequired && <span className="text-body-secondary"> ({t('common.optional')})</span>}
      </label>
      <div id={hintId} className="form-text mt-0 mb-2">
        {t('upload.videoHint')} {isRequired && t('upload.videoRequiredHint')}
      </div>
      <input
        id={inputId}
        type="file"
        accept={VIDEO_TYPES.join(',')}
        className={isInvalid ? 'form-control is-invalid' : 'form-control'}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy(hintId, refusal ? refusalId : undefined, error && errorId)}
        onChange={onChange}
      />
      <FieldError id={refusalId} message={refusal ?? undefined} />
      <FieldError id={errorId} message={error} />
      {item && (
        <div className="card mt-2 media-tile media-tile-video">
          <video
            src={item.previewUrl}
            className="w-100 rounded-top"
            controls
            muted
            playsInline
            preload={item.previewUrl.startsWith('blob:') ? 'metadata' : 'none'}
            aria-label={t('upload.videoPreview')}
          />
          <div className="card-body p-2">
            <MediaUploadStatus item={item} label={item.name} onRetry={() => store.retry(item.key)} />
            <button
              type="button"
              className="btn btn-sm btn-link text-danger p-0"
              onClick={() => {
                store.remove(item.key);
                setRefusal(null);
              }}
            >
              {t('upload.removeVideo')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

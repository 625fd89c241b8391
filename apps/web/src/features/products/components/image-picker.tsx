import { useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { MessageCode } from '@marketplace/shared/reply-texts';
import { describedBy, FieldError } from '../../../components/ui/field-error';
import type { MediaItem, MediaUploadStore } from '../hooks/use-media-uploads';
import { MediaUploadStatus } from './media-upload-status';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

type ImagePickerProps = {
  inputId: string;
  items: MediaItem[];
  store: MediaUploadStore;
  primaryKey: string | null;
  onPrimaryChange: (key: string | null) => void;
  // Issues from the form: no picture, no primary picture.
  errors: (string | undefined)[];
};

// spec §5: up to 10 pictures of at most 10MB, each uploaded as soon as it is picked; the seller chooses
// the one buyers see first.
export function ImagePicker({
  inputId,
  items,
  store,
  primaryKey,
  onPrimaryChange,
  errors,
}: ImagePickerProps) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<MessageCode | null>(null);
  const hintId = `${inputId}-hint`;
  const refusalId = `${inputId}-refusal`;
  const errorIds = errors.map((_, index) => `${inputId}-error-${index}`);
  const shownErrors = errors.filter(Boolean);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that picking the same file again (after removing it) still fires a change.
    event.target.value = '';
    setRefusal(store.add(files));
  }

  function onRemove(key: string) {
    store.remove(key);
    setRefusal(null);
    if (key === primaryKey) onPrimaryChange(null);
  }

  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">{t('upload.images')}</legend>
      <div id={hintId} className="form-text mt-0 mb-2">
        {t('upload.imagesHint')}
      </div>
      <label htmlFor={inputId} className="visually-hidden">
        {t('upload.addImages')}
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={IMAGE_TYPES.join(',')}
        className={refusal || shownErrors.length > 0 ? 'form-control is-invalid' : 'form-control'}
        aria-invalid={refusal || shownErrors.length > 0 ? true : undefined}
        aria-describedby={describedBy(hintId, refusal ? refusalId : undefined, ...errorIds)}
        onChange={onChange}
      />
      <FieldError id={refusalId} message={refusal ?? undefined} />
      {errors.map((message, index) => (
        <FieldError key={errorIds[index]} id={errorIds[index] ?? ''} message={message} />
      ))}
      {items.length > 0 && (
        <ul className="row row-cols-2 row-cols-sm-3 row-cols-lg-4 g-2 list-unstyled mt-1 mb-0">
          {items.map((item, index) => {
            const label = t('upload.pictureNumber', { number: index + 1 });
            const radioId = `${inputId}-primary-${item.key}`;
            return (
              <li key={item.key} className="col">
                <div className="card h-100 media-tile">
                  <div className="ratio ratio-1x1">
                    <img src={item.previewUrl} alt={label} className="object-fit-cover rounded-top" />
                  </div>
                  <div className="card-body p-2">
                    <MediaUploadStatus item={item} label={label} onRetry={() => store.retry(item.key)} />
                    <div className="form-check mb-1">
                      <input
                        id={radioId}
                        type="radio"
                        name={`${inputId}-primary`}
                        className="form-check-input"
                        checked={item.key === primaryKey}
                        onChange={() => onPrimaryChange(item.key)}
                      />
                      <label htmlFor={radioId} className="form-check-label small">
                        {t('upload.primary')} <span className="visually-hidden">({label})</span>
                      </label>
                    </div>
                    <button
                      type="button"
                      className="btn btn-sm btn-link text-danger p-0"
                      onClick={() => onRemove(item.key)}
                    >
                      {t('upload.remove')} <span className="visually-hidden">({label})</span>
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

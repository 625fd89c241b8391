import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { MAX_FILE_BYTES } from '@marketplace/shared/constants';
import type { MessageCode } from '@marketplace/shared/reply-texts';
import { describedBy, FieldError } from '../../../components/ui/field-error';

type PicturePickerProps = {
  pictureUrl: string | null;
  previewUrl: string | null;
  error: MessageCode | null;
  onPick: (file: File | null, error: MessageCode | null) => void;
};

const PICTURE_SIZE = 150;

function PersonIcon() {
  return (
    <svg width="64" height="64" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" />
    </svg>
  );
}

// spec §2: the picture (or a 150x150 placeholder) and an image-only file picker with a preview.
export function PicturePicker({ pictureUrl, previewUrl, error, onPick }: PicturePickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const shownUrl = previewUrl ?? pictureUrl;

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    if (!file) return;
    // The server checks the content; these checks only save a long upload that would be refused.
    const error: MessageCode | null = !file.type.startsWith('image/')
      ? 'PROFILE_PICTURE_INVALID'
      : file.size > MAX_FILE_BYTES
        ? 'PROFILE_PICTURE_TOO_LARGE'
        : null;
    // A refused file is not kept in the picker either.
    if (error) event.target.value = '';
    onPick(error ? null : file, error);
  }

  function onUndo() {
    onPick(null, null);
    if (inputRef.current) inputRef.current.value = '';
  }

  return (
    <div className="text-center mb-3">
      {shownUrl ? (
        <img
          src={shownUrl}
          alt={previewUrl ? t('profile.picture.previewAlt') : t('profile.picture.currentAlt')}
          width={PICTURE_SIZE}
          height={PICTURE_SIZE}
          className="profile-picture rounded-circle border"
        />
      ) : (
        <div
          className="profile-picture profile-picture-placeholder rounded-circle border mx-auto"
          role="img"
          aria-label={t('profile.picture.placeholder')}
        >
          <PersonIcon />
        </div>
      )}
      <div className="mt-3 text-start">
        <label htmlFor={inputId} className="form-label">
          {t('profile.picture.label')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          className={error ? 'form-control is-invalid' : 'form-control'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${inputId}-hint`, error !== null && `${inputId}-error`)}
          onChange={onChange}
        />
        <div id={`${inputId}-hint`} className="form-text">
          {t('profile.picture.hint')}
        </div>
        <FieldError id={`${inputId}-error`} message={error ?? undefined} />
        {previewUrl && (
          <button type="button" className="btn btn-link btn-sm px-0" onClick={onUndo}>
            {t('profile.picture.undo')}
          </button>
        )}
      </div>
    </div>
  );
}

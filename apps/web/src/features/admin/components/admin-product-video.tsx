import type { ChangeEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { CheckField } from '../../../components/ui/check-field';
import { TextField } from '../../../components/ui/text-field';
import { useSetProductField } from '../hooks/use-set-product-field';
import type { AdminProductForm } from './admin-product-form-schema';

// The listing's video on the admin edit form: the current one (kept or not) and a file to replace it.
export function AdminProductVideo() {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<AdminProductForm>();
  const currentVideo = useWatch({ control, name: 'currentVideo' });
  const setField = useSetProductField();

  function onNewVideoChange(event: ChangeEvent<HTMLInputElement>) {
    setField('newVideo', event.target.files?.[0] ?? null);
  }

  return (
    <fieldset className="mb-4">
      <legend className="h6">{t('admin.edit.video')}</legend>
      {currentVideo && (
        <>
          <video
            src={currentVideo}
            controls
            preload="metadata"
            className="d-block mb-2 rounded"
            style={{ maxWidth: '20rem', width: '100%' }}
            aria-label={t('admin.edit.currentVideo')}
          />
          <CheckField label={t('admin.edit.keepVideo')} {...register('keepsVideo')} />
        </>
      )}
      <TextField
        className=""
        label={currentVideo ? t('admin.edit.replaceVideo') : t('admin.edit.addVideo')}
        hint={t('admin.edit.videoHint')}
        type="file"
        accept="video/mp4,video/webm,video/quicktime"
        error={errors.newVideo?.message}
        onChange={onNewVideoChange}
      />
    </fieldset>
  );
}

import { useId, type ChangeEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { TextField } from '../../../components/ui/text-field';
import { useSetProductField } from '../hooks/use-set-product-field';
import type { AdminProductForm } from './admin-product-form-schema';

type AdminProductPicturesProps = { currentImages: readonly string[] };

// The listing's pictures on the admin edit form: which current ones stay, which is shown first, and new
// files to add.
export function AdminProductPictures({ currentImages }: AdminProductPicturesProps) {
  const { t } = useTranslation();
  const fieldId = useId();
  const {
    control,
    formState: { errors },
  } = useFormContext<AdminProductForm>();
  const [keptImages, primaryImage, newImages] = useWatch({
    control,
    name: ['keptImages', 'primaryImage', 'newImages'],
  });
  const setField = useSetProductField();

  function onKeepImageChange(url: string, isKept: boolean) {
    const nextKept = currentImages.filter((image) => (image === url ? isKept : keptImages.includes(image)));
    setField('keptImages', nextKept);
    if (!nextKept.includes(primaryImage)) setField('primaryImage', nextKept[0] ?? '');
  }

  function onNewImagesChange(event: ChangeEvent<HTMLInputElement>) {
    setField('newImages', Array.from(event.target.files ?? []));
  }

  return (
    <fieldset className="mb-3">
      <legend className="h6">{t('admin.edit.pictures')}</legend>
      {currentImages.length > 0 && (
        <ul className="row row-cols-2 row-cols-sm-3 row-cols-lg-5 g-2 list-unstyled">
          {currentImages.map((url, index) => {
            const isKept = keptImages.includes(url);
            const number = index + 1;
            return (
              <li key={url} className="col">
                <div className={isKept ? 'card h-100' : 'card h-100 opacity-50'}>
                  <img
                    src={url}
                    alt={t('admin.edit.pictureAlt', { number })}
                    className="card-img-top admin-thumbnail"
                    style={{ aspectRatio: '1 / 1' }}
                  />
                  <div className="card-body p-2 small">
                    <div className="form-check">
                      <input
                        id={`${fieldId}-keep-${index}`}
                        type="checkbox"
                        className="form-check-input"
                        checked={isKept}
                        onChange={(event) => onKeepImageChange(url, event.target.checked)}
                      />
                      <label htmlFor={`${fieldId}-keep-${index}`} className="form-check-label">
                        {t('admin.edit.keepPicture', { number })}
                      </label>
                    </div>
                    <div className="form-check">
                      <input
                        id={`${fieldId}-primary-${index}`}
                        type="radio"
                        name={`${fieldId}-primary`}
                        className="form-check-input"
                        checked={isKept && primaryImage === url}
                        disabled={!isKept}
                        onChange={() => setField('primaryImage', url)}
                      />
                      <label htmlFor={`${fieldId}-primary-${index}`} className="form-check-label">
                        {t('admin.edit.primaryPicture', { number })}
                      </label>
                    </div>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <TextField
        className=""
        label={t('admin.edit.addPictures')}
        hint={t('admin.edit.picturesHint')}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        error={errors.newImages?.message}
        onChange={onNewImagesChange}
      />
      {newImages.length > 0 && (
        <ul className="small mt-1 mb-0">
          {newImages.map((file, index) => (
            <li key={`${file.name}-${index}`}>{file.name}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

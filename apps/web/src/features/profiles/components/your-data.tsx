import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import { DeleteAccountInputSchema } from '@marketplace/shared/schemas/data-rights';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/server-message';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { useExportMyData } from '../api/export-my-data';

// The refusals that are about the password itself, shown under its field.
const PASSWORD_CODES = new Set(['PASSWORD_INCORRECT', 'PASSWORD_REQUIRED']);

// Deleting the account asks for its password (decision 050). A refusal is shown in the dialog; once
// deleted, the page leaves for the home page and only then ends the local session, so the login-only
// profile never flashes 'Please login first'.
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { logout } = useSession();
  const deletion = useDeleteAccount();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(DeleteAccountInputSchema), defaultValues: { password: '' } });

  const onSubmit = handleSubmit((values) =>
    deletion.mutate(values, {
      onSuccess: () => {
        void Promise.resolve(navigate('/', { replace: true })).then(() => {
          logout();
          toast.success(() => t('profile.yourData.deleted'));
        });
      },
    }),
  );

  const failure = deletion.error;
  const isPasswordRefused = failure instanceof ApiError && PASSWORD_CODES.has(failure.code);
  return (
    <FormDialog
      title={t('profile.yourData.deleteTitle')}
      submitLabel={t('profile.yourData.deleteConfirm')}
      tone="danger"
      isPending={deletion.isPending}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
    >
      <p>{t('profile.yourData.deleteWarning')}</p>
      <p>{t('profile.yourData.deleteKept')}</p>
      <TextField
        label={t('profile.yourData.password')}
        type="password"
        autoComplete="current-password"
        autoFocus
        error={errors.password?.message ?? (isPasswordRefused ? errorText(failure) : undefined)}
        {...register('password')}
      />
      {failure && !isPasswordRefused && (
        <div className="alert alert-danger mb-0" role="alert">
          {errorText(failure)}
        </div>
      )}
    </FormDialog>
  );
}

// The profile's "Your data" section (Nigeria Data Protection Act 2023, §§34–38): a copy of everything
// Oja holds about the user, and the deletion of the account.
export function YourData() {
  const { t } = useTranslation();
  const download = useExportMyData();
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <section className="mt-5" aria-labelledby="your-data-title">
      <h2 id="your-data-title" className="h5">
        {t('profile.yourData.title')}
      </h2>
      <p>
        {t('profile.yourData.intro')} <Link to="/privacy">{t('profile.yourData.privacyLink')}</Link>
      </p>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={download.isPending}
          aria-busy={download.isPending}
          onClick={() => download.mutate()}
        >
          {download.isPending ? t('profile.yourData.downloading') : t('profile.yourData.download')}
        </button>
        <button type="button" className="btn btn-outline-danger" onClick={() => setIsDeleting(true)}>
          {t('profile.yourData.delete')}
        </button>
      </div>
      {isDeleting && <DeleteAccountDialog onClose={() => setIsDeleting(false)} />}
    </section>
  );
}

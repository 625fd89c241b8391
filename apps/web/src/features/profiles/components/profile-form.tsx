import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate, useSearchParams } from 'react-router';
import { isMessageCode, type MessageCode } from '@marketplace/shared/reply-texts';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { PROFILE_FORM_FIELDS, ProfileInputSchema } from '@marketplace/shared/schemas/profiles';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, CLIENT_ERROR_CODES } from '../../../lib/api-client';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { translateMessage } from '../../../lib/server-message';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { usePictureChoice } from '../hooks/use-picture-choice';
import {
  hasVerifiedBank,
  profileFormValues,
  type ProfileFormOutput,
  type ProfileFormValues,
} from '../lib/profile-form-values';
import { PicturePicker } from './picture-picker';
import { ResultAlert, type SaveResult } from './result-alert';
import { TextAreaField } from '../../../components/ui/text-area-field';

// The profile picture's field in the multipart body (spec §7).
const PICTURE_FIELD = 'image';

type FieldIssue = { path: string; code: string };

function isFieldIssues(details: unknown): details is FieldIssue[] {
  return (
    Array.isArray(details) &&
    details.every(
      (issue: unknown) =>
        typeof issue === 'object' &&
        issue !== null &&
        'path' in issue &&
        typeof issue.path === 'string' &&
        'code' in issue &&
        typeof issue.code === 'string',
    )
  );
}

function isFormField(name: string): name is (typeof PROFILE_FORM_FIELDS)[number] {
  return (PROFILE_FORM_FIELDS as readonly string[]).includes(name);
}

// spec §8: the server's message, or 'Failed to update profile.' when there is none (no answer at all).
function failureMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (Object.values<string>(CLIENT_ERROR_CODES).includes(error.code)) return null;
  return isMessageCode(error.code) ? error.code : error.message;
}

function firstIssue(errors: FieldErrors<ProfileFormValues>): string | null {
  for (const name of PROFILE_FORM_FIELDS) {
    const message = errors[name]?.message;
    if (message) return message;
  }
  return null;
}

// The bank account's verification: the form keeps it (saving needs it), the bank fields change it.
export type BankVerification = { isVerified: boolean; onVerifiedChange: (isVerified: boolean) => void };

// The address and bank fields belong to the places and banking features; the app composes them in
// (features stay apart). Both read and write the form through react-hook-form's context.
export type ProfileFormSlots = {
  addressField: ReactNode;
  bankDetails: (verification: BankVerification) => ReactNode;
};

type ProfileFormProps = ProfileFormSlots & { me: Me };

// spec §2, the profile tab: picture, username and bank details on the left; the personal details on the
// right; a fixed alert with the result of saving.
export function ProfileForm({ me, addressField, bankDetails }: ProfileFormProps) {
  const { t } = useTranslation();
  const form = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: zodResolver(ProfileInputSchema),
    defaultValues: profileFormValues(me),
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;
  const update = useUpdateProfile();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const picture = usePictureChoice();
  const [pictureError, setPictureError] = useState<MessageCode | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [isBankVerified, setIsBankVerified] = useState(() => hasVerifiedBank(me));
  // isFieldsIssue: the form's own check refused it (fields empty or wrong), not the server.
  const [result, setResult] = useState<(SaveResult & { isFieldsIssue?: boolean }) | null>(null);
  // 'Please complete your profile information' goes once the fields it was about are filled in.
  const hasFieldErrors = Object.keys(errors).length > 0;
  const shownResult = result?.isFieldsIssue && !hasFieldErrors ? null : result;

  function onPick(file: File | null, error: MessageCode | null) {
    picture.choose(file);
    setPictureError(error);
  }

  function onSaved(saved: Me, message: string) {
    // Sent here to complete the profile (checkout's 'Complete your profile'): back there once it is saved.
    const returnTo = safeRedirectPath(searchParams.get('redirect'), '');
    if (returnTo) {
      toast.success(translateMessage(message));
      void navigate(returnTo);
      return;
    }
    setResult({ variant: 'success', message });
    reset(profileFormValues(saved));
    setIsBankVerified(hasVerifiedBank(saved));
    picture.choose(null);
    setPickerKey((key) => key + 1);
  }

  function onFailed(error: unknown) {
    setResult({ variant: 'danger', message: failureMessage(error) });
    if (!(error instanceof ApiError)) return;
    if (error.code === 'BANK_DETAILS_UNVERIFIED') setIsBankVerified(false);
    // The fields the server named are marked too.
    if (!isFieldIssues(error.details)) return;
    for (const issue of error.details) {
      if (issue.path === PICTURE_FIELD && isMessageCode(issue.code)) setPictureError(issue.code);
      else if (isFormField(issue.path)) setError(issue.path, { message: issue.code });
    }
  }

  const onSubmit = handleSubmit(
    (values) => {
      // spec §5: bank details, when given, must be verified before saving.
      const hasBankDetails = Boolean(values.accountName || values.accountNumber || values.bankName);
      if (hasBankDetails && !isBankVerified) {
        setResult({ variant: 'danger', message: 'BANK_DETAILS_UNVERIFIED' });
        return;
      }
      const body = new FormData();
      for (const name of PROFILE_FORM_FIELDS) body.append(name, String(values[name] ?? ''));
      // spec §7: isVerified only when the account number and bank name are present (the server decides anyway).
      if (values.accountNumber && values.bankName) body.append('isVerified', String(isBankVerified));
      if (picture.choice) body.append(PICTURE_FIELD, picture.choice.file);
      setResult(null);
      update.mutate(body, {
        onSuccess: (saved) => onSaved(saved.data, saved.message),
        onError: onFailed,
      });
    },
    (issues) =>
      setResult({
        variant: 'danger',
        message: firstIssue(issues) ?? 'PROFILE_INCOMPLETE',
        isFieldsIssue: true,
      }),
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} aria-label={t('profile.formLabel')}>
        <div className="row g-4">
          <div className="col-lg-4">
            <PicturePicker
              key={pickerKey}
              pictureUrl={me.profilePicture}
              previewUrl={picture.choice?.previewUrl ?? null}
              error={pictureError}
              onPick={onPick}
            />
            <div className="text-center mb-4">
              <p className="h5 mb-1">@{me.username}</p>
              <p className="text-body-secondary mb-0">{me.email}</p>
            </div>
            {bankDetails({ isVerified: isBankVerified, onVerifiedChange: setIsBankVerified })}
          </div>
          <div className="col-lg-8">
            <TextField
              label={t('profile.fullName')}
              autoComplete="name"
              error={errors.fullName?.message}
              {...register('fullName')}
            />
            <TextField
              label={t('profile.email')}
              type="email"
              readOnly
              hint={t('errors.EMAIL_NOT_CHANGEABLE')}
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              label={t('profile.phoneNumber')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              hint={t('profile.phoneNumberHint')}
              error={errors.phoneNumber?.message}
              {...register('phoneNumber')}
            />
            {addressField}
            <TextField
              label={t('profile.street')}
              autoComplete="address-line1"
              error={errors.street?.message}
              {...register('street')}
            />
            <div className="row g-3 mb-3">
              <TextField
                className="col-md-4"
                label={t('profile.city')}
                autoComplete="address-level2"
                error={errors.city?.message}
                {...register('city')}
              />
              <TextField
                className="col-md-4"
                label={t('profile.state')}
                autoComplete="address-level1"
                error={errors.state?.message}
                {...register('state')}
              />
              <TextField
                className="col-md-4"
                label={t('profile.country')}
                autoComplete="country-name"
                error={errors.country?.message}
                {...register('country')}
              />
            </div>
            <TextAreaField
              label={t('profile.bio')}
              rows={4}
              error={errors.bio?.message}
              {...register('bio')}
            />
            {/* Issue 27: off by default; then only buyers who paid this seller see their e-mail, phone and WhatsApp. */}
            <div className="form-check mb-3">
              <input
                id="profile-show-contact-details"
                type="checkbox"
                className="form-check-input"
                aria-describedby="profile-show-contact-details-hint"
                {...register('showContactDetails')}
              />
              <label htmlFor="profile-show-contact-details" className="form-check-label">
                {t('profile.showContactDetails')}
              </label>
              <div id="profile-show-contact-details-hint" className="form-text">
                {t('profile.showContactDetailsHint')}
              </div>
            </div>
            <SubmitButton isPending={update.isPending} className="btn btn-primary px-4">
              {t('profile.save')}
            </SubmitButton>
          </div>
        </div>
      </form>
      <ResultAlert result={shownResult} onClose={() => setResult(null)} />
    </FormProvider>
  );
}

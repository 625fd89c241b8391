import { useFormContext } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import type { RateInput, RateRequest } from '@marketplace/shared/schemas/shipping';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';

type AddressFieldsetProps = { name: 'fromAddress' | 'toAddress'; legend: string };

// spec §3, courier rate input: an address is a name, an e-mail, the address itself and a phone number.
export function AddressFieldset({ name, legend }: AddressFieldsetProps) {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<RateInput, unknown, RateRequest>();
  const fieldErrors = errors[name];
  return (
    <fieldset className="col-12 col-md-6">
      <legend className="h6">{legend}</legend>
      <TextField
        label={t('shipping.name')}
        autoComplete="off"
        error={fieldErrors?.name?.message}
        {...register(`${name}.name`)}
      />
      <TextField
        label={t('shipping.email')}
        type="email"
        autoComplete="off"
        error={fieldErrors?.email?.message}
        {...register(`${name}.email`)}
      />
      <TextAreaField
        label={t('shipping.address')}
        hint={t('shipping.addressHint')}
        rows={2}
        error={fieldErrors?.address?.message}
        {...register(`${name}.address`)}
      />
      <TextField
        label={t('shipping.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        error={fieldErrors?.phone?.message}
        {...register(`${name}.phone`)}
      />
    </fieldset>
  );
}

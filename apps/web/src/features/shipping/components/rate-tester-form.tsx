import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { COURIER_TYPES, DEFAULT_PARCEL, DEFAULT_QUANTITY } from '@marketplace/shared/constants';
import {
  RateInputSchema,
  type CourierType,
  type RateInput,
  type RateRequest,
} from '@marketplace/shared/schemas/shipping';
import { FieldError } from '../../../components/ui/field-error';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useCouriers } from '../api/get-couriers';
import { AddressFieldset } from './address-fieldset';

const emptyAddress = { name: '', email: '', address: '', phone: '' };
const emptyItem = {
  name: '',
  description: '',
  weight: '',
  category: '',
  amount: '',
  quantity: DEFAULT_QUANTITY,
};

type RateTesterFormProps = { isPending: boolean; onSubmit: (input: RateRequest) => void };

// spec §2, /goshiip: choose a type, fetch its couriers, enter both addresses, the parcel and the items.
// spec §9: the parcel starts at 10 × 10 × 5 cm and 2 kg, each item at quantity 1.
export function RateTesterForm({ isPending, onSubmit }: RateTesterFormProps) {
  const { t } = useTranslation();
  const form = useForm<RateInput, unknown, RateRequest>({
    resolver: zodResolver(RateInputSchema),
    defaultValues: {
      type: '' as CourierType,
      carrierName: '',
      fromAddress: emptyAddress,
      toAddress: emptyAddress,
      parcels: { ...DEFAULT_PARCEL },
      items: [emptyItem],
    },
  });
  const {
    register,
    control,
    setValue,
    handleSubmit,
    formState: { errors },
  } = form;
  const items = useFieldArray({ control, name: 'items' });
  const itemsErrorId = useId();
  const type = useWatch({ control, name: 'type' }) as CourierType | '';
  const couriers = useCouriers(type);

  const typeField = register('type', {
    // A courier of another type cannot stay chosen.
    onChange: () => setValue('carrierName', ''),
  });

  let courierHint: string | undefined;
  if (type === '') courierHint = t('shipping.chooseTypeFirst');
  else if (couriers.isPending) courierHint = t('shipping.couriersLoading');
  else if (couriers.isError) courierHint = t('shipping.couriersFailed');
  else if (couriers.data.length === 0) courierHint = t('shipping.noCouriers');

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('shipping.formLabel')}>
        <div className="row g-3">
          <SelectField
            className="col-12 col-md-6"
            label={t('shipping.type')}
            placeholder={t('shipping.typePlaceholder')}
            options={COURIER_TYPES.map((value) => ({ value, label: t(`shipping.types.${value}`) }))}
            error={errors.type?.message}
            {...typeField}
          />
          <div className="col-12 col-md-6">
            <SelectField
              className="mb-1"
              label={t('shipping.courier')}
              placeholder={t('shipping.courierPlaceholder')}
              options={couriers.data?.map((courier) => ({ value: courier.carrierName, label: courier.name }))}
              error={errors.carrierName?.message}
              disabled={!couriers.data || couriers.data.length === 0}
              aria-busy={type !== '' && couriers.isFetching}
              {...register('carrierName')}
            />
            {courierHint && <div className="form-text">{courierHint}</div>}
            {couriers.isError && (
              <button
                type="button"
                className="btn btn-link btn-sm px-0"
                onClick={() => void couriers.refetch()}
              >
                {t('common.tryAgain')}
              </button>
            )}
          </div>

          <AddressFieldset name="fromAddress" legend={t('shipping.fromAddress')} />
          <AddressFieldset name="toAddress" legend={t('shipping.toAddress')} />

          <fieldset className="col-12">
            <legend className="h6">{t('shipping.parcel')}</legend>
            <div className="row g-2">
              {(['width', 'length', 'height'] as const).map((dimension) => (
                <TextField
                  key={dimension}
                  className="col-6 col-sm-3"
                  label={t(`shipping.${dimension}`)}
                  type="number"
                  inputMode="decimal"
                  step="any"
                  min={0}
                  error={errors.parcels?.[dimension]?.message}
                  {...register(`parcels.${dimension}`)}
                />
              ))}
              <TextField
                className="col-6 col-sm-3"
                label={t('shipping.weight')}
                type="number"
                inputMode="decimal"
                step="any"
                min={0}
                error={errors.parcels?.weight?.message}
                {...register('parcels.weight')}
              />
            </div>
          </fieldset>

          <fieldset className="col-12">
            <legend className="h6">{t('shipping.items')}</legend>
            <FieldError id={itemsErrorId} message={errors.items?.root?.message ?? errors.items?.message} />
            {items.fields.map((item, index) => {
              const itemErrors = errors.items?.[index];
              return (
                <div
                  key={item.id}
                  className="border rounded p-2 mb-2"
                  role="group"
                  aria-label={t('shipping.item', { number: index + 1 })}
                >
                  <div className="row g-2">
                    <TextField
                      className="col-12 col-sm-6"
                      label={t('shipping.itemName')}
                      error={itemErrors?.name?.message}
                      {...register(`items.${index}.name`)}
                    />
                    <TextField
                      className="col-12 col-sm-6"
                      label={t('shipping.itemCategory')}
                      error={itemErrors?.category?.message}
                      {...register(`items.${index}.category`)}
                    />
                    <TextField
                      className="col-12"
                      label={t('shipping.itemDescription')}
                      error={itemErrors?.description?.message}
                      {...register(`items.${index}.description`)}
                    />
                    <TextField
                      className="col-4"
                      label={t('shipping.itemWeight')}
                      type="number"
                      inputMode="decimal"
                      step="any"
                      min={0}
                      error={itemErrors?.weight?.message}
                      {...register(`items.${index}.weight`)}
                    />
                    <TextField
                      className="col-4"
                      label={t('shipping.itemAmount')}
                      type="number"
                      inputMode="decimal"
                      step="any"
                      min={0}
                      error={itemErrors?.amount?.message}
                      {...register(`items.${index}.amount`)}
                    />
                    <TextField
                      className="col-4"
                      label={t('shipping.itemQuantity')}
                      type="number"
                      inputMode="numeric"
                      step={1}
                      min={1}
                      error={itemErrors?.quantity?.message}
                      {...register(`items.${index}.quantity`)}
                    />
                  </div>
                  {items.fields.length > 1 && (
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      onClick={() => items.remove(index)}
                    >
                      {t('shipping.removeItem', { number: index + 1 })}
                    </button>
                  )}
                </div>
              );
            })}
            {items.fields.length < 20 && (
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                onClick={() => items.append(emptyItem)}
              >
                {t('shipping.addItem')}
              </button>
            )}
          </fieldset>

          <div className="col-12">
            <SubmitButton isPending={isPending} className="btn btn-primary">
              {t('shipping.submit')}
            </SubmitButton>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}

import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PlacePrediction, ProfileFields, ProfileInput } from '@marketplace/shared/schemas/profiles';
import { Combobox } from '../../../components/ui/combobox';
import { describedBy, FieldError } from '../../../components/ui/field-error';
import { useAddressSuggestions } from '../api/get-address-suggestions';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { parsePlaceDescription, type PlaceParts } from '../lib/parse-place-description';

// Asked for once the typing pauses, not on every key.
const ADDRESS_DEBOUNCE_MS = 250;

const PLACE_FIELDS = ['street', 'city', 'state', 'country'] as const satisfies readonly (keyof PlaceParts)[];

// spec §2: the address, a textarea with autocomplete suggestions. Choosing one fills the address and
// whatever of street, city, state and country the suggestion names.
export function AddressField() {
  const { t } = useTranslation();
  const {
    register,
    setValue,
    clearErrors,
    control,
    formState: { errors },
  } = useFormContext<ProfileInput, unknown, ProfileFields>();
  const address = useWatch({ control, name: 'address' }) ?? '';
  const [isOpen, setIsOpen] = useState(false);
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;

  const typed = useDebouncedValue(isOpen ? address : '', ADDRESS_DEBOUNCE_MS);
  const fetched = useAddressSuggestions(typed);
  // spec §7: cleared as soon as the input is empty.
  const suggestions = isOpen && address.trim() !== '' ? fetched : [];
  const isExpanded = suggestions.length > 0;

  function onChoose(suggestion: PlacePrediction) {
    setValue('address', suggestion.description, { shouldDirty: true });
    clearErrors('address');
    const parts = parsePlaceDescription(suggestion.description);
    for (const name of PLACE_FIELDS) {
      const value = parts[name];
      if (value) {
        setValue(name, value, { shouldDirty: true });
        clearErrors(name);
      }
    }
    setIsOpen(false);
  }

  const error = errors.address?.message;

  return (
    <Combobox<PlacePrediction>
      label={t('profile.address')}
      listLabel={t('profile.addressSuggestions')}
      items={suggestions}
      itemKey={(suggestion) => suggestion.place_id}
      itemText={(suggestion) => suggestion.description}
      inputValue={address}
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      onChoose={onChoose}
      isMultiline
      fieldProps={{
        ...register('address', { onChange: () => setIsOpen(true) }),
        rows: 2,
        autoComplete: 'street-address',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(hintId, error && errorId),
        className: error ? 'form-control is-invalid' : 'form-control',
      }}
    >
      <div id={hintId} className="form-text">
        {t('profile.addressHint')}
      </div>
      <div className="visually-hidden" role="status">
        {isExpanded ? t('profile.addressSuggestionsCount', { total: suggestions.length }) : ''}
      </div>
      <FieldError id={errorId} message={error} />
    </Combobox>
  );
}

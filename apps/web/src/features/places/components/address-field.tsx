import { useTranslation } from '../../../i18n/use-translation';
import type { PlacePrediction, ProfileFields, ProfileInput } from '@marketplace/shared/schemas/profiles';
import { Combobox, useComboboxField } from '../../../components/ui/combobox';
import { describedBy, FieldError } from '../../../components/ui/field-error';
import { useAddressSuggestions } from '../api/get-address-suggestions';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { parsePlaceDescription, type PlaceParts, typedStreetBefore } from '../lib/parse-place-description';

// Asked for once the typing pauses, not on every key.
const ADDRESS_DEBOUNCE_MS = 250;

const PLACE_FIELDS = ['street', 'city', 'state', 'country'] as const satisfies readonly (keyof PlaceParts)[];

// spec §2: the address, a textarea with autocomplete suggestions (a textbox that suggests, not a combobox:
// see Combobox). Choosing one fills the address and
// whatever of street, city, state and country the suggestion names; a suggestion of an area ('Lekki, Lagos,
// Nigeria') keeps the street and house number typed before it.
export function AddressField() {
  const { t } = useTranslation();
  const {
    form: { register, setValue, clearErrors },
    value: address,
    isOpen,
    setIsOpen,
    fieldId,
    errorId,
    error,
  } = useComboboxField<ProfileInput, ProfileFields>('address');
  const hintId = `${fieldId}-hint`;

  const typed = useDebouncedValue(isOpen ? address : '', ADDRESS_DEBOUNCE_MS);
  const fetched = useAddressSuggestions(typed);
  // spec §7: cleared as soon as the input is empty.
  const suggestions = isOpen && address.trim() !== '' ? fetched : [];
  const isExpanded = suggestions.length > 0;

  function onChoose(suggestion: PlacePrediction) {
    const parts = parsePlaceDescription(suggestion.description);
    const typedStreet = parts.street ? undefined : typedStreetBefore(address, suggestion.description);
    if (typedStreet) parts.street = typedStreet;
    setValue('address', typedStreet ? `${typedStreet}, ${suggestion.description}` : suggestion.description, {
      shouldDirty: true,
    });
    clearErrors('address');
    for (const name of PLACE_FIELDS) {
      const value = parts[name];
      if (value) {
        setValue(name, value, { shouldDirty: true });
        clearErrors(name);
      }
    }
    setIsOpen(false);
  }

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
      isInvalid={Boolean(error)}
      fieldProps={{
        ...register('address', { onChange: () => setIsOpen(true) }),
        rows: 2,
        autoComplete: 'street-address',
        'aria-describedby': describedBy(hintId, error && errorId),
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

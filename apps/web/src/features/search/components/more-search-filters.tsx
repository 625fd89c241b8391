import { useTranslation } from '../../../i18n/use-translation';
import { CATEGORIES, CONDITIONS, PRODUCT_TAGS } from '@marketplace/shared/constants';
import { SelectField, type SelectOption } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { ProductFilters } from '../../../lib/product-filters';

type MoreSearchFiltersProps = { filters: ProductFilters; isOpen: boolean };

type ChoiceFilter = {
  name: 'category' | 'condition' | 'tag';
  label: string;
  anyLabel: string;
  options: SelectOption[];
};

// The search page's filters beyond the words and the order: folded away until one of them is in use.
// Each is a plain named control, read from the form when it is sent.
export function MoreSearchFilters({ filters, isOpen }: MoreSearchFiltersProps) {
  const { t } = useTranslation();
  const choiceFilters: ChoiceFilter[] = [
    {
      name: 'category',
      label: t('search.category'),
      anyLabel: t('search.anyCategory'),
      options: CATEGORIES.map((value) => ({ value, label: t(`listings.category.${value}`) })),
    },
    {
      name: 'condition',
      label: t('search.condition'),
      anyLabel: t('search.anyCondition'),
      options: CONDITIONS.map((value) => ({ value, label: t(`listings.condition.${value}`) })),
    },
    {
      name: 'tag',
      label: t('search.tag'),
      anyLabel: t('search.anyTag'),
      options: PRODUCT_TAGS.map((value) => ({ value, label: t(`listings.tag.${value}`) })),
    },
  ];
  const priceFilters = [
    { name: 'minPrice', id: 'search-min-price', label: t('search.minPrice') },
    { name: 'maxPrice', id: 'search-max-price', label: t('search.maxPrice') },
  ] as const;

  return (
    <details className="mt-3" open={isOpen}>
      <summary className="fw-semibold">{t('search.moreFilters')}</summary>
      <div className="row g-2 mt-1">
        {choiceFilters.map((filter) => (
          <SelectField
            key={filter.name}
            id={`search-${filter.name}`}
            className="col-12 col-sm-6 col-lg-4"
            name={filter.name}
            label={filter.label}
            placeholder={filter.anyLabel}
            options={filter.options}
            defaultValue={filters[filter.name] ?? ''}
          />
        ))}
        {priceFilters.map((filter) => (
          <TextField
            key={filter.name}
            id={filter.id}
            className="col-6 col-lg-4"
            name={filter.name}
            label={filter.label}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            defaultValue={filters[filter.name] ?? ''}
          />
        ))}
        <TextField
          id="search-location"
          className="col-12 col-lg-4"
          name="location"
          label={t('search.location')}
          placeholder={t('search.locationPlaceholder')}
          defaultValue={filters.location ?? ''}
          maxLength={100}
        />
      </div>
    </details>
  );
}

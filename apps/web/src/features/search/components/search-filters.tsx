import '../../../styles/forms.scss';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { PRODUCT_SORTS } from '@marketplace/shared/constants';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { effectiveSort, filtersFromSearchParams, type ProductFilters } from '../../../lib/product-filters';
import { MoreSearchFilters } from './more-search-filters';

type SearchFiltersProps = { filters: ProductFilters; onApply: (filters: ProductFilters) => void };

function formFilters(form: HTMLFormElement): ProductFilters {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') params.set(name, value.trim());
  }
  const filters = filtersFromSearchParams(params);
  // A reversed range is read the way it was meant.
  if (
    filters.minPrice !== undefined &&
    filters.maxPrice !== undefined &&
    filters.minPrice > filters.maxPrice
  ) {
    return { ...filters, minPrice: filters.maxPrice, maxPrice: filters.minPrice };
  }
  // Relevance means nothing without words to match; the server's default then applies.
  if (!filters.q && filters.sort === 'relevance') {
    const { sort: _sort, ...rest } = filters;
    return rest;
  }
  return filters;
}

// The search page's filters, mirrored in the address. Re-mounted (by key) when the address changes, so
// the controls always show what the results are for.
export function SearchFilters({ filters, onApply }: SearchFiltersProps) {
  const { t } = useTranslation();
  const hasExtraFilters = Object.keys(filters).some((name) => name !== 'q' && name !== 'sort');
  const sorts = PRODUCT_SORTS.filter((sort) => sort !== 'relevance' || filters.q);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(formFilters(event.currentTarget));
  }

  // The order applies at once; it costs no typing.
  function onSortChange(event: ChangeEvent<HTMLSelectElement>) {
    const form = event.currentTarget.form;
    if (form) onApply(formFilters(form));
  }

  return (
    <form
      role="search"
      className="search-filters card mb-4"
      onSubmit={onSubmit}
      aria-label={t('search.filtersLabel')}
    >
      <div className="card-body">
        <div className="row g-2 align-items-end">
          <TextField
            id="search-q"
            className="col-12 col-md"
            label={t('search.query')}
            name="q"
            type="search"
            defaultValue={filters.q ?? ''}
            maxLength={100}
            enterKeyHint="search"
          />
          <SelectField
            id="search-sort"
            className="col-12 col-sm-6 col-md-auto"
            label={t('search.sort')}
            name="sort"
            options={sorts.map((sort) => ({ value: sort, label: t(`search.sortOption.${sort}`) }))}
            defaultValue={effectiveSort(filters)}
            onChange={onSortChange}
          />
        </div>
        <MoreSearchFilters filters={filters} isOpen={hasExtraFilters} />
        <div className="d-flex gap-2 mt-3">
          <button type="submit" className="btn btn-primary">
            {t('search.apply')}
          </button>
        </div>
      </div>
    </form>
  );
}

import '../../../styles/forms.scss';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, CONDITIONS, PRODUCT_SORTS, PRODUCT_TAGS } from '@marketplace/shared/constants';
import { effectiveSort, filtersFromSearchParams, type ProductFilters } from '../product-filters';

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
          <div className="col-12 col-md">
            <label htmlFor="search-q" className="form-label">
              {t('search.query')}
            </label>
            <input
              id="search-q"
              name="q"
              type="search"
              className="form-control"
              defaultValue={filters.q ?? ''}
              maxLength={100}
              enterKeyHint="search"
            />
          </div>
          <div className="col-12 col-sm-6 col-md-auto">
            <label htmlFor="search-sort" className="form-label">
              {t('search.sort')}
            </label>
            <select
              id="search-sort"
              name="sort"
              className="form-select"
              defaultValue={effectiveSort(filters)}
              onChange={onSortChange}
            >
              {sorts.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`search.sortOption.${sort}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <details className="mt-3" open={hasExtraFilters}>
          <summary className="fw-semibold">{t('search.moreFilters')}</summary>
          <div className="row g-2 mt-1">
            <div className="col-12 col-sm-6 col-lg-4">
              <label htmlFor="search-category" className="form-label">
                {t('search.category')}
              </label>
              <select
                id="search-category"
                name="category"
                className="form-select"
                defaultValue={filters.category ?? ''}
              >
                <option value="">{t('search.anyCategory')}</option>
                {CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {t(`listings.category.${category}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="col-12 col-sm-6 col-lg-4">
              <label htmlFor="search-condition" className="form-label">
                {t('search.condition')}
              </label>
              <select
                id="search-condition"
                name="condition"
                className="form-select"
                defaultValue={filters.condition ?? ''}
              >
                <option value="">{t('search.anyCondition')}</option>
                {CONDITIONS.map((condition) => (
                  <option key={condition} value={condition}>
                    {t(`listings.condition.${condition}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="col-12 col-sm-6 col-lg-4">
              <label htmlFor="search-tag" className="form-label">
                {t('search.tag')}
              </label>
              <select id="search-tag" name="tag" className="form-select" defaultValue={filters.tag ?? ''}>
                <option value="">{t('search.anyTag')}</option>
                {PRODUCT_TAGS.map((tag) => (
                  <option key={tag} value={tag}>
                    {t(`listings.tag.${tag}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="col-6 col-lg-4">
              <label htmlFor="search-min-price" className="form-label">
                {t('search.minPrice')}
              </label>
              <input
                id="search-min-price"
                name="minPrice"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                className="form-control"
                defaultValue={filters.minPrice ?? ''}
              />
            </div>
            <div className="col-6 col-lg-4">
              <label htmlFor="search-max-price" className="form-label">
                {t('search.maxPrice')}
              </label>
              <input
                id="search-max-price"
                name="maxPrice"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                className="form-control"
                defaultValue={filters.maxPrice ?? ''}
              />
            </div>
            <div className="col-12 col-lg-4">
              <label htmlFor="search-location" className="form-label">
                {t('search.location')}
              </label>
              <input
                id="search-location"
                name="location"
                className="form-control"
                placeholder={t('search.locationPlaceholder')}
                defaultValue={filters.location ?? ''}
                maxLength={100}
              />
            </div>
          </div>
        </details>
        <div className="d-flex gap-2 mt-3">
          <button type="submit" className="btn btn-primary">
            {t('search.apply')}
          </button>
        </div>
      </div>
    </form>
  );
}

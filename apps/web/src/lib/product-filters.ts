import {
  CATEGORIES,
  CONDITIONS,
  PRODUCT_SORTS,
  PRODUCT_TAGS,
  type Category,
  type Condition,
  type ProductSort,
} from '@marketplace/shared/constants';
export type ProductTag = (typeof PRODUCT_TAGS)[number];

// What the grids and the search page ask GET /api/products for. Every value comes from the address bar,
// so the back button and shared links give the same results.
export type ProductFilters = {
  q?: string;
  category?: Category;
  condition?: Condition;
  tag?: ProductTag;
  minPrice?: number;
  maxPrice?: number;
  location?: string;
  sort?: ProductSort;
};

export const FILTER_NAMES = [
  'q',
  'category',
  'condition',
  'tag',
  'minPrice',
  'maxPrice',
  'location',
  'sort',
] as const;

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

function wholeNumber(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : undefined;
}

function text(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, 100) : undefined;
}

// A hand-edited address with an unknown value simply drops that filter instead of failing. Absent
// filters are left out, so that equal filters make equal query keys.
export function filtersFromSearchParams(params: URLSearchParams): ProductFilters {
  const filters: ProductFilters = {};
  const q = text(params.get('q'));
  if (q) filters.q = q;
  const category = oneOf(CATEGORIES, params.get('category'));
  if (category) filters.category = category;
  const condition = oneOf(CONDITIONS, params.get('condition'));
  if (condition) filters.condition = condition;
  const tag = oneOf(PRODUCT_TAGS, params.get('tag'));
  if (tag) filters.tag = tag;
  const minPrice = wholeNumber(params.get('minPrice'));
  if (minPrice !== undefined) filters.minPrice = minPrice;
  const maxPrice = wholeNumber(params.get('maxPrice'));
  if (maxPrice !== undefined) filters.maxPrice = maxPrice;
  const location = text(params.get('location'));
  if (location) filters.location = location;
  const sort = oneOf(PRODUCT_SORTS, params.get('sort'));
  if (sort) filters.sort = sort;
  return filters;
}

export function searchParamsFromFilters(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}

// spec: relevance is the natural order of a text search, newest of browsing.
export function effectiveSort(filters: ProductFilters): ProductSort {
  return filters.sort ?? (filters.q ? 'relevance' : 'newest');
}

import type { PriceFilter, Sort } from '@flowbay/domain';

export const SORT_OPTIONS: readonly Sort[] = [
  'created_at_desc',
  'created_at_asc',
  'views_desc',
  'views_asc',
  'price_asc',
  'price_desc',
  'rating_desc',
];
export const PRICE_OPTIONS: readonly PriceFilter[] = [
  'all',
  'free',
  'paid',
  'under-100k',
  '100k-500k',
  'over-500k',
];

export interface CatalogFilters {
  search: string;
  category: string;
  subcategory: string;
  price: PriceFilter;
  sort: Sort;
  /** Zero-based, as the API counts; the address shows it one-based. */
  page: number;
}

export const DEFAULT_FILTERS: CatalogFilters = {
  search: '',
  category: '',
  subcategory: '',
  price: 'all',
  sort: 'created_at_desc',
  page: 0,
};

function oneOf<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
  return value && (options as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function filtersFromSearchParams(params: URLSearchParams): CatalogFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: params.get('search') ?? '',
    category: params.get('category') ?? '',
    subcategory: params.get('subcategory') ?? '',
    price: oneOf(params.get('price'), PRICE_OPTIONS, 'all'),
    sort: oneOf(params.get('sort'), SORT_OPTIONS, 'created_at_desc'),
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
  };
}

/** Only non-default values reach the address, so the plain catalogue stays `/workflows`. */
export function filtersToSearchParams(filters: CatalogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.category) params.set('category', filters.category);
  if (filters.subcategory) params.set('subcategory', filters.subcategory);
  if (filters.price !== 'all') params.set('price', filters.price);
  if (filters.sort !== 'created_at_desc') params.set('sort', filters.sort);
  if (filters.page > 0) params.set('page', String(filters.page + 1));
  return params;
}

/** Any filter change sends the reader back to the first page. */
export function changeFilter<K extends Exclude<keyof CatalogFilters, 'page'>>(
  filters: CatalogFilters,
  key: K,
  value: CatalogFilters[K],
): CatalogFilters {
  return { ...filters, [key]: value, page: 0 };
}

export function hasActiveFilters(filters: CatalogFilters): boolean {
  return Boolean(
    filters.search.trim() ||
    filters.category ||
    filters.subcategory ||
    filters.price !== 'all' ||
    filters.sort !== 'created_at_desc',
  );
}

// Subpaths without zod: the catalogue's filters then load no schema library.
import { APP_FILTER_MAX, SORTS, appFilterKeys, type Sort } from '@flowbay/domain/catalog-terms';
import { PRICE_FILTERS, type PriceFilter } from '@flowbay/domain/price';
import { pageFromSearchParams } from '@flowbay/domain/routes';
import { LISTING_LANGUAGES, type ListingLanguage } from '@flowbay/domain/listing-language';
import { parseN8nRelease } from '@/lib/n8n-release';

/** Sorts offered in the panel, the API's; with a search, "best match" comes first and is the default. */
const SORT_OPTIONS: readonly Sort[] = ['relevance', ...SORTS.filter((sort) => sort !== 'relevance')];
/** Price bands offered in the panel: the API's, in its order. */
export const PRICE_OPTIONS: readonly PriceFilter[] = PRICE_FILTERS;

export interface CatalogFilters {
  search: string;
  category: string;
  subcategory: string;
  price: PriceFilter;
  /** Null: the default, best match with a search and newest without. */
  sort: Sort | null;
  /** App keys the workflows must all use. */
  apps: string[];
  /** An n8n release: only workflows known to run on it ("Only what runs on my n8n"); '' for all. */
  n8n: string;
  /** "Available in my language": only listings readable in it (written in it or translated); '' for all. */
  inLanguage: ListingLanguage | '';
  /** Zero-based, as the API counts; the address shows it one-based. */
  page: number;
}

export const DEFAULT_FILTERS: CatalogFilters = {
  search: '',
  category: '',
  subcategory: '',
  price: 'all',
  sort: null,
  apps: [],
  n8n: '',
  inLanguage: '',
  page: 0,
};

/**
 * The words the catalogue searches bundles by: its search, on the first page, while no filter narrows
 * the workflows (a bundle has no use case, app or free price to match); null shows no bundles.
 */
export function bundleSearchWords(filters: CatalogFilters): string | null {
  const search = filters.search.trim();
  const narrowed =
    filters.category !== '' ||
    filters.subcategory !== '' ||
    filters.price === 'free' ||
    filters.apps.length > 0 ||
    filters.n8n !== '';
  return search && !narrowed && filters.page === 0 ? search : null;
}

/** The sort in force: the chosen one, or the default for whether there is a search. */
export function effectiveSort(filters: Pick<CatalogFilters, 'search' | 'sort'>): Sort {
  return filters.sort ?? (filters.search.trim() ? 'relevance' : 'created_at_desc');
}

/** The sorts that make sense now: "best match" only with a search. */
export function sortOptions(filters: Pick<CatalogFilters, 'search'>): readonly Sort[] {
  return filters.search.trim() ? SORT_OPTIONS : SORT_OPTIONS.filter((sort) => sort !== 'relevance');
}

function oneOf<T extends string, F extends string = T>(
  value: string | null,
  options: readonly T[],
  fallback: F,
): T | F {
  return value && (options as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function filtersFromSearchParams(params: URLSearchParams): CatalogFilters {
  return {
    search: params.get('search') ?? '',
    category: params.get('category') ?? '',
    subcategory: params.get('subcategory') ?? '',
    price: oneOf(params.get('price'), PRICE_OPTIONS, 'all'),
    sort:
      params.get('sort') && SORT_OPTIONS.includes(params.get('sort') as Sort)
        ? (params.get('sort') as Sort)
        : null,
    apps: appFilterKeys(params.get('app') ?? '')
      .filter((key) => /^[a-z0-9][a-z0-9.@/_-]{0,79}$/.test(key))
      .slice(0, APP_FILTER_MAX),
    n8n: parseN8nRelease(params.get('n8n') ?? '') ?? '',
    inLanguage: oneOf(params.get('in_language'), LISTING_LANGUAGES, ''),
    page: pageFromSearchParams(params),
  };
}

/** Only non-default values reach the address, so the plain catalogue stays `/workflows`. */
export function filtersToSearchParams(filters: CatalogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.category) params.set('category', filters.category);
  if (filters.subcategory) params.set('subcategory', filters.subcategory);
  if (filters.price !== 'all') params.set('price', filters.price);
  if (filters.apps.length > 0) params.set('app', filters.apps.join(','));
  if (filters.n8n) params.set('n8n', filters.n8n);
  if (filters.inLanguage) params.set('in_language', filters.inLanguage);
  // A sort that is the default anyway stays out of the address.
  if (filters.sort && filters.sort !== effectiveSort({ ...filters, sort: null }))
    params.set('sort', filters.sort);
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
    filters.apps.length > 0 ||
    filters.n8n ||
    filters.inLanguage ||
    (filters.sort !== null && filters.sort !== effectiveSort({ ...filters, sort: null })),
  );
}

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  changeFilter,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
} from './catalog-filters';

describe('catalogue filters in the address', () => {
  it('keeps the plain catalogue address clean', () => {
    expect(filtersToSearchParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('writes only non-default values and reads them back', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      search: ' quản lý ',
      subcategory: 'finance',
      price: 'free' as const,
      page: 2,
    };
    const params = filtersToSearchParams(filters);
    expect(params.toString()).toBe('search=qu%E1%BA%A3n+l%C3%BD&subcategory=finance&price=free&page=3');
    expect(filtersFromSearchParams(params)).toEqual({ ...filters, search: 'quản lý' });
  });

  it('ignores unknown sort and price values and bad pages', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('sort=random&price=cheap&page=-4'));
    expect(filters).toEqual(DEFAULT_FILTERS);
  });

  it('resets the page whenever a filter changes', () => {
    const onPage3 = { ...DEFAULT_FILTERS, page: 3 };
    expect(changeFilter(onPage3, 'sort', 'views_desc')).toMatchObject({ sort: 'views_desc', page: 0 });
    expect(changeFilter(onPage3, 'search', 'slack').page).toBe(0);
    expect(changeFilter(onPage3, 'category', 'make').page).toBe(0);
  });

  it('knows when a filter is active', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, page: 4 })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, price: 'paid' })).toBe(true);
  });
});

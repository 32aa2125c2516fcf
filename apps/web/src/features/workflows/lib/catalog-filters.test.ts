import { describe, expect, it, vi } from 'vitest';
import { workflowsQueryOptions } from '../api/get-workflows';
import {
  bundleSearchWords,
  DEFAULT_FILTERS,
  changeFilter,
  filtersFromSearchParams,
  effectiveSort,
  filtersToSearchParams,
  hasActiveFilters,
  sortOptions,
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

  it('keeps the chosen apps in the address, lower-cased, without repeats or junk', () => {
    const params = filtersToSearchParams({ ...DEFAULT_FILTERS, apps: ['slack', 'notion'] });
    expect(params.toString()).toBe('app=slack%2Cnotion');
    expect(filtersFromSearchParams(params).apps).toEqual(['slack', 'notion']);
    expect(filtersFromSearchParams(new URLSearchParams('app=Slack,slack,,<x>')).apps).toEqual(['slack']);
  });

  it('sorts a search by best match unless another sort is chosen, and offers best match only then', () => {
    expect(effectiveSort({ search: '', sort: null })).toBe('created_at_desc');
    expect(effectiveSort({ search: 'hoa don', sort: null })).toBe('relevance');
    expect(effectiveSort({ search: 'hoa don', sort: 'price_asc' })).toBe('price_asc');
    expect(sortOptions({ search: '' })).not.toContain('relevance');
    expect(sortOptions({ search: 'slack' })[0]).toBe('relevance');
    // Newest, chosen while searching, is kept; best match, the default then, stays out of the address.
    expect(
      filtersToSearchParams({ ...DEFAULT_FILTERS, search: 'a', sort: 'created_at_desc' }).get('sort'),
    ).toBe('created_at_desc');
    expect(filtersToSearchParams({ ...DEFAULT_FILTERS, search: 'a', sort: 'relevance' }).has('sort')).toBe(
      false,
    );
  });
});

describe('bundles above the catalogue', () => {
  const at = (query: string) => bundleSearchWords(filtersFromSearchParams(new URLSearchParams(query)));

  it('are searched by the search words on the first page while nothing else narrows the workflows', () => {
    expect(at('search=%20shopee%20')).toBe('shopee');
    expect(at('search=shopee&price=paid&sort=price_asc')).toBe('shopee');
  });

  it('are not shown without words, on later pages, for free workflows, a use case or an app', () => {
    expect(at('')).toBeNull();
    expect(at('search=shopee&page=2')).toBeNull();
    expect(at('search=shopee&price=free')).toBeNull();
    expect(at('search=shopee&category=n8n')).toBeNull();
    expect(at('search=shopee&app=slack')).toBeNull();
  });
});

describe('the "Only what runs on my n8n" filter', () => {
  it('keeps a valid release in the address and drops anything else', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('n8n=1.98'));
    expect(filters.n8n).toBe('1.98');
    expect(hasActiveFilters(filters)).toBe(true);
    expect(filtersToSearchParams(filters).toString()).toBe('n8n=1.98');
    expect(filtersFromSearchParams(new URLSearchParams('n8n=latest')).n8n).toBe('');
    expect(filtersFromSearchParams(new URLSearchParams('n8n=1.98.1.4')).n8n).toBe('');
  });
});

describe('the "Available in my language" filter', () => {
  it('keeps in_language=en|vi in the address, counts as a filter, and drops anything else', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('in_language=vi'));
    expect(filters.inLanguage).toBe('vi');
    expect(hasActiveFilters(filters)).toBe(true);
    expect(filtersToSearchParams(filters).toString()).toBe('in_language=vi');
    expect(filtersFromSearchParams(new URLSearchParams('in_language=fr')).inLanguage).toBe('');
    expect(filtersToSearchParams(changeFilter(filters, 'inLanguage', '')).toString()).toBe('');
  });
});

describe('the list query', () => {
  it('asks the API for in_language=<language> when "Available in my language" is on', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        return Response.json({ workflows: [], totalCount: 0, filteredCount: 0, page: 0, pageSize: 24 });
      }),
    );
    for (const inLanguage of ['vi', ''] as const) {
      const options = workflowsQueryOptions({ ...DEFAULT_FILTERS, inLanguage });
      await (options.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>)({
        signal: new AbortController().signal,
      });
    }
    vi.unstubAllGlobals();
    expect(asked).toEqual(['/api/workflows?in_language=vi', '/api/workflows']);
  });

  it('asks the API for n8n=<release> when the filter is on', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        return Response.json({ workflows: [], totalCount: 0, filteredCount: 0, page: 0, pageSize: 24 });
      }),
    );
    const options = workflowsQueryOptions({ ...DEFAULT_FILTERS, n8n: '1.98' });
    await (options.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>)({
      signal: new AbortController().signal,
    });
    vi.unstubAllGlobals();
    expect(asked).toEqual(['/api/workflows?n8n=1.98']);
  });
});

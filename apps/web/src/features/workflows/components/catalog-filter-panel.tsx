import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { CatalogFacets, Category, Subcategory } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { Dialog, SheetContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { localizedName } from '../api/get-taxonomy';
import { formatNumber } from '@/lib/format';
import {
  PRICE_OPTIONS,
  effectiveSort,
  hasActiveFilters,
  sortOptions,
  type CatalogFilters,
} from '../lib/catalog-filters';
import { AppFacet } from './app-facet';
import { MyN8nControl } from './my-n8n-control';
import { paths } from '@flowbay/domain/routes';

const SEARCH_DEBOUNCE_MS = 1000;
// Empty, so a form sent without JavaScript leaves the filter out, as the address would.
const ALL = '';

interface FilterPanelProps {
  filters: CatalogFilters;
  categories: Category[];
  subcategories: Subcategory[];
  /** Counts for the current search and filters, when the list has arrived. */
  facets?: CatalogFacets;
  onChange: <K extends Exclude<keyof CatalogFilters, 'page'>>(key: K, value: CatalogFilters[K]) => void;
  onClear: () => void;
  /** How many workflows the current filters leave, once the list has arrived (shown on the sheet's button). */
  resultCount?: number;
}

/** Filters set inside the phone's sheet (the search and the sort stay on the page); each app counts. */
const NO_SCRIPT_FILTERS =
  '.no-js-contents{display:contents!important}.no-js-block{display:block!important}.no-js-hidden{display:none!important}';

export function sheetFilterCount(filters: CatalogFilters): number {
  return (
    (filters.category ? 1 : 0) +
    (filters.subcategory ? 1 : 0) +
    (filters.price !== 'all' ? 1 : 0) +
    filters.apps.length +
    (filters.n8n ? 1 : 0) +
    (filters.inLanguage ? 1 : 0)
  );
}

export function CatalogFilterPanel({
  filters,
  categories,
  subcategories,
  facets,
  onChange,
  onClear,
  resultCount,
}: FilterPanelProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [searchText, setSearchText] = useState(filters.search);
  const debouncedSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(filters.search);

  // The address can change the search too (back button, clear): follow it.
  useEffect(() => {
    if (filters.search !== lastSent.current) {
      lastSent.current = filters.search;
      setSearchText(filters.search);
    }
  }, [filters.search]);

  useEffect(() => {
    if (debouncedSearch.trim() === lastSent.current.trim()) return;
    lastSent.current = debouncedSearch;
    onChange('search', debouncedSearch);
  }, [debouncedSearch, onChange]);

  const language = i18n.language;
  /** "Make (12)": how many workflows a choice leaves, for the current search and other filters. */
  const withCount = (label: string, count: number | undefined) =>
    count === undefined ? label : `${label} (${formatNumber(count, language)})`;
  const countOf = (
    list: Array<{ count: number } & Record<string, unknown>> | undefined,
    key: string,
    id: string,
  ) => (facets ? (list?.find((item) => item[key] === id)?.count ?? 0) : undefined);
  // Platform and use case: the same kind of choice, from the taxonomy.
  const taxonomy = [
    {
      name: 'category',
      label: t('catalog.platform'),
      all: t('catalog.allPlatforms'),
      items: categories,
      counts: facets?.platforms,
    },
    {
      name: 'subcategory',
      label: t('catalog.useCase'),
      all: t('catalog.allUseCases'),
      items: subcategories,
      counts: facets?.use_cases,
    },
  ] as const;
  // Platform, use case and price: in the row on wider screens, in the sheet on a phone.
  const selects = (
    <>
      {taxonomy.map(({ name, label, all, items, counts }) => (
        <FilterSelect
          key={name}
          name={name}
          label={label}
          value={filters[name] || ALL}
          onValueChange={(value) => onChange(name, value === ALL ? '' : value)}
          options={[
            { value: ALL, label: all },
            ...items.map((item) => ({
              value: item.id,
              label: withCount(localizedName(item, language), countOf(counts, 'id', item.id)),
            })),
          ]}
        />
      ))}
      <FilterSelect
        name="price"
        label={t('catalog.price')}
        value={filters.price}
        onValueChange={(value) => onChange('price', value as CatalogFilters['price'])}
        options={PRICE_OPTIONS.map((value) => ({
          value,
          label:
            value === 'all'
              ? t(`catalog.prices.${value}`)
              : withCount(t(`catalog.prices.${value}`), countOf(facets?.price, 'band', value)),
        }))}
      />
    </>
  );
  const filterCount = sheetFilterCount(filters);
  const clear = hasActiveFilters(filters) && (
    <Button variant="ghost" size="sm" onClick={onClear}>
      <X aria-hidden="true" />
      {t('catalog.clearFilters')}
    </Button>
  );
  // The listings readable in the interface's language; a shared address may name the other one.
  const readable = filters.inLanguage || (language === 'vi' ? 'vi' : 'en');
  const more = (
    <>
      <label className="mt-4 flex cursor-pointer items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          name="in_language"
          value={readable}
          className="accent-brand-600 size-4"
          checked={filters.inLanguage !== ''}
          onChange={(event) => onChange('inLanguage', event.target.checked ? readable : '')}
        />
        {t(`catalog.inLanguage.${readable}`)}
      </label>
      <AppFacet selected={filters.apps} facets={facets?.apps} onChange={(apps) => onChange('apps', apps)} />
      <MyN8nControl onlyMine={filters.n8n} onOnlyMineChange={(release) => onChange('n8n', release)} />
    </>
  );
  return (
    // A GET form to the catalogue: without JavaScript, searching and filtering still load the right page.
    <form
      aria-label={t('catalog.filters')}
      action={paths.catalog()}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        if (searchText.trim() !== lastSent.current.trim()) {
          lastSent.current = searchText;
          onChange('search', searchText);
        }
      }}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3 md:grid-cols-2 md:items-stretch md:gap-4 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
        <div className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
          <Label htmlFor={`${id}-search`}>{t('catalog.search')}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              id={`${id}-search`}
              name="search"
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder={t('catalog.searchPlaceholder')}
              className="pl-9"
            />
          </div>
        </div>
        <div className="no-js-contents hidden md:contents">{selects}</div>
        <FilterSelect
          name="sort"
          label={t('catalog.sort')}
          value={effectiveSort(filters)}
          onValueChange={(value) => onChange('sort', value as CatalogFilters['sort'])}
          options={sortOptions(filters).map((value) => ({ value, label: t(`catalog.sorts.${value}`) }))}
        />
        {/* On a phone the other filters wait in a sheet, so the first results fit on the first screen. */}
        <Button
          type="button"
          variant="outline"
          className="no-js-hidden md:hidden"
          aria-haspopup="dialog"
          onClick={() => setSheetOpen(true)}
        >
          <SlidersHorizontal aria-hidden="true" />
          {filterCount > 0 ? t('catalog.filtersCount', { count: filterCount }) : t('catalog.filters')}
        </Button>
      </div>
      <div className="no-js-block hidden md:block">
        {more}
        {clear && <div className="mt-4 flex justify-end">{clear}</div>}
      </div>
      <noscript>
        {/* Without a script the sheet cannot open: a phone shows the filters in place instead. */}
        <style>{NO_SCRIPT_FILTERS}</style>
        <div className="mt-4 flex justify-end">
          <Button type="submit" size="sm">
            {t('catalog.search')}
          </Button>
        </div>
      </noscript>
      <Dialog open={sheetOpen} onOpenChange={setSheetOpen}>
        <SheetContent
          title={t('catalog.filters')}
          closeLabel={t('common.close')}
          className="w-[min(24rem,92vw)]"
        >
          <div className="flex flex-col gap-4">{selects}</div>
          {more}
          <div className="sticky bottom-0 mt-auto flex flex-col gap-2 bg-white pt-6">
            {clear}
            <Button type="button" onClick={() => setSheetOpen(false)}>
              {resultCount === undefined
                ? t('catalog.showResultsPending')
                : t('catalog.showResults', { count: resultCount })}
            </Button>
          </div>
        </SheetContent>
      </Dialog>
    </form>
  );
}

function FilterSelect({
  name,
  label,
  value,
  onValueChange,
  options,
}: {
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <FormField id={id} label={label}>
      {(control) => (
        <NativeSelect
          {...control}
          name={name}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          options={options}
        />
      )}
    </FormField>
  );
}

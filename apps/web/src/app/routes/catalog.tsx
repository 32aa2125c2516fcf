import { Plus, SearchX } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE } from '@flowbay/domain/limits';
import { paths } from '@flowbay/domain/routes';
import { Button, ButtonLink } from '@/components/ui/button';
import { useSession } from '@/features/accounts/api/get-session';
import { Pagination } from '@/components/ui/pagination';
import { useBundleSearch } from '@/features/bundles/api/get-bundles';
import { BundleStrip } from '@/features/bundles/components/bundle-card';
import { useCategories, useSubcategories } from '@/features/workflows/api/get-taxonomy';
import { useWorkflows } from '@/features/workflows/api/get-workflows';
import { CatalogFilterPanel } from '@/features/workflows/components/catalog-filter-panel';
import { WorkflowCards } from '@/features/workflows/components/workflow-card';
import {
  DEFAULT_FILTERS,
  bundleSearchWords,
  changeFilter,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
  type CatalogFilters,
} from '@/features/workflows/lib/catalog-filters';
import { formatNumber } from '@/lib/format';
import { usePageHead } from '@/lib/page-meta';
import { usePaginationLabels } from '@/lib/use-pagination-labels';
import { page } from './catalog.page';

export function Component() {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const categories = useCategories();
  const subcategories = useSubcategories();
  const taxonomyReady = categories.isSuccess && subcategories.isSuccess;
  const list = useWorkflows(filters, { enabled: taxonomyReady });
  // Bundles whose title or description match the search, above the workflows (see bundleSearchWords).
  const bundleWords = bundleSearchWords(filters);
  const bundles = useBundleSearch(bundleWords);
  const paginationLabels = usePaginationLabels();
  const { user } = useSession();
  usePageHead(page, undefined);

  const apply = useCallback(
    (next: CatalogFilters) =>
      setSearchParams(filtersToSearchParams(next), { replace: false, preventScrollReset: true }),
    [setSearchParams],
  );
  const onChange = useCallback(
    <K extends Exclude<keyof CatalogFilters, 'page'>>(key: K, value: CatalogFilters[K]) =>
      setSearchParams(
        (current) => filtersToSearchParams(changeFilter(filtersFromSearchParams(current), key, value)),
        { preventScrollReset: true },
      ),
    [setSearchParams],
  );
  const goToPage = (page: number) => {
    apply({ ...filters, page });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const data = list.data;
  const pageCount = data ? Math.ceil(data.filteredCount / PAGE_SIZE) : 0;
  const active = hasActiveFilters(filters);
  const loading = !taxonomyReady || list.isPending;
  const failed = categories.isError || subcategories.isError || list.isError;
  const language = i18n.language;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <header className="mb-5 flex flex-wrap items-end justify-between gap-4 sm:mb-8">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t('catalog.title')}
          </h1>
          <p className="mt-2 text-slate-600">{t('catalog.subtitle')}</p>
        </div>
        {user && (
          <ButtonLink to={paths.workflowNew()}>
            <Plus aria-hidden="true" />
            {t('menu.createWorkflow')}
          </ButtonLink>
        )}
      </header>
      <CatalogFilterPanel
        filters={filters}
        categories={categories.data ?? []}
        subcategories={subcategories.data ?? []}
        facets={data?.facets}
        onChange={onChange}
        onClear={() => apply(DEFAULT_FILTERS)}
        resultCount={data && !loading ? data.filteredCount : undefined}
      />
      <div className="mt-4 min-h-6 sm:mt-6 text-sm text-slate-600" aria-live="polite">
        {data?.correctedSearch && !loading && (
          <p className="mb-1 font-medium text-slate-800">
            {t('catalog.correctedSearch', { search: data.correctedSearch })}
          </p>
        )}
        {data?.priceIntent && !loading && (
          <p className="mb-1 font-medium text-slate-800" data-testid="price-intent">
            {t(data.priceIntent === 'free' ? 'catalog.priceIntentFree' : 'catalog.priceIntentPaid')}
          </p>
        )}
        {data && !loading && data.filteredCount > 0 && (
          <p>
            {t('catalog.summary', {
              from: formatNumber(data.page * PAGE_SIZE + 1, language),
              to: formatNumber(data.page * PAGE_SIZE + data.workflows.length, language),
              count: data.filteredCount,
              filtered: formatNumber(data.filteredCount, language),
              total: formatNumber(data.totalCount, language),
            })}
          </p>
        )}
      </div>
      {bundleWords !== null && bundles.data && (
        <div className="mt-4">
          <BundleStrip bundles={bundles.data.bundles} />
        </div>
      )}
      <div className="mt-4">
        {/* The cards' titles are third-level headings, under this one (hidden: the count above says it). */}
        <h2 className="sr-only">{t('catalog.results')}</h2>
        {failed ? (
          <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
            {t(
              categories.isError
                ? 'errors.loadCategories'
                : subcategories.isError
                  ? 'errors.loadSubcategories'
                  : 'errors.loadWorkflows',
            )}
          </p>
        ) : loading ? (
          <WorkflowCards placeholders={PAGE_SIZE} />
        ) : data && data.workflows.length > 0 ? (
          <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
            <WorkflowCards workflows={data.workflows} busy={list.isFetching} />
          </div>
        ) : (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
            <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-600">
              <SearchX className="size-7" aria-hidden="true" />
            </span>
            <h2 className="mt-4 text-lg font-semibold text-slate-900">
              {t(active ? 'catalog.emptyFilteredTitle' : 'catalog.emptyTitle')}
            </h2>
            <p className="mt-2 max-w-md text-slate-600">
              {t(active ? 'catalog.emptyFilteredSubtitle' : 'catalog.emptySubtitle')}
            </p>
            {active ? (
              <Button variant="outline" className="mt-6" onClick={() => apply(DEFAULT_FILTERS)}>
                {t('catalog.clearFilters')}
              </Button>
            ) : (
              <ButtonLink to={paths.workflowNew()} className="mt-6">
                <Plus aria-hidden="true" />
                {t('catalog.createFirst')}
              </ButtonLink>
            )}
          </div>
        )}
      </div>
      {data && !loading && !failed && (
        <div className="mt-10">
          <Pagination
            page={filters.page}
            pageCount={pageCount}
            onPageChange={goToPage}
            hrefFor={(page) => paths.catalog(Object.fromEntries(filtersToSearchParams({ ...filters, page })))}
            labels={paginationLabels}
          />
        </div>
      )}
    </div>
  );
}

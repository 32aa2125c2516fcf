import { bundleSearchQueryOptions } from '@/features/bundles/api/get-bundles';
import { categoriesQueryOptions, subcategoriesQueryOptions } from '@/features/workflows/api/get-taxonomy';
import { workflowsQueryOptions } from '@/features/workflows/api/get-workflows';
import { filtersFromSearchParams } from '@/features/workflows/lib/catalog-filters';
import { definePageData } from '../page-data';

export const data = definePageData({
  prefetch: (queryClient, { url }) =>
    Promise.all([
      queryClient.prefetchQuery(categoriesQueryOptions),
      queryClient.prefetchQuery(subcategoriesQueryOptions),
      // The catalogue the address names (its search, filters, sort and page).
      queryClient.prefetchQuery(workflowsQueryOptions(filtersFromSearchParams(url.searchParams))),
      // The bundles matching its search, shown above the workflows.
      queryClient.prefetchQuery(
        bundleSearchQueryOptions(filtersFromSearchParams(url.searchParams).search ?? ''),
      ),
    ]),
});

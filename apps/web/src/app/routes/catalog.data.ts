import { bundleSearchQueryOptions } from '@/features/bundles/api/get-bundles';
import { categoriesQueryOptions, subcategoriesQueryOptions } from '@/features/workflows/api/get-taxonomy';
import { workflowsQueryOptions } from '@/features/workflows/api/get-workflows';
import { bundleSearchWords, filtersFromSearchParams } from '@/features/workflows/lib/catalog-filters';
import { definePageData } from '../page-data';

export const data = definePageData({
  prefetch: (queryClient, { url }) => {
    const filters = filtersFromSearchParams(url.searchParams);
    const bundleWords = bundleSearchWords(filters);
    return Promise.all([
      queryClient.prefetchQuery(categoriesQueryOptions),
      queryClient.prefetchQuery(subcategoriesQueryOptions),
      // The catalogue the address names (its search, filters, sort and page).
      queryClient.prefetchQuery(workflowsQueryOptions(filters)),
      // The bundles matching its search, shown above the workflows.
      bundleWords !== null && queryClient.prefetchQuery(bundleSearchQueryOptions(bundleWords)),
    ]);
  },
});

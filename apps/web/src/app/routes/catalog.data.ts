import { bundleSearchQueryOptions } from '@/features/bundles/api/get-bundles';
import { categoriesQueryOptions, subcategoriesQueryOptions } from '@/features/workflows/api/get-taxonomy';
import { workflowsQueryOptions } from '@/features/workflows/api/get-workflows';
import { bundleSearchWords, filtersFromSearchParams } from '@/features/workflows/lib/catalog-filters';
import { myN8nReleaseKey } from '@/lib/n8n-release';
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
  /** The visitor's remembered n8n release (its cookie, read by the server), for the cards' marks. */
  seed: (queryClient, known) => {
    if (known.n8nRelease !== undefined) queryClient.setQueryData(myN8nReleaseKey, known.n8nRelease);
  },
});

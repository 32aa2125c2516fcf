import { FEATURED_COUNT } from '@flowbay/domain/limits';
import { subcategoriesQueryOptions } from '@/features/workflows/api/get-taxonomy';
import { workflowsQueryOptions } from '@/features/workflows/api/get-workflows';
import { definePageData } from '../page-data';

export const data = definePageData({
  prefetch: (queryClient) =>
    Promise.all([
      queryClient.prefetchQuery(subcategoriesQueryOptions),
      queryClient.prefetchQuery(workflowsQueryOptions({ sort: 'views_desc', limit: FEATURED_COUNT })),
    ]),
});

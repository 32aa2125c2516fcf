import type { QueryClient } from '@tanstack/react-query';
import { FEATURED_COUNT } from '@flowbay/domain/limits';
import { matchPage, pageFromSearchParams } from '@flowbay/domain/routes';
import { parseWorkflowRef } from '@flowbay/domain/slug';
import { paymentProvidersQueryOptions } from '@/features/orders/api/get-payment-providers';
import { reviewsQueryOptions } from '@/features/ratings/api/get-reviews';
import { translateStatusQueryOptions } from '@/features/translate/api/translate';
import { profileQueryOptions } from '@/features/profiles/api/get-profile';
import { authorStatsQueryOptions } from '@/features/workflows/api/get-author-stats';
import { categoriesQueryOptions, subcategoriesQueryOptions } from '@/features/workflows/api/get-taxonomy';
import { workflowQueryOptions } from '@/features/workflows/api/get-workflow';
import { workflowsQueryOptions } from '@/features/workflows/api/get-workflows';
import { versionsQueryOptions } from '@/features/workflows/api/get-versions';
import { filtersFromSearchParams } from '@/features/workflows/lib/catalog-filters';

/**
 * Loads the data a public page shows first, with the same query options its components use, so the
 * server renders it and the client hydrates from the same cache entries without asking again.
 * Requests that do not depend on each other start together: the detail page asks for the workflow
 * and its versions at once (the id is in the address), and for the author's stats as soon as the
 * workflow names them.
 */
export async function prefetchPage(queryClient: QueryClient, url: URL): Promise<void> {
  const { id, params } = matchPage(url.pathname);
  switch (id) {
    case 'home':
      await Promise.all([
        queryClient.prefetchQuery(subcategoriesQueryOptions),
        queryClient.prefetchQuery(workflowsQueryOptions({ sort: 'views_desc', limit: FEATURED_COUNT })),
      ]);
      return;
    case 'catalog':
      await Promise.all([
        queryClient.prefetchQuery(categoriesQueryOptions),
        queryClient.prefetchQuery(subcategoriesQueryOptions),
        queryClient.prefetchQuery(workflowsQueryOptions(filtersFromSearchParams(url.searchParams))),
      ]);
      return;
    case 'workflow': {
      const ref = params.ref!;
      const workflowId = parseWorkflowRef(ref).id;
      const author = queryClient
        .fetchQuery(workflowQueryOptions(ref))
        .then((workflow) =>
          Promise.all([
            queryClient.prefetchQuery(authorStatsQueryOptions(workflow.user_id)),
            // A paid workflow's Buy block names the ways to pay: without them it would render a
            // placeholder that grows once they arrive (a layout shift under the page's facts).
            workflow.price > 0 ? queryClient.prefetchQuery(paymentProvidersQueryOptions()) : undefined,
          ]),
        )
        .catch(() => undefined);
      await Promise.all([
        author,
        workflowId ? queryClient.prefetchQuery(versionsQueryOptions(workflowId)) : undefined,
        workflowId ? queryClient.prefetchQuery(reviewsQueryOptions(workflowId, 0)) : undefined,
        // Whether translation is offered: arriving after hydration, it would render the page again.
        queryClient.prefetchQuery(translateStatusQueryOptions),
      ]);
      return;
    }
    case 'publicProfile':
      await Promise.all([
        queryClient.prefetchQuery(profileQueryOptions(params.id!)),
        queryClient.prefetchQuery(
          workflowsQueryOptions({ user_id: params.id!, page: pageFromSearchParams(url.searchParams) }),
        ),
      ]);
      return;
    default:
      return;
  }
}

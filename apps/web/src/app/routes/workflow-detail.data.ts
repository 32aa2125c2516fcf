import { parseWorkflowRef } from '@flowbay/domain/slug';
import { paymentProvidersQueryOptions } from '@/features/orders/api/get-payment-providers';
import { reviewsQueryOptions } from '@/features/ratings/api/get-reviews';
import { translateStatusQueryOptions } from '@/features/translate/api/translate';
import { authorStatsQueryOptions } from '@/features/workflows/api/get-author-stats';
import { workflowQueryOptions } from '@/features/workflows/api/get-workflow';
import { versionsQueryOptions } from '@/features/workflows/api/get-versions';
import { myN8nReleaseKey } from '@/lib/n8n-release';
import { definePageData } from '../page-data';

export const data = definePageData({
  /**
   * The workflow and its versions and reviews at once (the id is in the address), and the author's
   * stats as soon as the workflow names them.
   */
  prefetch: (queryClient, { params }) => {
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
    return Promise.all([
      author,
      workflowId ? queryClient.prefetchQuery(versionsQueryOptions(workflowId)) : undefined,
      workflowId ? queryClient.prefetchQuery(reviewsQueryOptions(workflowId, 0)) : undefined,
      // Whether translation is offered: arriving after hydration, it would render the page again.
      queryClient.prefetchQuery(translateStatusQueryOptions),
    ]);
  },
  /**
   * What the server's route read with the workflow it found for the head (`known` in the server's
   * web.routes.ts), in the entries the page's components read, so the render does not ask again.
   */
  seed: (queryClient, known) => {
    // The visitor's remembered n8n release (its cookie): the "Runs on n8n" section's verdict.
    if (known.n8nRelease !== undefined) queryClient.setQueryData(myN8nReleaseKey, known.n8nRelease);
    if (!known.workflow) return;
    const { ref, data: workflow } = known.workflow;
    queryClient.setQueryData(workflowQueryOptions(ref).queryKey, workflow);
    if (known.versions) queryClient.setQueryData(versionsQueryOptions(workflow.id).queryKey, known.versions);
    if (known.reviews) queryClient.setQueryData(reviewsQueryOptions(workflow.id, 0).queryKey, known.reviews);
    if (known.authorStats)
      queryClient.setQueryData(authorStatsQueryOptions(workflow.user_id).queryKey, known.authorStats);
    if (known.translateStatus)
      queryClient.setQueryData(translateStatusQueryOptions.queryKey, known.translateStatus);
    if (known.paymentProviders)
      queryClient.setQueryData(paymentProvidersQueryOptions().queryKey, known.paymentProviders);
  },
});

import type { ReviewInput } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { sharedKeys } from '@/lib/query-keys';
import { ratingsKeys } from './get-reviews';

/** Writing, editing or deleting a review changes the list, the summary and the averages on cards. */
function ratingQueries(workflowId: string) {
  return [ratingsKeys.workflow(workflowId), sharedKeys.workflows, sharedKeys.authorStats];
}

export function useSaveReview(workflowId: string) {
  return useRefreshingMutation(
    ({ reviewId, input }: { reviewId?: string; input: ReviewInput }) =>
      reviewId
        ? api.put('/api/reviews/:reviewId', { params: { reviewId }, body: input })
        : api.post('/api/workflows/:id/reviews', { params: { id: workflowId }, body: input }),
    ratingQueries(workflowId),
  );
}

export function useDeleteReview(workflowId: string) {
  return useRefreshingMutation(
    (reviewId: string) => api.delete('/api/reviews/:reviewId', { params: { reviewId } }),
    ratingQueries(workflowId),
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewInput } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { sharedKeys } from '@/lib/query-keys';
import { ratingsKeys } from './get-reviews';

/** Writing, editing or deleting a review changes the list, the summary and the averages on cards. */
function useInvalidateRatings(workflowId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ratingsKeys.workflow(workflowId) });
    void queryClient.invalidateQueries({ queryKey: sharedKeys.workflows });
    void queryClient.invalidateQueries({ queryKey: sharedKeys.authorStats });
  };
}

export function useSaveReview(workflowId: string) {
  const invalidate = useInvalidateRatings(workflowId);
  return useMutation({
    mutationFn: ({ reviewId, input }: { reviewId?: string; input: ReviewInput }) =>
      reviewId
        ? api.put('/api/reviews/:reviewId', { params: { reviewId }, body: input })
        : api.post('/api/workflows/:id/reviews', { params: { id: workflowId }, body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteReview(workflowId: string) {
  const invalidate = useInvalidateRatings(workflowId);
  return useMutation({
    mutationFn: (reviewId: string) => api.delete('/api/reviews/:reviewId', { params: { reviewId } }),
    onSuccess: invalidate,
  });
}

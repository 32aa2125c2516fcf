import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ratingsKeys } from './get-reviews';

export function useReplyToReview(workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reply }: { reviewId: string; reply: string }) =>
      api.put('/api/reviews/:reviewId/reply', { params: { reviewId }, body: { reply } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratingsKeys.workflow(workflowId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { ratingsKeys } from './get-reviews';

export function useReplyToReview(workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reply }: { reviewId: string; reply: string }) =>
      api.put<Review>(`/api/reviews/${reviewId}/reply`, { reply }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratingsKeys.workflow(workflowId) }),
  });
}

import { useMutation } from '@tanstack/react-query';
import type { ReviewReportInput } from '@flowbay/domain';
import { api } from '@/lib/api-client';

export function useReportReview() {
  return useMutation({
    mutationFn: ({ reviewId, input }: { reviewId: string; input: ReviewReportInput }) =>
      api.post('/api/reviews/:reviewId/reports', { params: { reviewId }, body: input }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const ratingsKeys = {
  all: ['ratings'] as const,
  list: (workflowId: string, page: number) => ['ratings', 'reviews', workflowId, page] as const,
  workflow: (workflowId: string) => ['ratings', 'reviews', workflowId] as const,
  adminReports: ['ratings', 'admin-reports'] as const,
};

export function reviewsQueryOptions(workflowId: string, page: number) {
  return queryOptions({
    queryKey: ratingsKeys.list(workflowId, page),
    queryFn: ({ signal }) =>
      api.get('/api/workflows/:id/reviews', { params: { id: workflowId }, query: { page }, signal }),
  });
}

export function useReviews(workflowId: string, page = 0) {
  return useQuery(reviewsQueryOptions(workflowId, page));
}

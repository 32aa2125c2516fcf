import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { sharedKeys } from '@/lib/query-keys';

/** Every query of the ratings feature (kept here, where its callers import it from). */
export const ratingsKeys = {
  all: ['ratings'] as const,
  workflow: (workflowId: string) => [...ratingsKeys.all, 'reviews', workflowId] as const,
  list: (workflowId: string, page: number) => [...ratingsKeys.workflow(workflowId), page] as const,
  adminReports: ['ratings', 'admin-reports'] as const,
  authorStats: sharedKeys.authorStatsOf,
};

export function reviewsQueryOptions(workflowId: string, page: number) {
  return defineQuery(ratingsKeys.list(workflowId, page), (signal) =>
    api.get('/api/workflows/:id/reviews', { params: { id: workflowId }, query: { page }, signal }),
  );
}

export function useReviews(workflowId: string, page = 0) {
  return useQuery(reviewsQueryOptions(workflowId, page));
}

/** An author's totals (the same query as the workflows feature's author stats: one cache entry). */
export function useAuthorStats(userId: string) {
  return useQuery(
    defineQuery(ratingsKeys.authorStats(userId), (signal) =>
      api.get('/api/author-stats/:userId', { params: { userId }, signal }),
    ),
  );
}

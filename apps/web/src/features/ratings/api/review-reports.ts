import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { ratingsKeys } from './get-reviews';

export function reviewReportsQueryOptions() {
  return defineQuery(ratingsKeys.adminReports, (signal) =>
    api.get('/api/admin/review-reports', { query: { status: 'open' }, signal }),
  );
}

export function useReviewReports() {
  return useQuery(reviewReportsQueryOptions());
}

export function useResolveReviewReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, action }: { reportId: string; action: 'hide' | 'dismiss' }) =>
      api.post('/api/admin/review-reports/:id/resolve', { params: { id: reportId }, body: { action } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratingsKeys.all }),
  });
}

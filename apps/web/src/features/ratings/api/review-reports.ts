import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReviewReport } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { ratingsKeys } from './get-reviews';

export function reviewReportsQueryOptions() {
  return queryOptions({
    queryKey: ratingsKeys.adminReports,
    queryFn: ({ signal }) =>
      api.get<AdminReviewReport[]>('/api/admin/review-reports', { status: 'open' }, signal),
  });
}

export function useReviewReports() {
  return useQuery(reviewReportsQueryOptions());
}

export function useResolveReviewReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, action }: { reportId: string; action: 'hide' | 'dismiss' }) =>
      api.post<{ id: string; status: string }>(`/api/admin/review-reports/${reportId}/resolve`, { action }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratingsKeys.all }),
  });
}

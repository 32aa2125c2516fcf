import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { MyWorkflow, MyWorkflowList } from '@flowbay/domain';

export function myWorkflowsQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['me', 'workflows', page],
    queryFn: ({ signal }) => api.get('/api/me/workflows', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMyWorkflows(page: number) {
  return useQuery(myWorkflowsQueryOptions(page));
}

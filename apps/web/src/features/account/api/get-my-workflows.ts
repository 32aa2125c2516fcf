import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewState, WorkflowCard, WorkflowList } from '@flowbay/domain';
import { api } from '@/lib/api-client';

export type MyWorkflow = WorkflowCard & { review: ReviewState };
export type MyWorkflowList = Omit<WorkflowList, 'workflows'> & { workflows: MyWorkflow[] };

export function myWorkflowsQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['me', 'workflows', page],
    queryFn: ({ signal }) => api.get<MyWorkflowList>('/api/me/workflows', { page }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyWorkflows(page: number) {
  return useQuery(myWorkflowsQueryOptions(page));
}

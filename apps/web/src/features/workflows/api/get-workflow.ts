import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkflowDetail } from '@flowbay/domain';
import { ApiRequestError, api } from '@/lib/api-client';

export function getWorkflow(ref: string, signal?: AbortSignal): Promise<WorkflowDetail> {
  return api.get('/api/workflows/:id', { params: { id: ref }, signal });
}

export function workflowQueryOptions(ref: string) {
  return queryOptions({
    queryKey: ['workflows', 'detail', ref],
    queryFn: ({ signal }) => getWorkflow(ref, signal),
    // A missing workflow stays missing; retrying a 404 only delays the not-found state.
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  });
}

export function useWorkflow(ref: string) {
  return useQuery(workflowQueryOptions(ref));
}

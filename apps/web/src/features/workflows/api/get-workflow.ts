import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery, retryUnlessNotFound } from '@/lib/query';
import { workflowsKeys } from './query-keys';

export function workflowQueryOptions(ref: string) {
  return defineQuery(
    workflowsKeys.detail(ref),
    (signal) => api.get('/api/workflows/:id', { params: { id: ref }, signal }),
    { retry: retryUnlessNotFound },
  );
}

export function useWorkflow(ref: string) {
  return useQuery(workflowQueryOptions(ref));
}

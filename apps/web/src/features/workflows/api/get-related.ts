import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RelatedWorkflows } from '@flowbay/domain';
import { api } from '@/lib/api-client';

export function getRelated(workflowId: string, signal?: AbortSignal): Promise<RelatedWorkflows> {
  return api.get('/api/workflows/:id/related', { params: { id: workflowId }, signal });
}

export function relatedQueryOptions(workflowId: string) {
  return queryOptions({
    queryKey: ['workflows', 'related', workflowId],
    queryFn: ({ signal }) => getRelated(workflowId, signal),
  });
}

export function useRelated(workflowId: string | undefined) {
  return useQuery({ ...relatedQueryOptions(workflowId ?? ''), enabled: Boolean(workflowId) });
}

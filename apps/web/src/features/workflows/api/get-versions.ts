import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkflowVersion } from '@flowbay/domain';
import { api } from '@/lib/api-client';

export function getVersions(workflowId: string, signal?: AbortSignal): Promise<WorkflowVersion[]> {
  return api.get('/api/workflows/:id/versions', { params: { id: workflowId }, signal });
}

export function versionsQueryOptions(workflowId: string) {
  return queryOptions({
    queryKey: ['workflows', 'versions', workflowId],
    queryFn: ({ signal }) => getVersions(workflowId, signal),
  });
}

export function useVersions(workflowId: string | undefined) {
  return useQuery({ ...versionsQueryOptions(workflowId ?? ''), enabled: Boolean(workflowId) });
}

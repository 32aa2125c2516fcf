import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { workflowsKeys } from './query-keys';

export function versionsQueryOptions(workflowId: string) {
  return defineQuery(workflowsKeys.versions(workflowId), (signal) =>
    api.get('/api/workflows/:id/versions', { params: { id: workflowId }, signal }),
  );
}

export function useVersions(workflowId: string | undefined) {
  return useQuery({ ...versionsQueryOptions(workflowId ?? ''), enabled: Boolean(workflowId) });
}

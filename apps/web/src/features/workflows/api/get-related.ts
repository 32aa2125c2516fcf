import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { workflowsKeys } from './query-keys';

export function relatedQueryOptions(workflowId: string) {
  return defineQuery(workflowsKeys.related(workflowId), (signal) =>
    api.get('/api/workflows/:id/related', { params: { id: workflowId }, signal }),
  );
}

export function useRelated(workflowId: string | undefined) {
  return useQuery({ ...relatedQueryOptions(workflowId ?? ''), enabled: Boolean(workflowId) });
}

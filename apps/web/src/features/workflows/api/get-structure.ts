import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { workflowsKeys } from './query-keys';

/** A paid workflow's structure (node types and connections, never settings), loaded when its preview is in view. */
export function structureQueryOptions(workflowId: string) {
  return defineQuery(workflowsKeys.structure(workflowId), (signal) =>
    api.get('/api/workflows/:id/structure', { params: { id: workflowId }, signal }),
  );
}

export function useStructure(workflowId: string) {
  return useQuery({ ...structureQueryOptions(workflowId), staleTime: Infinity, retry: 1 });
}

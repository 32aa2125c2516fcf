import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { workflowsKeys } from './query-keys';

export function authorStatsQueryOptions(userId: string) {
  return defineQuery(workflowsKeys.authorStats(userId), (signal) =>
    api.get('/api/author-stats/:userId', { params: { userId }, signal }),
  );
}

export function useAuthorStats(userId: string | undefined) {
  return useQuery({ ...authorStatsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

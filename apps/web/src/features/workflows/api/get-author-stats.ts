import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthorStats } from '@flowbay/domain';
import { api } from '@/lib/api-client';

export function getAuthorStats(userId: string, signal?: AbortSignal): Promise<AuthorStats> {
  return api.get('/api/author-stats/:userId', { params: { userId }, signal });
}

export function authorStatsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['author-stats', userId],
    queryFn: ({ signal }) => getAuthorStats(userId, signal),
  });
}

export function useAuthorStats(userId: string | undefined) {
  return useQuery({ ...authorStatsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

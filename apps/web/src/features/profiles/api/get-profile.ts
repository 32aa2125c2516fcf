import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@flowbay/domain';
import { ApiRequestError, api } from '@/lib/api-client';

export function getProfile(id: string, signal?: AbortSignal): Promise<PublicProfile> {
  return api.get('/api/profile/:id', { params: { id }, signal });
}

export function profileQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['profiles', id],
    queryFn: ({ signal }) => getProfile(id, signal),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  });
}

export function useProfile(id: string) {
  return useQuery(profileQueryOptions(id));
}

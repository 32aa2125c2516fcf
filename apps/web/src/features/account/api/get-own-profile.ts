import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '@flowbay/domain';
import { api } from '@/lib/api-client';

export const ownProfileQueryOptions = queryOptions({
  queryKey: ['me', 'profile'],
  queryFn: ({ signal }) => api.get<OwnProfile>('/api/profile/me', undefined, signal),
});

export function useOwnProfile() {
  return useQuery(ownProfileQueryOptions);
}

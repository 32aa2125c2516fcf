import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const ownProfileQueryOptions = queryOptions({
  queryKey: ['me', 'profile'],
  queryFn: ({ signal }) => api.get('/api/profile/me', { signal }),
});

export function useOwnProfile() {
  return useQuery(ownProfileQueryOptions);
}

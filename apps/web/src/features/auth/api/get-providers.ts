import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const providersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: ({ signal }) => api.get('/api/auth/providers', { signal }),
  staleTime: Infinity,
});

/** Which sign-in buttons to show: the Google button only when the server has Google configured. */
export function useAuthProviders() {
  return useQuery(providersQueryOptions);
}

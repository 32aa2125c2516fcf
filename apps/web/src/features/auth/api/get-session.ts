import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The signed-in account as Better Auth's GET /api/auth/get-session returns it (fields we use). */
export type { AuthSession as Session, SessionUser } from '@flowbay/domain';

export const sessionQueryKey = ['auth', 'session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => api.get('/api/auth/get-session', { signal }),
  // Sessions live for days and are refreshed by the server on use; a minute keeps role changes visible.
  staleTime: 60_000,
  refetchOnWindowFocus: true,
});

export function useSession() {
  const query = useQuery(sessionQueryOptions);
  return {
    user: query.data?.user ?? null,
    /** True until the first answer (or error): the guard shows its loading text meanwhile. */
    isLoading: query.isPending,
    isAdmin: query.data?.user.role === 'admin',
  };
}

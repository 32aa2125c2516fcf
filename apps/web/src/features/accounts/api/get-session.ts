import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { authKeys } from './query-keys';

/** The signed-in account as Better Auth's GET /api/auth/get-session returns it (fields we use). */
export type { AuthSession as Session, SessionUser } from '@flowbay/domain';

// Sessions live for days and are refreshed by the server on use; a minute keeps role changes visible.
export const sessionQueryOptions = defineQuery(
  authKeys.session,
  (signal) => api.get('/api/auth/get-session', { signal }),
  { staleTime: 60_000, refetchOnWindowFocus: true },
);

export function useSession() {
  const query = useQuery(sessionQueryOptions);
  return {
    user: query.data?.user ?? null,
    /** True until the first answer (or error): the guard shows its loading text meanwhile. */
    isLoading: query.isPending,
    isAdmin: query.data?.user.role === 'admin',
  };
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineStaticQuery } from '@/lib/query';
import { authKeys } from './query-keys';

export const providersQueryOptions = defineStaticQuery(authKeys.providers, (signal) =>
  api.get('/api/auth/providers', { signal }),
);

/** Which sign-in buttons to show: the Google button only when the server has Google configured. */
export function useAuthProviders() {
  return useQuery(providersQueryOptions);
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { accountKeys } from './query-keys';

export const ownProfileQueryOptions = defineQuery(accountKeys.profile(), (signal) =>
  api.get('/api/profile/me', { signal }),
);

export function useOwnProfile() {
  return useQuery(ownProfileQueryOptions);
}

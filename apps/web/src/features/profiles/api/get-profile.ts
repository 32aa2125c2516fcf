import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery, retryUnlessNotFound } from '@/lib/query';
import { profilesKeys } from './query-keys';

export function profileQueryOptions(id: string) {
  return defineQuery(
    profilesKeys.detail(id),
    (signal) => api.get('/api/profile/:id', { params: { id }, signal }),
    { retry: retryUnlessNotFound },
  );
}

export function useProfile(id: string) {
  return useQuery(profileQueryOptions(id));
}

import type { CreateMakeConnectionBody } from '@flowbay/domain/make';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { makeKeys } from './query-keys';

export function useCreateMakeConnection() {
  return useRefreshingMutation(
    (body: CreateMakeConnectionBody) => api.post('/api/me/make-connections', { body }),
    [makeKeys.all],
  );
}

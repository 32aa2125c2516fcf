import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { makeKeys } from './query-keys';

export function useDeleteMakeConnection() {
  return useRefreshingMutation(
    (id: string) => api.delete('/api/me/make-connections/:id', { params: { id } }),
    [makeKeys.all],
  );
}

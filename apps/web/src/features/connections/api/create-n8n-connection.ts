import type { CreateN8nConnectionBody } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { connectionsKeys } from './query-keys';

export function useCreateN8nConnection() {
  return useRefreshingMutation(
    (body: CreateN8nConnectionBody) => api.post('/api/me/n8n-connections', { body }),
    [connectionsKeys.all],
  );
}

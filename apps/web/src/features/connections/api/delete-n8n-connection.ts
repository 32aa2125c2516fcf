import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { connectionsKeys } from './query-keys';

export function useDeleteN8nConnection() {
  return useRefreshingMutation(
    (id: string) => api.delete('/api/me/n8n-connections/:id', { params: { id } }),
    [connectionsKeys.all],
  );
}

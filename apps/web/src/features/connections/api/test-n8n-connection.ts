import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { connectionsKeys } from './query-keys';

/** Calls the instance with the saved key; a success refreshes the list's "last used". */
export function useTestN8nConnection() {
  return useRefreshingMutation(
    (id: string) => api.post('/api/me/n8n-connections/:id/test', { params: { id } }),
    [connectionsKeys.all],
  );
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { defineQuery } from '@/lib/query';
import { n8nKeys } from './query-keys';

export const n8nKeysQueryOptions = defineQuery(n8nKeys.all, (signal) => api.get('/api/n8n/keys', { signal }));

export function useN8nKeys() {
  return useQuery(n8nKeysQueryOptions);
}

export function useCreateN8nKey() {
  return useRefreshingMutation(
    (label: string) => api.post('/api/n8n/keys', { body: { label } }),
    [n8nKeys.all],
  );
}

export function useRevokeN8nKey() {
  return useRefreshingMutation(
    (id: string) => api.delete('/api/n8n/keys/:id', { params: { id } }),
    [n8nKeys.all],
  );
}

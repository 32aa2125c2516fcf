import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { n8nKeys } from './query-keys';

export const n8nKeysQueryOptions = defineQuery(n8nKeys.all, (signal) => api.get('/api/n8n/keys', { signal }));

export function useN8nKeys() {
  return useQuery(n8nKeysQueryOptions);
}

export function useCreateN8nKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => api.post('/api/n8n/keys', { body: { label } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: n8nKeys.all }),
  });
}

export function useRevokeN8nKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/api/n8n/keys/:id', { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: n8nKeys.all }),
  });
}

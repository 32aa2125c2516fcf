import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedN8nKey, N8nKey } from '@flowbay/domain';
import { api } from '@/lib/api-client';

export const n8nKeysQueryOptions = queryOptions({
  queryKey: ['me', 'n8n-keys'],
  queryFn: ({ signal }) => api.get<N8nKey[]>('/api/n8n/keys', undefined, signal),
});

export function useN8nKeys() {
  return useQuery(n8nKeysQueryOptions);
}

export function useCreateN8nKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => api.post<CreatedN8nKey>('/api/n8n/keys', { label }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: n8nKeysQueryOptions.queryKey }),
  });
}

export function useRevokeN8nKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/n8n/keys/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: n8nKeysQueryOptions.queryKey }),
  });
}

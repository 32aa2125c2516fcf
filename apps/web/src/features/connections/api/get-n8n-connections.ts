import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { connectionsKeys } from './query-keys';

export const n8nConnectionsQueryOptions = defineQuery(connectionsKeys.all, (signal) =>
  api.get('/api/me/n8n-connections', { signal }),
);

export function useN8nConnections() {
  return useQuery(n8nConnectionsQueryOptions);
}

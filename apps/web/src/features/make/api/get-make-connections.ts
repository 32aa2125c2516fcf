import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { makeKeys } from './query-keys';

export const makeConnectionsQueryOptions = defineQuery(makeKeys.all, (signal) =>
  api.get('/api/me/make-connections', { signal }),
);

export function useMakeConnections() {
  return useQuery(makeConnectionsQueryOptions);
}

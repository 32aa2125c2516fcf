import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { salesKeys } from './query-keys';

export function banksQueryOptions() {
  return defineQuery(salesKeys.banks(), (signal) => api.get('/api/banks', { signal }), {
    staleTime: Infinity,
  });
}

export function useBanks() {
  return useQuery(banksQueryOptions());
}

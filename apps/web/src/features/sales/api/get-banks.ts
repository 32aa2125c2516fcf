import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineStaticQuery } from '@/lib/query';
import { salesKeys } from './query-keys';

export function banksQueryOptions() {
  return defineStaticQuery(salesKeys.banks(), (signal) => api.get('/api/banks', { signal }));
}

export function useBanks() {
  return useQuery(banksQueryOptions());
}
